import { SwissQRBill } from 'swissqrbill/pdf';
import { amountDueMinor, type InvoicePdfData } from './data';
import { dayIn, formatAmount, formatIban, formatPaymentReference } from './format';
import { invoiceLabelsOf, type InvoicePdfLabels } from './labels';
import {
  contentBottom,
  contentWidth,
  margin,
  muted,
  newPage,
  type Canvas,
} from '../../lib/pdf-kit';
import type { QrBillPlan } from './qr-bill';

/** The VAT note: why an invoice with exempt lines and no VAT rate charges no VAT. */
function notesOf(
  data: InvoicePdfData,
  vatByRate: Map<number, { base: number; vat: number }>,
  labels: InvoicePdfLabels,
): string[] {
  const notes: string[] = [];
  const exemptions = [...new Set(data.lines.map((line) => line.vatExemption).filter(Boolean))];
  if (exemptions.length && !vatByRate.size) notes.push(labels.vatNote);
  return notes;
}

/**
 * Notes and payment details (amount, account, IBAN, BIC, reference), kept together on one page.
 * Returns the y below them.
 */
export function drawPaymentDetails(
  canvas: Canvas,
  data: InvoicePdfData,
  vatByRate: Map<number, { base: number; vat: number }>,
  qrBill: QrBillPlan,
  top: number,
): number {
  const { write } = canvas;
  const labels = invoiceLabelsOf(data.language);
  const notes = notesOf(data, vatByRate, labels);
  const payment = paymentLines(data, qrBill, labels);
  const notesHeight = 14 + notes.length * 24 + payment.length * 12 + 20;
  let y = top;
  if (y + notesHeight > contentBottom) {
    y = newPage(canvas);
  } else {
    y += 8;
  }
  for (const note of notes) y = write(note, margin, y, { color: muted, size: 8 }) + 4;
  if (payment.length) {
    const heading = qrBill.kind === 'qr-bill' ? labels.paymentWithQrBill : labels.paymentByTransfer;
    y = write(heading, margin, y + 2, { weight: 'bold', size: 9.5 }) + 2;
    for (const [label, value] of payment) {
      write(label, margin, y, { color: muted, width: 110 });
      y = write(value, margin + 115, y, { width: contentWidth - 115 });
    }
  }
  return y;
}

/** The QR-bill: payment part and receipt at the bottom, or on a page of its own. */
export function attachQrBill(
  { doc }: Canvas,
  qrBill: QrBillPlan,
  top: number,
  labels: InvoicePdfLabels,
): void {
  if (qrBill.kind !== 'qr-bill') return;
  // attachTo starts a page of the bill's size when the content reaches below its top edge.
  doc.y = top;
  new SwissQRBill(qrBill.data, { language: labels.qrBillLanguage, scissors: true }).attachTo(doc);
}

function paymentLines(
  data: InvoicePdfData,
  qrBill: QrBillPlan,
  labels: InvoicePdfLabels,
): [string, string][] {
  if (data.status === 'paid') return [];
  if (data.status === 'void') return [['', labels.voidDoNotPay]];
  if (data.status === 'uncollectible') return [];
  const account = data.account;
  if (!account) {
    return [['', labels.bankDetailsSeparately]];
  }
  const lines: [string, string][] = [
    [
      labels.amount,
      `${data.currency} ${formatAmount(amountDueMinor(data))}${data.dueDate ? labels.payBy(dayIn(data, data.dueDate)) : ''}`,
    ],
    [labels.accountHolder, account.holderName],
    [labels.bank, account.bankName],
    [labels.iban, formatIban(account.iban)],
  ];
  if (account.bic) lines.push([labels.bic, account.bic]);
  if (qrBill.kind === 'qr-bill' && qrBill.referenceType === 'QRR' && account.qrIban) {
    lines.push([labels.qrIban, formatIban(account.qrIban)]);
  }
  lines.push([
    labels.reference,
    data.paymentReference
      ? formatPaymentReference(data.paymentReference)
      : labels.invoiceNamed(data.number),
  ]);
  return lines;
}
