import { federationName } from '../../certificates';
import { drawAddresses, drawHeader, formatAmount } from '../../invoices';
import {
  canvasOf,
  closePdf,
  contentBottom,
  contentWidth,
  drawColumnHeads,
  drawTableRow,
  margin,
  muted,
  newPage,
  numberPages,
  openPdf,
  type Canvas,
  type TableColumn,
} from '../../lib/pdf-kit';
import { longDayIn, shortDayIn } from '../../lib/pdf-language';
import {
  loadStatementData,
  type StatementData,
  type StatementRange,
  type StatementSection,
} from './data';
import type { Db } from '../ledger-rows';
import { statementLabelsOf, type StatementPdfLabels } from './labels';

/** The table's columns: date, what, document, then the three amounts right-aligned. */
const column = {
  date: { x: margin, width: 56 },
  description: { x: margin + 58, width: 166 },
  document: { x: margin + 228, width: 76 },
  debit: { x: margin + 306, width: 58, align: 'right' },
  credit: { x: margin + 368, width: 58, align: 'right' },
  balance: { x: margin + 430, width: contentWidth - 430, align: 'right' },
} satisfies Record<string, TableColumn>;
const columnKeys = ['date', 'description', 'document', 'debit', 'credit', 'balance'] as const;
const rowGap = 3;

/** The statement's facts, right of the recipient (where an invoice states its own). */
function factsOf(data: StatementData, labels: StatementPdfLabels): [string, string][] {
  const day = (isoDay: string) => longDayIn(data.document.language, isoDay);
  return [
    [labels.memberNumber, data.memberNumber],
    [labels.period, `${day(data.from)} – ${day(data.to)}`],
    [labels.statementDate, day(data.madeOn)],
    [labels.currencies, data.sections.map((section) => section.currency).join(', ') || '—'],
  ];
}

function drawHeads(canvas: Canvas, labels: StatementPdfLabels, top: number): number {
  const heads = columnKeys.map((key) => [labels[key], column[key]] as const);
  return drawColumnHeads(canvas, heads, top, { weight: 'bold' });
}

type Row = {
  date: string;
  description: string;
  document: string;
  debit: string;
  credit: string;
  balance: string;
  isStrong?: boolean;
};

/** One row; a row that would not fit starts a new page with the column heads. */
function drawRow(canvas: Canvas, labels: StatementPdfLabels, row: Row, top: number): number {
  let y = top;
  if (y + 24 > contentBottom) y = drawHeads(canvas, labels, newPage(canvas));
  const cells = columnKeys.map((key) => [row[key], column[key]] as const);
  return drawTableRow(canvas, cells, y, row.isStrong ? { weight: 'bold' } : {}) + rowGap;
}

const amountOrEmpty = (minor: string) => (minor === '0' ? '' : formatAmount(Number(minor)));

/** One currency: heading, opening balance, the period's lines, closing balance. */
function drawSection(
  canvas: Canvas,
  data: StatementData,
  labels: StatementPdfLabels,
  section: StatementSection,
  top: number,
) {
  /** "10 Mar 2026": a day that fits the date column on one line, in the member's language. */
  const dayOf = (isoDay: string) => shortDayIn(data.document.language, isoDay);
  let y = top;
  if (y + 80 > contentBottom) y = newPage(canvas);
  y =
    canvas.write(labels.accountIn(section.currency), margin, y, { weight: 'bold', size: 10.5 }) + 4;
  y = drawHeads(canvas, labels, y);
  y = drawRow(
    canvas,
    labels,
    {
      date: dayOf(data.from),
      description: labels.openingBalance,
      document: '',
      debit: '',
      credit: '',
      balance: formatAmount(section.openingMinor),
      isStrong: true,
    },
    y,
  );
  for (const line of section.lines) {
    y = drawRow(
      canvas,
      labels,
      {
        date: dayOf(line.date),
        description: line.description,
        document: line.documentNumber ?? '',
        debit: amountOrEmpty(line.debitMinor),
        credit: amountOrEmpty(line.creditMinor),
        balance: formatAmount(Number(line.balanceMinor)),
      },
      y,
    );
  }
  y = drawRow(
    canvas,
    labels,
    {
      date: dayOf(data.to),
      description: labels.closingBalanceIn(section.currency),
      document: '',
      debit: '',
      credit: '',
      balance: formatAmount(section.closingMinor),
      isStrong: true,
    },
    y,
  );
  const meaning =
    section.closingMinor > 0
      ? labels.youOwe(`${section.currency} ${formatAmount(section.closingMinor)}`)
      : section.closingMinor < 0
        ? labels.inYourFavour(`${section.currency} ${formatAmount(-section.closingMinor)}`)
        : labels.settled;
  return canvas.write(meaning, margin, y + 2, { color: muted, width: contentWidth }) + 14;
}

/**
 * Renders a statement of account (A4 portrait) in the invoice's layout family: supplier and
 * title, the member and the statement's facts, then per currency the opening balance, every
 * line of the period with debit, credit and balance, and the closing balance. No payment part.
 */
export function renderStatementPdfFromData(
  data: StatementData,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const labels = statementLabelsOf(data.document.language);
  const pdf = openPdf({
    bufferPages: true,
    compress: options.compress,
    info: {
      title: `${labels.documentName} ${data.memberNumber} ${data.from} – ${data.to}`,
      author: federationName,
      subject: `${labels.documentName} – ${data.memberName}`,
      keywords: `statement of account ${data.memberNumber}`,
    },
  });
  const canvas = canvasOf(pdf.doc);
  let y = drawHeader(canvas, data.document, labels.title);
  y = drawAddresses(canvas, data.document, y, factsOf(data, labels)) + 20;
  if (data.sections.length === 0) {
    canvas.write(labels.nothingYet, margin, y, { color: muted });
  }
  for (const section of data.sections) y = drawSection(canvas, data, labels, section, y);
  numberPages(canvas, (pageNumber, count) => labels.pageOf(data.memberNumber, pageNumber, count));
  return closePdf(pdf);
}

/** Renders a member's statement of account for a period from the database. */
export async function renderStatementPdf(db: Db, mid: string, range: StatementRange) {
  const data = await loadStatementData(db, mid, range);
  return { data, pdf: await renderStatementPdfFromData(data) };
}
