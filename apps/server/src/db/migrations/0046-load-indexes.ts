import { sql, type Kysely } from 'kysely';

/**
 * Issue 20, the load benchmark (50 operators on the 100,000-member database) found two reads
 * that went through a whole table on every request:
 *
 * - An invoice's detail asks for the certificate its payment issued (`invoices/detail.ts`;
 *   issuing a credit note looks too), and certificates had no index on `invoice_iid`: each
 *   detail read all 79,000 certificates (2,500 pages, about 80 ms). Now a few pages.
 * - The members list filtered on "Paid through: (empty)" (never paid) asks
 *   `paid_through_year IS NULL`, which the list's sort index (on `coalesce(paid_through_year,
 *   9999)`) cannot answer: its first page counted by reading all 100,000 members (about 150 ms).
 *   A partial index in the list's default order (number) serves both the count and the page,
 *   like the fixes' `members_fix_no_country_idx`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX certificates_invoice_idx ON certificates (invoice_iid, created_at DESC)
      WHERE invoice_iid IS NOT NULL
  `.execute(db);
  await sql`
    CREATE INDEX members_list_never_paid_idx ON members (number, mid)
      WHERE deleted_at IS NULL AND paid_through_year IS NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS members_list_never_paid_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS certificates_invoice_idx`.execute(db);
}
