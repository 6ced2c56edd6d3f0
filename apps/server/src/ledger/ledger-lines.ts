import type { TLedgerCurrency, TLedgerLine, TLedgerLineKind } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import type { LedgerInvoice, LedgerMovement } from './ledger-rows';
import { ledgerWords, type LedgerWords } from './ledger-words';

/** A line before its running balance: its effect on what the member owes. */
type Entry = Omit<TLedgerLine, 'debitMinor' | 'creditMinor' | 'balanceMinor' | 'amountMinor'> & {
  currency: string;
  /** + the member owes more, − less. */
  effectMinor: number;
  amountMinor: number;
  /** Creation order within a day: when the line happened, then invoices before their money. */
  at: number;
  rank: number;
  tieBreak: string;
};

const invoiceLink = (iid: string | null) => (iid ? { type: 'invoice' as const, id: iid } : null);

function invoiceEntries(invoice: LedgerInvoice, words: LedgerWords): Entry[] {
  const base = {
    currency: invoice.currency,
    documentNumber: invoice.number,
    link: invoiceLink(invoice.iid),
    movementId: null,
    tieBreak: invoice.iid,
  };
  const entries: Entry[] = [
    {
      ...base,
      date: invoice.issuedOn,
      kind: 'invoice',
      description: words.invoice(invoice.number, invoice.kind, invoice.year),
      effectMinor: invoice.totalMinor,
      amountMinor: invoice.totalMinor,
      at: invoice.createdAt.getTime(),
      rank: 0,
    },
  ];
  if (invoice.closedOn && invoice.closedAt) {
    // What was still open when it closed no longer counts: void cancels it, uncollectible writes
    // it off. Payments and credit notes it had received stay on their own lines.
    const isVoid = invoice.status === 'void';
    const open = isVoid ? invoice.openMinor : invoice.balanceMinor;
    entries.push({
      ...base,
      date: invoice.closedOn < invoice.issuedOn ? invoice.issuedOn : invoice.closedOn,
      kind: isVoid ? 'invoice-voided' : 'invoice-uncollectible',
      description: isVoid
        ? words.invoiceVoided(invoice.number)
        : words.invoiceUncollectible(invoice.number),
      effectMinor: -open,
      amountMinor: open,
      at: invoice.closedAt.getTime(),
      rank: 2,
    });
  }
  return entries;
}

function methodWords(method: string | null, words: LedgerWords): string {
  return method && method in words.methods
    ? words.methods[method as keyof LedgerWords['methods']]
    : '';
}

/** What a movement was, in words (its documents in their own column). */
function describeMovement(movement: LedgerMovement, words: LedgerWords): string {
  const onInvoice = movement.invoiceNumber ? words.onInvoice(movement.invoiceNumber) : '';
  const reference = movement.reference ? ` · ${movement.reference}` : '';
  const reason = movement.reason ? ` · ${movement.reason}` : '';
  const money = (minor: number) => formatMoney(minor, movement.currency);
  const toCredit = movement.creditMinor > 0 ? words.toCredit(money(movement.creditMinor)) : '';
  switch (movement.kind) {
    case 'payment':
      return `${words.payment(methodWords(movement.method, words) || null)}${onInvoice}${reference}${toCredit}`;
    case 'write-off':
      return `${words.bankChargesWrittenOff}${onInvoice}`;
    case 'credit-note':
      return `${words.creditNote(movement.creditNoteNumber)}${onInvoice}${reason}${toCredit}`;
    case 'credit-applied':
      return `${words.creditApplied(money(movement.amountMinor))}${onInvoice}`;
    case 'refund':
      return `${words.refund(methodWords(movement.method, words) || null)}${reference}${reason}`;
    case 'reversal':
      return `${words.reversal(movement.reversedKind)}${onInvoice}${reason}`;
  }
}

function movementEntry(movement: LedgerMovement, words: LedgerWords): Entry {
  const isCreditNote = movement.kind === 'credit-note' && movement.creditNoteId !== null;
  return {
    currency: movement.currency,
    date: movement.bookedOn,
    kind: movement.kind as TLedgerLineKind,
    description: describeMovement(movement, words),
    documentNumber: isCreditNote ? movement.creditNoteNumber : movement.invoiceNumber,
    link: isCreditNote
      ? { type: 'credit-note', id: movement.creditNoteId as string }
      : (invoiceLink(movement.invoiceIid) ??
        (movement.bankEntryId ? { type: 'bank-entry', id: movement.bankEntryId } : null)),
    movementId: movement.id,
    // What the member owes moves by −(settles + credit) (migration 0026): applied credit is 0.
    effectMinor: -(movement.settlesMinor + movement.creditMinor),
    amountMinor: movement.amountMinor,
    at: movement.createdAt.getTime(),
    rank: 1,
    tieBreak: movement.id,
  };
}

function byDateThenCreation(a: Entry, b: Entry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.at !== b.at) return a.at - b.at;
  if (a.rank !== b.rank) return a.rank - b.rank;
  return a.tieBreak < b.tieBreak ? -1 : a.tieBreak > b.tieBreak ? 1 : 0;
}

/**
 * The ledger per currency: every invoice (issued: +total; voided: −what was open; written off
 * as uncollectible: −its balance) and every movement (−(settles + credit)), in date order then
 * creation order, with the running balance after each line. Open balance and credit come from
 * the invoices and movements themselves, so the last running balance equals open − credit
 * whenever the invoices' aggregates agree with their movements (the tests hold them to it).
 */
export function composeLedger(
  invoices: readonly LedgerInvoice[],
  movements: readonly LedgerMovement[],
  /** How the lines say what happened: English, or a statement's member's language (issue 17). */
  words: LedgerWords = ledgerWords.en,
): TLedgerCurrency[] {
  const entries = [
    ...invoices.flatMap((invoice) => invoiceEntries(invoice, words)),
    ...movements.map((movement) => movementEntry(movement, words)),
  ].sort(byDateThenCreation);
  const currencies = [...new Set(entries.map((entry) => entry.currency))].sort();
  return currencies.map((currency) => {
    let balance = 0;
    const lines = entries
      .filter((entry) => entry.currency === currency)
      .map((entry): TLedgerLine => {
        balance += entry.effectMinor;
        return {
          date: entry.date,
          kind: entry.kind,
          description: entry.description,
          documentNumber: entry.documentNumber,
          link: entry.link,
          debitMinor: String(Math.max(0, entry.effectMinor)),
          creditMinor: String(Math.max(0, -entry.effectMinor)),
          balanceMinor: String(balance),
          amountMinor: String(entry.amountMinor),
          movementId: entry.movementId,
        };
      });
    const openBalance = invoices
      .filter((invoice) => invoice.currency === currency && invoice.status !== 'uncollectible')
      .filter((invoice) => invoice.status !== 'void')
      .reduce((sum, invoice) => sum + invoice.balanceMinor, 0);
    const credit = movements
      .filter((movement) => movement.currency === currency)
      .reduce((sum, movement) => sum + movement.creditMinor, 0);
    return {
      currency,
      openBalanceMinor: String(openBalance),
      creditMinor: String(credit),
      balanceMinor: String(balance),
      lines,
    };
  });
}
