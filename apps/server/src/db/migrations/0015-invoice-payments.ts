import { sql, type Kysely } from 'kysely';

/**
 * Issue 6: marking an invoice paid records the payment's own reference (the bank transaction,
 * the card payment, the receipt), next to the date, amount and method already there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE invoices ADD COLUMN paid_reference text;
       ALTER TABLE invoices ADD CONSTRAINT invoices_paid_has_payment
         CHECK (status <> 'paid' OR paid_at IS NOT NULL) NOT VALID;`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE invoices DROP CONSTRAINT invoices_paid_has_payment;
       ALTER TABLE invoices DROP COLUMN paid_reference;`,
    )
    .execute(db);
}
