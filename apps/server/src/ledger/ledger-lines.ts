import type { TLedgerCurrency, TLedgerLine, TLedgerLineKind } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import { invoiceKindLabels, paymentMethodLabels } from '@ops/contract/labels';
import type { LedgerInvoice, LedgerMovement } from './ledger-rows';

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

function invoiceEntries(invoice: LedgerInvoice): Entry[] {
  const what = `${invoiceKindLabels[invoice.kind as keyof typeof invoiceKindLabels] ?? 'Invoice'} invoice ${invoice.year}`;
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
      description: `Invoice ${invoice.number} · ${what}`,
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
        ? `Invoice ${invoice.number} voided`
        : `Invoice ${invoice.number} written off as uncollectible`,
      effectMinor: -open,
      amountMinor: open,
      at: invoice.closedAt.getTime(),
      rank: 2,
    });
  }
  return entries;
}

const movementKindWords: Record<LedgerMovement['kind'], string> = {
  payment: 'payment',
  'write-off': 'bank charges written off',
  'credit-note': 'credit note',
  'credit-applied': 'credit applied',
  refund: 'refund',
  reversal: 'reversal',
};

function methodWords(method: string | null): string {
  return method && method in paymentMethodLabels
    ? paymentMethodLabels[method as keyof typeof paymentMethodLabels].toLowerCase()
    : '';
}

/** What a movement was, in words (its documents in their own column). */
function describeMovement(movement: LedgerMovement): string {
  const onInvoice = movement.invoiceNumber ? ` · invoice ${movement.invoiceNumber}` : '';
  const reference = movement.reference ? ` · ${movement.reference}` : '';
  const money = (minor: number) => formatMoney(minor, movement.currency);
  switch (movement.kind) {
    case 'payment': {
      const method = methodWords(movement.method);
      const surplus =
        movement.creditMinor > 0 ? ` · ${money(movement.creditMinor)} to the member’s credit` : '';
      return `Payment${method ? ` by ${method}` : ''}${onInvoice}${reference}${surplus}`;
    }
    case 'write-off':
      return `Bank charges written off${onInvoice}`;
    case 'credit-note': {
      const toCredit =
        movement.creditMinor > 0 ? ` · ${money(movement.creditMinor)} to the member’s credit` : '';
      return `Credit note${movement.creditNoteNumber ? ` ${movement.creditNoteNumber}` : ''}${onInvoice}${movement.reason ? ` · ${movement.reason}` : ''}${toCredit}`;
    }
    case 'credit-applied':
      return `${money(movement.amountMinor)} of the member’s credit applied${onInvoice}`;
    case 'refund': {
      const method = methodWords(movement.method);
      return `Refund of credit${method ? ` by ${method}` : ''}${reference}${movement.reason ? ` · ${movement.reason}` : ''}`;
    }
    case 'reversal':
      return `Reversal of the ${movement.reversedKind ? movementKindWords[movement.reversedKind] : 'booking'}${onInvoice}${movement.reason ? ` · ${movement.reason}` : ''}`;
  }
}

function movementEntry(movement: LedgerMovement): Entry {
  const isCreditNote = movement.kind === 'credit-note' && movement.creditNoteId !== null;
  return {
    currency: movement.currency,
    date: movement.bookedOn,
    kind: movement.kind as TLedgerLineKind,
    description: describeMovement(movement),
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
): TLedgerCurrency[] {
  const entries = [...invoices.flatMap(invoiceEntries), ...movements.map(movementEntry)].sort(
    byDateThenCreation,
  );
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
