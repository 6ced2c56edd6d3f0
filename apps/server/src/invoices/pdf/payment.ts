import { SwissQRBill } from 'swissqrbill/pdf';
import { longDay } from '../../lib/dates';
import { amountDueMinor, type InvoicePdfData } from './data';
import { formatAmount, formatIban, formatPaymentReference } from './format';
import { contentBottom, contentWidth, margin, muted, newPage, type Canvas } from './layout';
import type { QrBillPlan } from './qr-bill';

/** The VAT note: why an invoice with exempt lines and no VAT rate charges no VAT. */
function notesOf(
  data: InvoicePdfData,
  vatByRate: Map<number, { base: number; vat: number }>,
): string[] {
  const notes: string[] = [];
  const exemptions = [...new Set(data.lines.map((line) => line.vatExemption).filter(Boolean))];
  if (exemptions.length && !vatByRate.size) {
    notes.push(
      'Membership fees and donations to the federation, a non-profit association, are outside the scope of Swiss VAT; no VAT is charged.',
    );
  }
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
  const notes = notesOf(data, vatByRate);
  const payment = paymentLines(data, qrBill);
  const notesHeight = 14 + notes.length * 24 + payment.length * 12 + 20;
  let y = top;
  if (y + notesHeight > contentBottom) {
    y = newPage(canvas);
  } else {
    y += 8;
  }
  for (const note of notes) y = write(note, margin, y, { color: muted, size: 8 }) + 4;
  if (payment.length) {
    const heading =
      qrBill.kind === 'qr-bill'
        ? 'Payment: with the QR-bill below, or by bank transfer with the reference'
        : 'Payment by bank transfer';
    y = write(heading, margin, y + 2, { weight: 'bold', size: 9.5 }) + 2;
    for (const [label, value] of payment) {
      write(label, margin, y, { color: muted, width: 110 });
      y = write(value, margin + 115, y, { width: contentWidth - 115 });
    }
  }
  return y;
}

/** The QR-bill: payment part and receipt at the bottom, or on a page of its own. */
export function attachQrBill({ doc }: Canvas, qrBill: QrBillPlan, top: number): void {
  if (qrBill.kind !== 'qr-bill') return;
  // attachTo starts a page of the bill's size when the content reaches below its top edge.
  doc.y = top;
  new SwissQRBill(qrBill.data, { language: 'EN', scissors: true }).attachTo(doc);
}

function paymentLines(data: InvoicePdfData, qrBill: QrBillPlan): [string, string][] {
  if (data.status === 'paid') return [];
  if (data.status === 'void') return [['', 'This invoice is void: do not pay it.']];
  if (data.status === 'uncollectible') return [];
  const account = data.account;
  if (!account) {
    return [['', 'Bank details will be sent separately.']];
  }
  const lines: [string, string][] = [
    [
      'Amount',
      `${data.currency} ${formatAmount(amountDueMinor(data))}${data.dueDate ? `, by ${longDay(data.dueDate)}` : ''}`,
    ],
    ['Account holder', account.holderName],
    ['Bank', account.bankName],
    ['IBAN', formatIban(account.iban)],
  ];
  if (account.bic) lines.push(['BIC / SWIFT', account.bic]);
  if (qrBill.kind === 'qr-bill' && qrBill.referenceType === 'QRR' && account.qrIban) {
    lines.push(['QR-IBAN (QR-bill)', formatIban(account.qrIban)]);
  }
  lines.push([
    'Reference',
    data.paymentReference
      ? formatPaymentReference(data.paymentReference)
      : `Invoice ${data.number}`,
  ]);
  return lines;
}
