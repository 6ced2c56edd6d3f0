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
import { longDay } from '../../lib/dates';
import { loadCreditNotePdfData, type CreditNotePdfData, type Db } from './data';

/** The credit note's facts, right of the recipient (where an invoice states its own). */
function factsOf(data: CreditNotePdfData): [string, string][] {
  return [
    ['Credit note', data.number],
    ['Date', longDay(data.issueDate)],
    ['Credits invoice', data.invoiceNumber],
    ['Invoice date', data.invoiceIssueDate ? longDay(data.invoiceIssueDate) : '—'],
    ['Member number', data.document.member?.number ?? '—'],
    ['Currency', data.document.currency],
  ];
}

/** Why, and what the credit did: taken off the invoice, added to the member's credit. */
function drawReasonAndEffect({ write }: Canvas, data: CreditNotePdfData, top: number): number {
  const currency = data.document.currency;
  const paragraphs = [
    `Reason: ${data.reason}`,
    data.settlesMinor > 0
      ? `${currency} ${formatAmount(data.settlesMinor)} is taken off what invoice ${data.invoiceNumber} still asked for.`
      : null,
    data.creditMinor > 0
      ? `${currency} ${formatAmount(data.creditMinor)} you had already paid is credited to your account: it is applied to your next invoice, or paid back on request.`
      : null,
    data.membershipDecision === 'keep'
      ? `Your membership year ${data.invoiceYear} stays paid.`
      : data.membershipDecision === 'revoke'
        ? `Your membership year ${data.invoiceYear} is no longer paid, and its certificate is revoked.`
        : null,
  ].filter((text): text is string => text !== null);
  let y = top + 12;
  for (const text of paragraphs) y = write(text, margin, y, { width: contentWidth }) + 4;
  return y;
}

/** Page numbers when the credit note runs over several pages. */
function drawPageNumbers({ doc }: Canvas, number: string): void {
  const range = doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(
        `Credit note ${number} · page ${index - range.start + 1} of ${range.count}`,
        margin,
        20,
        {
          width: contentWidth,
          align: 'right',
          lineBreak: false,
        },
      );
  }
}

/**
 * Renders a credit note (A4 portrait) in the invoice's layout family: supplier and title, the
 * recipient and the note's facts (the invoice it credits), the credited lines, the totals, then
 * the reason and what the credit did. No payment part: nothing is to be paid.
 */
export function renderCreditNotePdfFromData(
  data: CreditNotePdfData,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: `Credit note ${data.number}`,
      Author: federationName,
      Subject: `Credit note on invoice ${data.invoiceNumber}`,
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
  let y = drawHeader(canvas, data.document, 'CREDIT NOTE');
  y = drawAddresses(canvas, data.document, y, factsOf(data)) + 16;
  y = drawLinesTable(canvas, data.document, y);
  y = drawTotals(canvas, data.document, vatByRateOf(data.document), y);
  if (y + 80 > contentBottom) y = newPage(canvas);
  drawReasonAndEffect(canvas, data, y);
  drawPageNumbers(canvas, data.number);
  doc.flushPages();
  doc.end();
  return bytes;
}

/** Renders a credit note's PDF from the database. */
export async function renderCreditNotePdf(db: Db, cnid: string): Promise<Buffer> {
  return renderCreditNotePdfFromData(await loadCreditNotePdfData(db, cnid));
}
