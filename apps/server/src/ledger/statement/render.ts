import PDFDocument from 'pdfkit';
import { federationName } from '../../certificates';
import {
  canvasOf,
  contentBottom,
  contentWidth,
  drawAddresses,
  drawHeader,
  formatAmount,
  newPage,
  pdfMargin as margin,
  pdfMuted as muted,
  type Canvas,
} from '../../invoices';
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
  debit: { x: margin + 306, width: 58 },
  credit: { x: margin + 368, width: 58 },
  balance: { x: margin + 430, width: contentWidth - 430 },
};
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

function drawColumnHeads({ doc, write }: Canvas, labels: StatementPdfLabels, top: number): number {
  const style = { color: muted, size: 8, weight: 'bold' as const };
  write(labels.date, column.date.x, top, { ...style, width: column.date.width });
  write(labels.description, column.description.x, top, {
    ...style,
    width: column.description.width,
  });
  write(labels.document, column.document.x, top, { ...style, width: column.document.width });
  for (const [label, at] of [
    [labels.debit, column.debit],
    [labels.credit, column.credit],
    [labels.balance, column.balance],
  ] as const) {
    write(label, at.x, top, { ...style, width: at.width, align: 'right' });
  }
  const y = top + 12;
  doc
    .moveTo(margin, y)
    .lineTo(margin + contentWidth, y)
    .lineWidth(0.5)
    .strokeColor('#d1d5db')
    .stroke();
  return y + 4;
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
  if (y + 24 > contentBottom) y = drawColumnHeads(canvas, labels, newPage(canvas));
  const { write } = canvas;
  const style = row.isStrong ? { weight: 'bold' as const } : {};
  const bottoms = [
    write(row.date, column.date.x, y, { ...style, width: column.date.width }),
    write(row.description, column.description.x, y, { ...style, width: column.description.width }),
    write(row.document, column.document.x, y, { ...style, width: column.document.width }),
    write(row.debit, column.debit.x, y, { ...style, width: column.debit.width, align: 'right' }),
    write(row.credit, column.credit.x, y, { ...style, width: column.credit.width, align: 'right' }),
    write(row.balance, column.balance.x, y, {
      ...style,
      width: column.balance.width,
      align: 'right',
    }),
  ];
  return Math.max(...bottoms) + rowGap;
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
  y = drawColumnHeads(canvas, labels, y);
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

/** Page numbers when the statement runs over several pages. */
function drawPageNumbers({ doc }: Canvas, data: StatementData, labels: StatementPdfLabels): void {
  const range = doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(labels.pageOf(data.memberNumber, index - range.start + 1, range.count), margin, 20, {
        width: contentWidth,
        align: 'right',
        lineBreak: false,
      });
  }
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
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: `${labels.documentName} ${data.memberNumber} ${data.from} – ${data.to}`,
      Author: federationName,
      Subject: `${labels.documentName} – ${data.memberName}`,
      Keywords: `statement of account ${data.memberNumber}`,
      Creator: 'Operations',
      Producer: 'Operations (PDFKit)',
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
  y = drawAddresses(canvas, data.document, y, factsOf(data, labels)) + 20;
  if (data.sections.length === 0) {
    canvas.write(labels.nothingYet, margin, y, { color: muted });
  }
  for (const section of data.sections) y = drawSection(canvas, data, labels, section, y);
  drawPageNumbers(canvas, data, labels);
  doc.flushPages();
  doc.end();
  return bytes;
}

/** Renders a member's statement of account for a period from the database. */
export async function renderStatementPdf(db: Db, mid: string, range: StatementRange) {
  const data = await loadStatementData(db, mid, range);
  return { data, pdf: await renderStatementPdfFromData(data) };
}
