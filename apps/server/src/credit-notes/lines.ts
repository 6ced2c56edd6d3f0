import {
  computeInvoiceTotals,
  lineAmountMinor,
  type TCreditNoteIssueRequest,
  type TInvoiceLine,
} from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import type { CreditNoteLine, InvoiceLine } from '../db/schema';
import { badInput } from '../errors';

/** What a credit note credits: its lines and total, and whether nothing of the invoice is left. */
export type CreditPlan = {
  lines: CreditNoteLine[];
  totalMinor: number;
  /** Every line is credited in full once this note is issued. */
  creditsAllLines: boolean;
};

/** What earlier credit notes took of each line (by line position), before VAT. */
export function creditedByLine(notes: readonly { lines: CreditNoteLine[] }[]): Map<number, number> {
  const credited = new Map<number, number>();
  for (const note of notes) {
    for (const line of note.lines) {
      credited.set(line.lineIndex, (credited.get(line.lineIndex) ?? 0) + line.amountMinor);
    }
  }
  return credited;
}

/** A credited line: the invoice line's quantity when all of an untouched line, else an amount. */
function creditedLine(
  lineIndex: number,
  line: InvoiceLine,
  amountMinor: number,
  quantity: number | null,
): CreditNoteLine {
  return {
    lineIndex,
    description: line.description,
    quantity: quantity ?? 1,
    unitAmountMinor: quantity === null ? amountMinor : line.unitAmountMinor,
    vatRate: line.vatRate,
    amountMinor,
  };
}

/**
 * The credited lines of a request: `'all'` takes what is left of every line; a line with a
 * quantity credits quantity × unit price, one with an amount that amount, one with neither what
 * is left of it. Never more than what earlier credit notes left of a line (400 naming it).
 */
function requestedLines(
  invoiceLines: readonly InvoiceLine[],
  credited: Map<number, number>,
  request: TCreditNoteIssueRequest['lines'],
  currency: string,
): CreditNoteLine[] {
  const leftOf = (index: number, line: InvoiceLine) =>
    lineAmountMinor(line) - (credited.get(index) ?? 0);
  if (request === 'all') {
    return invoiceLines.flatMap((line, index) => {
      const left = leftOf(index, line);
      if (left <= 0) return [];
      const untouched = (credited.get(index) ?? 0) === 0;
      return [creditedLine(index, line, left, untouched ? line.quantity : null)];
    });
  }
  const seen = new Set<number>();
  return request.map((wanted, position) => {
    const field = `body.lines.${position}`;
    const line = invoiceLines[wanted.lineIndex];
    if (!line) {
      throw badInput(
        `${field}.lineIndex`,
        'exists',
        `The invoice has no line ${wanted.lineIndex + 1}.`,
      );
    }
    if (seen.has(wanted.lineIndex)) {
      throw badInput(
        `${field}.lineIndex`,
        'unique',
        `Line ${wanted.lineIndex + 1} is named twice.`,
      );
    }
    seen.add(wanted.lineIndex);
    const left = leftOf(wanted.lineIndex, line);
    const amount =
      wanted.quantity !== undefined
        ? wanted.quantity * line.unitAmountMinor
        : (wanted.amountMinor ?? left);
    if (left <= 0) {
      throw badInput(
        `${field}.lineIndex`,
        'range',
        `Line ${wanted.lineIndex + 1} ("${line.description}") is credited in full already.`,
      );
    }
    if (amount > left || amount <= 0) {
      throw badInput(
        `${field}.${wanted.quantity !== undefined ? 'quantity' : 'amountMinor'}`,
        'range',
        `Line ${wanted.lineIndex + 1} ("${line.description}") has ${formatMoney(left, currency)} left to credit; ${formatMoney(amount, currency)} is more.`,
      );
    }
    const wholeLine = wanted.quantity === line.quantity || amount === lineAmountMinor(line);
    const quantity =
      wanted.quantity ??
      (wholeLine && (credited.get(wanted.lineIndex) ?? 0) === 0 ? line.quantity : null);
    return creditedLine(wanted.lineIndex, line, amount, quantity);
  });
}

/**
 * Plans a credit note on an invoice: the credited lines and their total, VAT added per line as
 * the invoice adds it. The total never exceeds what the invoice has left to credit, and the note
 * that credits the last of every line takes exactly that (per-line VAT rounding of partial
 * credits cannot leave a cent behind or take one too many).
 */
export function planCredit(
  invoice: { lines: InvoiceLine[]; total_minor: string | number; credited_minor: string | number },
  earlierNotes: readonly { lines: CreditNoteLine[] }[],
  request: TCreditNoteIssueRequest['lines'],
  currency: string,
): CreditPlan {
  const invoiceLines = Array.isArray(invoice.lines) ? invoice.lines : [];
  const credited = creditedByLine(earlierNotes);
  const lines = requestedLines(invoiceLines, credited, request, currency);
  const leftOnInvoice = Number(invoice.total_minor) - Number(invoice.credited_minor);
  if (lines.length === 0 || leftOnInvoice <= 0) {
    throw badInput('body.lines', 'range', 'Every line of the invoice is credited already.');
  }
  for (const line of lines)
    credited.set(line.lineIndex, (credited.get(line.lineIndex) ?? 0) + line.amountMinor);
  const creditsAllLines = invoiceLines.every(
    (line, index) => (credited.get(index) ?? 0) >= lineAmountMinor(line),
  );
  const totals = computeInvoiceTotals(
    lines.map((line): TInvoiceLine => ({
      description: line.description,
      quantity: 1,
      unitAmountMinor: line.amountMinor,
      vatRate: line.vatRate,
      vatExemption: invoiceLines[line.lineIndex]?.vatExemption ?? null,
      isDonation: invoiceLines[line.lineIndex]?.isDonation,
    })),
  );
  const totalMinor = creditsAllLines ? leftOnInvoice : Math.min(totals.totalMinor, leftOnInvoice);
  if (totalMinor <= 0) {
    throw badInput('body.lines', 'range', 'Nothing is left to credit on this invoice.');
  }
  return { lines, totalMinor, creditsAllLines };
}
