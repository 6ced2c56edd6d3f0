import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Trx = Transaction<Database>;

export const invoiceNumberReason = 'invoice number in the payment text';

/** An issued invoice's number, `{year}-000001` (invoices/numbers.ts), anywhere in a text. */
const invoiceNumberPattern = /\b\d{4}-\d{6}\b/g;

/** The distinct invoice numbers a payment text names, in the order it names them. */
export function invoiceNumbersIn(text: string | null): string[] {
  if (text === null) return [];
  return [...new Set(text.match(invoiceNumberPattern) ?? [])];
}

/** Rule 2, set-based: the invoices of the numbers the texts name (one query), by number. */
export async function invoicesByNumber(
  trx: Trx,
  numbers: ReadonlySet<string>,
): Promise<Map<string, string>> {
  if (numbers.size === 0) return new Map();
  const rows = await sql<{ iid: string; number: string }>`
    SELECT iid, number FROM invoices WHERE number = ANY(${[...numbers]}::text[])`.execute(trx);
  return new Map(rows.rows.map((row) => [row.number, row.iid]));
}
