import { sql, type Kysely } from 'kysely';

/**
 * The invoices list and the renewal run (issue 6):
 * - an index for every sort the list offers, equal to its sort expression and ending with the
 *   id (keyset pages walk them); each also answers the filter on its column. The number sorts
 *   in the "C" collation (digits and dashes in byte order), which also lets a number prefix
 *   (`q=2026-00`) read a range of the same index;
 * - "overdue" (issued and past due) reads a partial index of the issued invoices by due date,
 *   which is also the due-date order of that filter;
 * - the renewal run's question "has this member a membership invoice (not void) for the year?"
 *   is one probe of a partial index;
 * - the renewal runs themselves, with their progress, so the console can follow a run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE INDEX invoices_list_number_idx ON invoices ((number COLLATE "C"), iid);
CREATE INDEX invoices_list_issue_date_idx ON invoices ((coalesce(issue_date, '9999-12-31'::date)), iid);
CREATE INDEX invoices_list_due_date_idx ON invoices ((coalesce(due_date, '9999-12-31'::date)), iid);
CREATE INDEX invoices_list_total_idx ON invoices (total_minor, iid);
CREATE INDEX invoices_list_status_idx ON invoices (status, iid);
CREATE INDEX invoices_list_kind_idx ON invoices (kind, iid);
CREATE INDEX invoices_list_year_idx ON invoices (year, iid);
CREATE INDEX invoices_list_currency_idx ON invoices ((currency::text), iid);
CREATE INDEX invoices_list_source_idx ON invoices (source, iid);
CREATE INDEX invoices_list_paid_at_idx
  ON invoices ((coalesce(paid_at, '9999-12-31T00:00:00Z'::timestamptz)), iid);
CREATE INDEX invoices_list_overdue_idx ON invoices ((coalesce(due_date, '9999-12-31'::date)), iid)
  WHERE status = 'issued';
CREATE TABLE invoice_renewal_runs (
  id text PRIMARY KEY,
  year integer NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
  total integer NOT NULL DEFAULT 0,
  processed integer NOT NULL DEFAULT 0,
  issued integer NOT NULL DEFAULT 0,
  already_invoiced integer NOT NULL DEFAULT 0,
  skipped jsonb NOT NULL DEFAULT '{}',
  totals jsonb NOT NULL DEFAULT '{}',
  error text,
  started_by text,
  started_at timestamptz NOT NULL DEFAULT now(),
  -- Each batch moves it: a running run that stopped moving was interrupted (server stopped).
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX invoice_renewal_runs_started_idx ON invoice_renewal_runs (started_at DESC);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP TABLE invoice_renewal_runs;
       DROP INDEX invoices_list_number_idx, invoices_list_issue_date_idx, invoices_list_due_date_idx,
         invoices_list_total_idx, invoices_list_status_idx, invoices_list_kind_idx,
         invoices_list_year_idx, invoices_list_currency_idx, invoices_list_source_idx,
         invoices_list_paid_at_idx, invoices_list_overdue_idx;`,
    )
    .execute(db);
}
