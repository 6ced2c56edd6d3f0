import type { TBankMatchRule } from '@ops/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Trx = Transaction<Database>;

/** Rule 1's two kinds of structured reference, with the reason each booking carries. */
export const referenceRules = {
  'qr-reference': 'QR reference',
  'creditor-reference': 'creditor reference (RF)',
} as const satisfies Partial<Record<TBankMatchRule, string>>;

/**
 * A structured reference as invoices store it: QR references are digits without spaces, ISO
 * 11649 creditor references "RF…" in upper case without spaces.
 */
export function normalReference(reference: string | null): string | null {
  if (reference === null) return null;
  const compact = reference.replace(/\s+/g, '');
  if (compact === '') return null;
  return /^rf/i.test(compact) ? compact.toUpperCase() : compact;
}

export function referenceRuleOf(reference: string): keyof typeof referenceRules {
  return reference.startsWith('RF') ? 'creditor-reference' : 'qr-reference';
}

/**
 * Rule 1, set-based: the invoices whose payment reference is one of the entries' references
 * (one query over the payment reference index), by reference.
 */
export async function invoicesByReference(
  trx: Trx,
  references: ReadonlySet<string>,
): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (references.size === 0) return found;
  const rows = await sql<{ iid: string; payment_reference: string }>`
    SELECT iid, payment_reference FROM invoices
     WHERE payment_reference = ANY(${[...references]}::text[])`.execute(trx);
  for (const row of rows.rows) {
    found.set(row.payment_reference, [...(found.get(row.payment_reference) ?? []), row.iid]);
  }
  return found;
}
