import { applicationStatusesAwaitingReview, type THomeOverview } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * What needs an operator's action today. Each count is an index-only range scan (applications by
 * status, issued invoices by due date (the partial index of the invoices list), failed e-mails by a partial index), so the start page
 * stays instant at a million invoices.
 */
export async function getHomeOverview(db: Kysely<Database>): Promise<THomeOverview> {
  const { rows } = await sql<{
    applications: number;
    invoices: number;
    emails: number;
    as_of: Date;
  }>`
    SELECT
      (SELECT count(*) FROM applications
        WHERE status = ANY(${[...applicationStatusesAwaitingReview]}::text[])
          AND deleted_at IS NULL)::int AS applications,
      (SELECT count(*) FROM invoices
        WHERE status = 'issued'
          AND coalesce(due_date, '9999-12-31'::date) < current_date)::int AS invoices,
      (SELECT count(*) FROM emails WHERE state = 'ERROR')::int AS emails,
      now() AS as_of`.execute(db);
  const [row] = rows;
  if (!row) throw new Error('The overview query returned no row');
  return {
    applicationsAwaitingReview: row.applications,
    overdueInvoices: row.invoices,
    failedEmails: row.emails,
    asOf: row.as_of.toISOString(),
  };
}
