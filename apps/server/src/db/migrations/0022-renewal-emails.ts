import { sql, type Kysely } from 'kysely';

/**
 * Issue 6, last steps:
 * - A renewal run may e-mail the invoices it issues (each PDF is made by the delivery worker as
 *   its e-mail leaves): the run records whether it does and how many it queued.
 * - `invoices_status_due_idx (status, due_date)` of migration 0001 goes: the home screen's
 *   overdue count now reads the partial index of issued invoices by due date (0016), and every
 *   index less is one less to write for each invoice an import or a renewal inserts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE invoice_renewal_runs
         ADD COLUMN send_emails boolean NOT NULL DEFAULT false,
         ADD COLUMN emails_queued integer NOT NULL DEFAULT 0;
       DROP INDEX invoices_status_due_idx;`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE INDEX invoices_status_due_idx ON invoices (status, due_date);
       ALTER TABLE invoice_renewal_runs DROP COLUMN send_emails, DROP COLUMN emails_queued;`,
    )
    .execute(db);
}
