import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema';
import type { NewEntry } from '../entries';

type Trx = Transaction<Database>;

export const knownIbanReason =
  "payer's IBAN seen before and amount of an open invoice of that member";

type OpenInvoice = { iid: string; number: string; currency: string; balance_minor: number };

/** What rule 3 knows: the one member of each known payer IBAN, and their open invoices. */
export type KnownPayers = {
  memberOfIban: Map<string, string>;
  openInvoicesOf: Map<string, OpenInvoice[]>;
};

/**
 * Rule 3, set-based: payer IBANs seen on booked bank entries of exactly one member (an IBAN
 * that paid for several members, a fiduciary's, proves nothing), and those members' open
 * invoices.
 */
export async function knownPayers(trx: Trx, ibans: ReadonlySet<string>): Promise<KnownPayers> {
  const memberOfIban = new Map<string, string>();
  const openInvoicesOf = new Map<string, OpenInvoice[]>();
  if (ibans.size === 0) return { memberOfIban, openInvoicesOf };
  const payers = await sql<{ payer_iban: string; member_mid: string }>`
    SELECT payer_iban, min(member_mid) AS member_mid FROM bank_entries
     WHERE state = 'booked' AND payer_iban = ANY(${[...ibans]}::text[]) AND member_mid IS NOT NULL
     GROUP BY payer_iban HAVING count(DISTINCT member_mid) = 1`.execute(trx);
  for (const row of payers.rows) memberOfIban.set(row.payer_iban, row.member_mid);
  if (memberOfIban.size === 0) return { memberOfIban, openInvoicesOf };
  const open = await sql<OpenInvoice & { member_mid: string; balance_minor: string }>`
    SELECT iid, number, btrim(currency) AS currency, member_mid, balance_minor FROM invoices
     WHERE member_mid = ANY(${[...new Set(memberOfIban.values())]}::text[])
       AND status = 'issued' AND balance_minor > 0`.execute(trx);
  for (const row of open.rows) {
    const invoice = { ...row, balance_minor: Number(row.balance_minor) };
    openInvoicesOf.set(row.member_mid, [...(openInvoicesOf.get(row.member_mid) ?? []), invoice]);
  }
  return { memberOfIban, openInvoicesOf };
}

/**
 * Rule 3 for one entry: the member's one open invoice of exactly this amount and currency, or
 * why there is none (in words for the queue), or null when the IBAN is not known.
 */
export function suggestionFor(
  entry: NewEntry,
  payers: KnownPayers,
): { iid: string; memberMid: string } | { why: string } | null {
  const mid = entry.payer_iban ? payers.memberOfIban.get(entry.payer_iban) : undefined;
  if (mid === undefined) return null;
  const fitting = (payers.openInvoicesOf.get(mid) ?? []).filter(
    (invoice) =>
      invoice.currency === entry.currency.trim() && invoice.balance_minor === entry.amount_minor,
  );
  if (fitting.length === 1) return { iid: (fitting[0] as OpenInvoice).iid, memberMid: mid };
  if (fitting.length === 0) {
    return { why: "the payer's IBAN is known, but no open invoice of that member has this amount" };
  }
  return {
    why: `the payer's IBAN is known, but ${fitting.length} open invoices of that member have this amount (${fitting
      .map((invoice) => invoice.number)
      .join(', ')})`,
  };
}
