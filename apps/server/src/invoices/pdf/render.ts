import { federationName } from '../../certificates';
import { loadInvoicePdfData, type Db, type InvoicePdfData, type InvoiceReminder } from './data';
import { drawAddresses } from './addresses';
import { drawHeader } from './header';
import { invoiceLabelsOf, type InvoicePdfLabels } from './labels';
import { canvasOf, closePdf, contentWidth, margin, openPdf, type Canvas } from '../../lib/pdf-kit';
import { drawLinesTable } from './lines-table';
import { drawPageMarks } from './page-marks';
import { attachQrBill, drawPaymentDetails } from './payment';
import { planQrBill } from './qr-bill';
import { drawTotals, vatByRateOf } from './totals';

export type RenderOptions = {
  /** Deflate the content streams (default). Tests read the text of uncompressed ones. */
  compress?: boolean;
  /** The invoice sent again by a dunning level: titled "REMINDER 2" (issue 17). */
  reminder?: InvoiceReminder | undefined;
};

/** Renders the PDF of an invoice from the database (see `renderInvoicePdfFromData`). */
export async function renderInvoicePdf(
  db: Db,
  iid: string,
  options: RenderOptions = {},
): Promise<Buffer> {
  return renderInvoicePdfFromData(await loadInvoicePdfData(db, iid), options);
}

/** The title top right: the invoice's, or the reminder's it is sent again as. */
function titleOf(labels: InvoicePdfLabels, reminder: InvoiceReminder | undefined): string {
  if (!reminder) return labels.invoiceTitle;
  return reminder.final ? labels.finalNoticeTitle : labels.reminderTitle(reminder.level);
}

/** A reminder's request for payment, above the lines; returns the y below it. */
function drawReminderNote({ write }: Canvas, data: InvoicePdfData, top: number): number {
  const text = invoiceLabelsOf(data.language).reminderNote(data.number);
  return write(text, margin, top, { weight: 'bold', size: 9.5, width: contentWidth }) + 12;
}

/** The document, titled as the invoice or the reminder it is sent again as. */
function openInvoicePdf(data: InvoicePdfData, options: RenderOptions) {
  const labels = invoiceLabelsOf(data.language);
  const named = labels.invoiceNamed(data.number);
  return openPdf({
    bufferPages: true,
    compress: options.compress,
    info: {
      title: options.reminder ? `${titleOf(labels, options.reminder)} – ${named}` : named,
      author: federationName,
      subject: `${labels.kindTitles[data.kind]} ${data.year}${data.member ? ` – ${data.member.legalName}` : ''}`,
      keywords: `invoice ${data.number}${data.member ? ` ${data.member.number}` : ''}`,
      createdAt: data.updatedAt,
      modifiedAt: data.updatedAt,
    },
  });
}

/**
 * Renders an invoice as a PDF (A4 portrait) in the member's language (`labels.ts`), or the
 * reminder it is sent again as (`options.reminder`): supplier and recipient, the invoice's dates and
 * period of supply, the lines with quantity, unit price, amount and VAT rate or exemption, the
 * VAT per rate, the totals, the payment details, and the Swiss QR-bill (payment part and
 * receipt) at the bottom of the page or on a page of its own. Everything Swiss VAT law
 * (MWSTG Art. 26) asks of an invoice. Deterministic: the same invoice gives the same bytes.
 * Each section draws from a y and answers the y below it.
 */
export function renderInvoicePdfFromData(
  data: InvoicePdfData,
  options: RenderOptions = {},
): Promise<Buffer> {
  const qrBill = planQrBill(data);
  const pdf = openInvoicePdf(data, options);
  const canvas = canvasOf(pdf.doc);
  const vatByRate = vatByRateOf(data);
  const labels = invoiceLabelsOf(data.language);

  let y = drawHeader(canvas, data, titleOf(labels, options.reminder));
  y = drawAddresses(canvas, data, y) + 16;
  if (options.reminder) y = drawReminderNote(canvas, data, y);
  y = drawLinesTable(canvas, data, y);
  y = drawTotals(canvas, data, vatByRate, y);
  y = drawPaymentDetails(canvas, data, vatByRate, qrBill, y);
  attachQrBill(canvas, qrBill, y, labels);
  drawPageMarks(canvas, data);
  return closePdf(pdf);
}
