import { lineAmountMinor, lineVatMinor } from '@ops/contract';
import { longDay } from '../../lib/dates';
import { amountDueMinor, type InvoicePdfData, type InvoicePdfMoney } from './data';
import { formatAmount, formatRate, paymentMethodLabels, timeDay } from './format';
import { columns, contentBottom, margin, newPage, page, rule, type Canvas } from './layout';

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
function receivedRows(data: InvoicePdfData, money: InvoicePdfMoney): [string, string, boolean][] {
  const rows: [string, string, boolean][] = [];
  if (money.creditAppliedMinor > 0) {
    rows.push(['Credit applied from your account', formatAmount(-money.creditAppliedMinor), false]);
  }
  if (money.paymentsMinor > 0) {
    const label =
      data.status === 'paid' && data.paidAt
        ? `Paid on ${longDay(timeDay.format(data.paidAt))}${data.paidMethod ? ` (${paymentMethodLabels[data.paidMethod]})` : ''}`
        : 'Paid';
    rows.push([label, formatAmount(-money.paymentsMinor), false]);
  }
  if (money.creditedMinor > 0) {
    rows.push(['Credit notes', formatAmount(-money.creditedMinor), false]);
  }
  if (money.writtenOffMinor > 0) {
    rows.push(['Bank charges written off', formatAmount(-money.writtenOffMinor), false]);
  }
  rows.push([`Amount due ${data.currency}`, formatAmount(amountDueMinor(data)), true]);
  return rows;
}

/** The rows of the totals: label, amount, and whether it is a strong (total) row. */
function totalRows(
  data: InvoicePdfData,
  vatByRate: Map<number, { base: number; vat: number }>,
): [string, string, boolean][] {
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatAmount(data.subtotalMinor), false],
  ];
  for (const [rate, entry] of [...vatByRate.entries()].sort((a, b) => a[0] - b[0])) {
    totals.push([
      `VAT ${formatRate(rate)} on ${formatAmount(entry.base)}`,
      formatAmount(entry.vat),
      false,
    ]);
  }
  totals.push([
    vatByRate.size ? 'VAT total' : 'VAT (outside the scope of VAT)',
    formatAmount(data.vatMinor),
    false,
  ]);
  if (data.donationMinor > 0) {
    totals.push(['Donation (outside the scope of VAT)', formatAmount(data.donationMinor), false]);
  }
  totals.push([`Total ${data.currency}`, formatAmount(data.totalMinor), true]);
  if (data.money && ['issued', 'paid', 'credited'].includes(data.status)) {
    totals.push(...receivedRows(data, data.money));
  } else if (data.status === 'paid' && data.paidAt) {
    totals.push([
      `Paid on ${longDay(timeDay.format(data.paidAt))}${data.paidMethod ? ` (${paymentMethodLabels[data.paidMethod]})` : ''}`,
      formatAmount(-(data.paidAmountMinor ?? data.totalMinor)),
      false,
    ]);
    totals.push([
      `Amount due ${data.currency}`,
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
    write(label, columns.vat - 100, y, { ...style, width: 185, align: 'right' });
    write(value, columns.amount, y, { ...style, width: 70, align: 'right' });
    y += isStrong ? 16 : 13;
  }
  return y;
}
