import { sql } from 'kysely';
import type { Db, Trx } from './operations';

/**
 * Every invoice (not void) whose number has one of these keys (`invoiceNumberKey`, migration
 * 0021), in key then number order: the odd numbers by their key, the standard ones by the number
 * each key stands for.
 */
export async function invoicesWithNumberKeys(db: Db | Trx, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const { rows } = await sql<{ iid: string }>`
    SELECT iid, number FROM invoices
     WHERE status <> 'void' AND NOT invoice_number_is_standard(number)
       AND invoice_number_key(number) = ANY(${keys}::text[])
    UNION
    SELECT iid, number FROM invoices
     WHERE status <> 'void'
       AND number = ANY(SELECT invoice_number_standard_of(k) FROM unnest(${keys}::text[]) k)
     ORDER BY number, iid`.execute(db);
  return rows.map((row) => row.iid);
}
