import { formatMoney } from '@ops/contract/display-format';
import { sql, type Transaction } from 'kysely';
import type { Database, InvoiceStatus } from '../../../db/schema';
import type { NewEntry } from '../entries';

type Trx = Transaction<Database>;

/** What matching needs to know of an invoice. */
export type InvoiceFacts = {
  iid: string;
  number: string;
  status: InvoiceStatus;
  currency: string;
  member_mid: string | null;
  balance_minor: number;
};

/**
 * The invoices rules 1 and 2 found, taken FOR UPDATE in key order (so that two imports, or an
 * import and an operator, never wait for each other in a circle): from here to the commit
 * nobody voids or credits them, so what matching decided is what the engine books.
 */
export async function lockInvoiceFacts(
  trx: Trx,
  iids: ReadonlySet<string>,
): Promise<Map<string, InvoiceFacts>> {
  if (iids.size === 0) return new Map();
  const rows = await sql<InvoiceFacts & { balance_minor: string }>`
    SELECT iid, number, status, btrim(currency) AS currency, member_mid, balance_minor
      FROM invoices WHERE iid = ANY(${[...iids]}::text[])
     ORDER BY iid FOR UPDATE`.execute(trx);
  return new Map(
    rows.rows.map((row) => [row.iid, { ...row, balance_minor: Number(row.balance_minor) }]),
  );
}

const statusWords: Record<InvoiceStatus, string> = {
  draft: 'is a draft',
  issued: 'is open',
  paid: 'is paid',
  void: 'is void',
  uncollectible: 'is uncollectible',
  credited: 'is credited (cancelled by a credit note)',
};

/** Invoices a payment can be booked to: open ones, and paid ones (a second payment: credit). */
export function isBookable(invoice: InvoiceFacts): boolean {
  return invoice.status === 'issued' || invoice.status === 'paid';
}

/**
 * Why an entry is not booked to the invoice a rule found, or null when it is: a draft, void,
 * uncollectible or credited invoice takes no payment, and money in another currency is never
 * booked automatically (someone converts it by hand).
 */
export function refusalOf(entry: NewEntry, invoice: InvoiceFacts): string | null {
  if (!isBookable(invoice)) return `invoice ${invoice.number} ${statusWords[invoice.status]}`;
  const currency = entry.currency.trim();
  if (currency !== invoice.currency) {
    return `the payment is in ${currency}, invoice ${invoice.number} in ${invoice.currency}: never booked automatically`;
  }
  if (entry.amount_minor <= 0) {
    return `the amount is ${formatMoney(entry.amount_minor, currency)}`;
  }
  return null;
}
