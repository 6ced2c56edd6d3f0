import PDFDocument from 'pdfkit';
import { federationName } from '../../certificates';
import {
  canvasOf,
  contentBottom,
  contentWidth,
  drawAddresses,
  drawHeader,
  drawLinesTable,
  drawTotals,
  formatAmount,
  newPage,
  pdfMargin as margin,
  pdfMuted as muted,
  vatByRateOf,
  type Canvas,
} from '../../invoices';
import { longDayIn } from '../../lib/pdf-language';
import { loadCreditNotePdfData, type CreditNotePdfData, type Db } from './data';
import { creditNoteLabelsOf, type CreditNotePdfLabels } from './labels';

/** The credit note's facts, right of the recipient (where an invoice states its own). */
function factsOf(data: CreditNotePdfData, labels: CreditNotePdfLabels): [string, string][] {
  const day = (isoDay: string) => longDayIn(data.document.language, isoDay);
  return [
    [labels.creditNote, data.number],
    [labels.date, day(data.issueDate)],
    [labels.creditsInvoice, data.invoiceNumber],
    [labels.invoiceDate, data.invoiceIssueDate ? day(data.invoiceIssueDate) : '—'],
    [labels.memberNumber, data.document.member?.number ?? '—'],
    [labels.currency, data.document.currency],
  ];
}

/** Why, and what the credit did: taken off the invoice, added to the member's credit. */
function drawReasonAndEffect(
  { write }: Canvas,
  data: CreditNotePdfData,
  labels: CreditNotePdfLabels,
  top: number,
): number {
  const currency = data.document.currency;
  const paragraphs = [
    labels.reason(data.reason),
    data.settlesMinor > 0
      ? labels.takenOff(`${currency} ${formatAmount(data.settlesMinor)}`, data.invoiceNumber)
      : null,
    data.creditMinor > 0 ? labels.toCredit(`${currency} ${formatAmount(data.creditMinor)}`) : null,
    data.membershipDecision === 'keep'
      ? labels.yearStaysPaid(data.invoiceYear)
      : data.membershipDecision === 'revoke'
        ? labels.yearRevoked(data.invoiceYear)
        : null,
  ].filter((text): text is string => text !== null);
  let y = top + 12;
  for (const text of paragraphs) y = write(text, margin, y, { width: contentWidth }) + 4;
  return y;
}

/** Page numbers when the credit note runs over several pages. */
function drawPageNumbers({ doc }: Canvas, number: string, labels: CreditNotePdfLabels): void {
  const range = doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(labels.pageOf(number, index - range.start + 1, range.count), margin, 20, {
        width: contentWidth,
        align: 'right',
        lineBreak: false,
      });
  }
}

/**
 * Renders a credit note (A4 portrait) in the invoice's layout family and the member's language: supplier and title, the
 * recipient and the note's facts (the invoice it credits), the credited lines, the totals, then
 * the reason and what the credit did. No payment part: nothing is to be paid.
 */
export function renderCreditNotePdfFromData(
  data: CreditNotePdfData,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const labels = creditNoteLabelsOf(data.document.language);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: labels.named(data.number),
      Author: federationName,
      Subject: labels.onInvoice(data.invoiceNumber),
      Keywords: `credit note ${data.number} invoice ${data.invoiceNumber}`,
      Creator: 'Operations',
      Producer: 'Operations (PDFKit)',
      CreationDate: data.document.updatedAt,
      ModDate: data.document.updatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const canvas = canvasOf(doc);
  let y = drawHeader(canvas, data.document, labels.title);
  y = drawAddresses(canvas, data.document, y, factsOf(data, labels)) + 16;
  y = drawLinesTable(canvas, data.document, y);
  y = drawTotals(canvas, data.document, vatByRateOf(data.document), y);
  if (y + 80 > contentBottom) y = newPage(canvas);
  drawReasonAndEffect(canvas, data, labels, y);
  drawPageNumbers(canvas, data.number, labels);
  doc.flushPages();
  doc.end();
  return bytes;
}

/** Renders a credit note's PDF from the database. */
export async function renderCreditNotePdf(db: Db, cnid: string): Promise<Buffer> {
  return renderCreditNotePdfFromData(await loadCreditNotePdfData(db, cnid));
}
