import { federationName } from '../../certificates';
import {
  drawAddresses,
  drawHeader,
  drawLinesTable,
  drawTotals,
  formatAmount,
  vatByRateOf,
} from '../../invoices';
import {
  canvasOf,
  closePdf,
  contentBottom,
  contentWidth,
  margin,
  newPage,
  numberPages,
  openPdf,
  type Canvas,
} from '../../lib/pdf-kit';
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
  const pdf = openPdf({
    bufferPages: true,
    compress: options.compress,
    info: {
      title: labels.named(data.number),
      author: federationName,
      subject: labels.onInvoice(data.invoiceNumber),
      keywords: `credit note ${data.number} invoice ${data.invoiceNumber}`,
      createdAt: data.document.updatedAt,
      modifiedAt: data.document.updatedAt,
    },
  });
  const canvas = canvasOf(pdf.doc);
  let y = drawHeader(canvas, data.document, labels.title);
  y = drawAddresses(canvas, data.document, y, factsOf(data, labels)) + 16;
  y = drawLinesTable(canvas, data.document, y);
  y = drawTotals(canvas, data.document, vatByRateOf(data.document), y);
  if (y + 80 > contentBottom) y = newPage(canvas);
  drawReasonAndEffect(canvas, data, labels, y);
  numberPages(canvas, (pageNumber, count) => labels.pageOf(data.number, pageNumber, count));
  return closePdf(pdf);
}

/** Renders a credit note's PDF from the database. */
export async function renderCreditNotePdf(db: Db, cnid: string): Promise<Buffer> {
  return renderCreditNotePdfFromData(await loadCreditNotePdfData(db, cnid));
}
