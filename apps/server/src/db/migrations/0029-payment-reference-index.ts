import { sql, type Kysely } from 'kysely';

/**
 * Issue 16: the bank import's first matching rule looks up every structured reference of a file
 * (10,000 QR references at once) among the invoices' payment references. Without an index that
 * is a walk over a million invoices; with it, one index probe per reference. Partial: drafts and
 * imported invoices without a reference are not in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX invoices_payment_reference_idx ON invoices (payment_reference)
    WHERE payment_reference IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX invoices_payment_reference_idx`.execute(db);
}
