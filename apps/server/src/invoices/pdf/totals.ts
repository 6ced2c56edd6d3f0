import { lineAmountMinor, lineVatMinor } from '@ops/contract';
import { amountDueMinor, type InvoicePdfData, type InvoicePdfMoney } from './data';
import { dayIn, formatAmount, formatRate, timeDay } from './format';
import { invoiceLabelsOf, type InvoicePdfLabels } from './labels';
import { contentBottom, margin, newPage, page, rule, type Canvas } from '../../lib/pdf-kit';
import { columns } from './layout';

/** The taxable base and VAT of each rate (donations and lines outside VAT apart). */
export function vatByRateOf(data: InvoicePdfData): Map<number, { base: number; vat: number }> {
  const vatByRate = new Map<number, { base: number; vat: number }>();
  for (const line of data.lines) {
    if (line.vatRate === null || line.isDonation) continue;
    const entry = vatByRate.get(line.vatRate) ?? { base: 0, vat: 0 };
    entry.base += lineAmountMinor(line);
    entry.vat += lineVatMinor(line);
    vatByRate.set(line.vatRate, entry);
  }
  return vatByRate;
}

/**
 * What an invoice received (issue 16), each as a row taken off the total, then what is still
 * due: the member's credit applied, payments, credit notes, bank charges written off.
 */
function receivedRows(
  data: InvoicePdfData,
  money: InvoicePdfMoney,
  labels: InvoicePdfLabels,
): [string, string, boolean][] {
  const rows: [string, string, boolean][] = [];
  if (money.creditAppliedMinor > 0) {
    rows.push([labels.creditApplied, formatAmount(-money.creditAppliedMinor), false]);
  }
  if (money.paymentsMinor > 0) {
    const label =
      data.status === 'paid' && data.paidAt ? paidOnLabel(data, data.paidAt, labels) : labels.paid;
    rows.push([label, formatAmount(-money.paymentsMinor), false]);
  }
  if (money.creditedMinor > 0) {
    rows.push([labels.creditNotes, formatAmount(-money.creditedMinor), false]);
  }
  if (money.writtenOffMinor > 0) {
    rows.push([labels.bankChargesWrittenOff, formatAmount(-money.writtenOffMinor), false]);
  }
  rows.push([labels.amountDueIn(data.currency), formatAmount(amountDueMinor(data)), true]);
  return rows;
}

/** "Paid on 3 May 2026 (bank transfer)", in the document's language. */
function paidOnLabel(data: InvoicePdfData, paidAt: Date, labels: InvoicePdfLabels): string {
  return labels.paidOn(
    dayIn(data, timeDay.format(paidAt)),
    data.paidMethod ? labels.paymentMethods[data.paidMethod] : null,
  );
}

/** The rows of the totals: label, amount, and whether it is a strong (total) row. */
function totalRows(
  data: InvoicePdfData,
  vatByRate: Map<number, { base: number; vat: number }>,
): [string, string, boolean][] {
  const labels = invoiceLabelsOf(data.language);
  const totals: [string, string, boolean][] = [
    [labels.subtotal, formatAmount(data.subtotalMinor), false],
  ];
  for (const [rate, entry] of [...vatByRate.entries()].sort((a, b) => a[0] - b[0])) {
    totals.push([
      labels.vatOn(formatRate(rate), formatAmount(entry.base)),
      formatAmount(entry.vat),
      false,
    ]);
  }
  totals.push([
    vatByRate.size ? labels.vatTotal : labels.vatOutsideScope,
    formatAmount(data.vatMinor),
    false,
  ]);
  if (data.donationMinor > 0) {
    totals.push([labels.donationOutsideScope, formatAmount(data.donationMinor), false]);
  }
  totals.push([labels.totalIn(data.currency), formatAmount(data.totalMinor), true]);
  if (data.money && ['issued', 'paid', 'credited'].includes(data.status)) {
    totals.push(...receivedRows(data, data.money, labels));
  } else if (data.status === 'paid' && data.paidAt) {
    totals.push([
      paidOnLabel(data, data.paidAt, labels),
      formatAmount(-(data.paidAmountMinor ?? data.totalMinor)),
      false,
    ]);
    totals.push([
      labels.amountDueIn(data.currency),
      formatAmount(Math.max(0, data.totalMinor - (data.paidAmountMinor ?? data.totalMinor))),
      true,
    ]);
  }
  return totals;
}

/**
 * Totals: the taxable subtotal, VAT per rate, the donation apart, the total (and for a paid
 * invoice the payment and what is still due), kept together on one page. Returns the y below.
 */
export function drawTotals(
  canvas: Canvas,
  data: InvoicePdfData,
  vatByRate: Map<number, { base: number; vat: number }>,
  top: number,
): number {
  const { doc, write } = canvas;
  const totals = totalRows(data, vatByRate);
  let y = top;
  const totalsHeight = totals.length * 15 + 8;
  if (y + totalsHeight > contentBottom) y = newPage(canvas);
  doc
    .moveTo(columns.vat - 100, y)
    .lineTo(page.width - margin, y)
    .lineWidth(0.75)
    .strokeColor(rule)
    .stroke();
  y += 6;
  for (const [label, value, isStrong] of totals) {
    const style = isStrong
      ? { weight: 'bold' as const, size: 10.5 }
      : { weight: 'regular' as const, size: 9 };
    // Right-aligned to the same edge; room to its left for a longer label ("Bezahlt am …").
    write(label, columns.vat - 200, y, { ...style, width: 285, align: 'right' });
    write(value, columns.amount, y, { ...style, width: 70, align: 'right' });
    y += isStrong ? 16 : 13;
  }
  return y;
}
