import { invoiceNumberKey, type TFixInvoice } from '@ops/contract';
import { sql } from 'kysely';
import type { CardRow } from './fix-card';
import { loadInvoices } from './fix-invoice';
import { invoicesWithNumberKeys } from './number-keys';
import type { Db } from './operations';

/** Metadata keys the payment provider's invoice may carry our invoice's id or number under. */
const metadataIidKeys = ['invoice_iid', 'iid', 'invoiceIid', 'invoice_id'];
const metadataNumberKeys = ['invoice_number', 'invoiceNumber', 'number'];

function metadataValue(metadata: unknown, keys: string[]): string | null {
  if (!metadata || typeof metadata !== 'object') return null;
  for (const key of keys) {
    const value = (metadata as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** The numbers a card payment names our invoice by: its metadata's, then its own. */
function numbersNamedBy(card: CardRow): string[] {
  return [metadataValue(card.metadata, metadataNumberKeys), card.number].filter(
    (n): n is string => n !== null && n !== '',
  );
}

export type CardProposal = { invoice: TFixInvoice; reason: string };

/** Whether a card payment can pay this invoice of ours at all. */
function isUsable(invoice: TFixInvoice, card: CardRow): boolean {
  return (
    invoice.status !== 'void' &&
    invoice.status !== 'draft' &&
    (invoice.cardInvoiceSid === null || invoice.cardInvoiceSid === card.sid) &&
    invoice.currency.toUpperCase() === card.currency.toUpperCase()
  );
}

/** The candidates of every card at once: by id, by number, and invoices of the same member. */
async function loadCandidates(db: Db, cards: CardRow[]) {
  const iidsWanted = cards.flatMap((c) => metadataValue(c.metadata, metadataIidKeys) ?? []);
  const keysWanted = [...new Set(cards.flatMap(numbersNamedBy).map(invoiceNumberKey))];
  const emails = [
    ...new Set(cards.flatMap((c) => (c.customer_email ? [c.customer_email.toLowerCase()] : []))),
  ];
  const memberMids = cards.flatMap((c) => (c.member_mid ? [c.member_mid] : []));
  const [byIid, byNumber, byEmail] = await Promise.all([
    loadInvoices(db, iidsWanted),
    invoicesWithNumberKeys(db, keysWanted).then((iids) => loadInvoices(db, iids)),
    emails.length === 0
      ? []
      : db
          .selectFrom('members')
          .select(['mid', sql<string>`lower(email)`.as('email')])
          .where('deleted_at', 'is', null)
          .where('email', 'is not', null)
          .where(sql<string>`lower(email)`, 'in', emails)
          .execute(),
  ]);
  const midsByEmail = new Map<string, string[]>();
  for (const row of byEmail)
    midsByEmail.set(row.email, [...(midsByEmail.get(row.email) ?? []), row.mid]);
  const candidateMids = [...new Set([...memberMids, ...byEmail.map((row) => row.mid)])];
  const { rows: memberInvoiceRows } =
    candidateMids.length === 0
      ? { rows: [] }
      : await sql<{ iid: string }>`
          SELECT iid FROM invoices
           WHERE member_mid = ANY(${candidateMids}::text[]) AND status IN ('issued', 'paid')
             AND card_invoice_sid IS NULL
           ORDER BY year DESC, issue_date DESC NULLS LAST, iid`.execute(db);
  const memberInvoices = await loadInvoices(
    db,
    memberInvoiceRows.map((row) => row.iid),
  );
  return { byIid, byNumber, midsByEmail, memberInvoices };
}

type Candidates = Awaited<ReturnType<typeof loadCandidates>>;

/** The invoice one card payment most likely pays: named by id, by number, else by member. */
function proposeForCard(card: CardRow, candidates: Candidates): CardProposal | null {
  const { byIid, byNumber, midsByEmail, memberInvoices } = candidates;
  const iid = metadataValue(card.metadata, metadataIidKeys);
  const fromIid = iid ? byIid.find((i) => i.iid === iid && isUsable(i, card)) : undefined;
  if (fromIid) return { invoice: fromIid, reason: "its metadata names our invoice's id" };

  const names = numbersNamedBy(card);
  const fromNumber = names
    .map((name) =>
      byNumber.find(
        (i) => invoiceNumberKey(i.number) === invoiceNumberKey(name) && isUsable(i, card),
      ),
    )
    .find(Boolean);
  if (fromNumber) {
    return {
      invoice: fromNumber,
      reason: `its number${fromNumber.number === names[0] ? '' : ' (ignoring case, spaces, dashes and leading zeros)'} is ${fromNumber.number}`,
    };
  }

  const mids = new Set([
    ...(card.member_mid ? [card.member_mid] : []),
    ...(card.customer_email ? (midsByEmail.get(card.customer_email.toLowerCase()) ?? []) : []),
  ]);
  const amount = Number(card.amount_due_minor);
  const sameMember = memberInvoices.filter(
    (i) => i.member && mids.has(i.member.mid) && isUsable(i, card) && i.totalMinor === amount,
  );
  const best = sameMember.find((i) => i.status === 'issued') ?? sameMember[0];
  if (!best) return null;
  return {
    invoice: best,
    reason: `same member (${card.member_mid ? 'named by the card payment' : 'the customer e-mail is the member’s'}), amount and currency`,
  };
}

/** Our invoice each card payment most likely pays, and why. */
export async function proposeForCards(
  db: Db,
  cards: CardRow[],
): Promise<Map<string, CardProposal>> {
  const result = new Map<string, CardProposal>();
  if (cards.length === 0) return result;
  const candidates = await loadCandidates(db, cards);
  for (const card of cards) {
    const proposal = proposeForCard(card, candidates);
    if (proposal) result.set(card.sid, proposal);
  }
  return result;
}
