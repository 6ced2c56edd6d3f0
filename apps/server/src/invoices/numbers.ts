import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { buildCreditorReference, buildQrReference } from '../lib/iban';

type Trx = Transaction<Database>;

/**
 * The highest sequence already used in a year's numbers `{year}-000001` (demo data, imports,
 * approvals): a range of the list's number index in the "C" collation, read backwards.
 */
async function highestSequence(trx: Trx, year: number): Promise<number> {
  const row = await trx
    .selectFrom('invoices')
    .select('number')
    .where(sql<boolean>`number COLLATE "C" >= ${`${year}-`}`)
    .where(sql<boolean>`number COLLATE "C" < ${`${year}.`}`)
    .where(sql<boolean>`number ~ ${`^${year}-[0-9]+$`}`)
    .orderBy(sql`number COLLATE "C"`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.number.slice(5)) : 0;
}

/**
 * Reserves `count` consecutive sequences of a year's invoice numbers (counter `invoice-{year}`,
 * the pattern of `allocateNumber` in applications/workflow/numbers.ts: the counter row is locked
 * by the caller's transaction, so two allocations never overlap) and returns the first.
 */
export async function allocateInvoiceSequences(
  trx: Trx,
  year: number,
  count: number,
): Promise<number> {
  const highest = await highestSequence(trx, year);
  const row = await trx
    .insertInto('number_counters')
    .values({ name: `invoice-${year}`, last_value: highest + count })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({
        last_value: sql`greatest(number_counters.last_value, ${highest}::bigint) + ${count}::bigint`,
      }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value) - count + 1;
}

export function invoiceNumberOf(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * A draft's own number until it is issued: issued invoices are numbered without gaps (a
 * discarded draft never uses up an invoice number), so drafts count apart: DRAFT-000001 …
 */
export async function allocateDraftNumber(trx: Trx): Promise<string> {
  const row = await trx
    .insertInto('number_counters')
    .values({ name: 'invoice-draft', last_value: 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ last_value: sql`number_counters.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return `DRAFT-${String(row.last_value).padStart(6, '0')}`;
}

/**
 * The payment reference of an invoice: member number digits, year and the invoice's sequence.
 * A QR-IBAN requires a QR reference (rule 4); any other account gets an ISO 11649 creditor
 * reference.
 */
export function paymentReferenceOf(
  account: { qr_iban: string | null },
  memberNumber: string,
  year: number,
  sequence: number,
): string {
  const payload = `${memberNumber.replace(/\D/g, '').slice(-8)}${year}${String(sequence).padStart(7, '0')}`;
  return account.qr_iban ? buildQrReference(payload) : buildCreditorReference(payload);
}
