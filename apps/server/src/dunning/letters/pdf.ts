import type { EmailTemplateKind, Language } from '@ops/contract';
import type { Kysely } from 'kysely';
import { federationName } from '../../certificates';
import type { Database } from '../../db/schema';
import { loadEmailRenderer, type EmailRenderer } from '../../email-templates';
import {
  attachQrBill,
  headquartersAddress,
  invoiceLabelsOf,
  loadInvoicePdfData,
  planQrBill,
  type QrBillPlan,
} from '../../invoices';
import {
  canvasOf,
  closePdf,
  contentBottom,
  contentWidth,
  drawColumnHeads,
  drawSender,
  drawTableRow,
  margin,
  muted,
  newPage,
  numberPages,
  openPdf,
  page,
  senderOf,
  type Canvas,
  type TableColumn,
} from '../../lib/pdf-kit';
import { isLanguage, longDayIn } from '../../lib/pdf-language';
import { variablesOf } from '../run';
import type { DunningSettingsRows } from '../settings';
import { letterLabelsOf } from './labels';
import { dueRowOf, type LetterPlan, type LetterRow, type LetterSelection } from './select';

/** Millimetres in PDF points (1/72 inch). */
const mm = (value: number) => (value * 72) / 25.4;

/**
 * The left window of a C5/DL window envelope (Swiss Post and DIN 5008 form B): 20 mm from the
 * left edge, 45 mm from the top, 90 × 45 mm. The return address takes its top line, the
 * recipient the rest; everything stays 5 mm inside the window's edges, so a sheet that slides
 * a little in the envelope still shows the whole address.
 */
export const addressWindow = { x: mm(20), y: mm(45), width: mm(90), height: mm(45) };
const windowInset = mm(5);
/** The Swiss QR-bill's payment part and receipt: the bottom 105 mm of an A4 page. */
const qrBillHeight = mm(105);
/** Letters posted within the country of headquarters carry no country line. */
const homeCountry = 'CH';

const bodySize = 9;

/** The sender, as the invoice PDF states the supplier: the account's holder, else headquarters. */
const senderOfRow = (row: LetterRow) =>
  senderOf(row.bank_holder_name ?? federationName, row.bank_holder_address ?? headquartersAddress);

/** The recipient's lines as the post reads them: name, street, postal code and town, country. */
export function recipientLinesOf(row: LetterRow): string[] {
  const filled = (value: string | null) => (value && value.trim() ? value.trim() : null);
  return [
    row.member_name,
    row.trade_name && row.trade_name !== row.member_name ? filled(row.trade_name) : null,
    filled(row.address_line1),
    filled(row.address_line2),
    filled([row.postal_code, row.city].filter(Boolean).join(' ')),
    filled(row.state),
    row.country_iso2 === homeCountry ? null : filled(row.country_name ?? row.country_iso2),
  ].filter((line): line is string => line !== null);
}

/** The return address and the recipient, inside the envelope's window. */
function drawWindow(canvas: Canvas, row: LetterRow): void {
  const { doc, write } = canvas;
  const x = addressWindow.x + windowInset;
  const width = addressWindow.width - 2 * windowInset;
  const sender = senderOfRow(row);
  // One small line the post returns an undeliverable letter to, ruled off from the recipient.
  const returnBottom = write(
    [sender.name, ...sender.lines].join(', '),
    x,
    addressWindow.y + mm(3),
    {
      size: 6.5,
      color: muted,
      width,
    },
  );
  doc
    .moveTo(x, returnBottom + 1)
    .lineTo(x + width, returnBottom + 1)
    .lineWidth(0.4)
    .strokeColor(muted)
    .stroke();
  let y = Math.max(returnBottom + mm(3), addressWindow.y + mm(10));
  recipientLinesOf(row).forEach((line, index) => {
    y = write(line, x, y, { size: 10, width, weight: index === 0 ? 'bold' : 'regular' });
  });
}

/** The date and the member's number, right of the window. */
function drawFacts({ write }: Canvas, row: LetterRow, language: Language, today: string): void {
  const labels = letterLabelsOf(language);
  const invoiceLabels = invoiceLabelsOf(language);
  const labelX = margin + 300;
  const valueX = labelX + 85;
  const width = page.width - margin - valueX;
  let y = addressWindow.y + mm(3);
  for (const [label, value] of [
    [labels.date, longDayIn(language, today)],
    [invoiceLabels.memberNumber, row.member_number],
  ] as const) {
    const labelBottom = write(label, labelX, y, { color: muted, width: 83 });
    y = Math.max(write(value, valueX, y, { width }), labelBottom) + 1;
  }
}

/** The table's columns: invoice, due date, open, reference, IBAN. */
const column = {
  number: { x: margin, width: 72 },
  due: { x: margin + 74, width: 62 },
  open: { x: margin + 138, width: 78, align: 'right' },
  reference: { x: margin + 224, width: 150 },
  iban: { x: margin + 376, width: contentWidth - 376 },
} satisfies Record<string, TableColumn>;

/**
 * The invoices the letter is about, with what its e-mail says of each (the same variables, so
 * the same formats): number, due date, what is open, the reference and the account to pay into.
 */
function drawInvoices(
  canvas: Canvas,
  rows: { variables: ReturnType<typeof variablesOf> }[],
  language: Language,
  top: number,
): number {
  const labels = letterLabelsOf(language);
  const invoiceLabels = invoiceLabelsOf(language);
  const heading = canvas.write(labels.invoicesHeading, margin, top, { weight: 'bold', size: 9 });
  const heads = [
    [invoiceLabels.invoiceNumber, column.number],
    [invoiceLabels.dueDate, column.due],
    [labels.open, column.open],
    [invoiceLabels.reference, column.reference],
    [invoiceLabels.iban, column.iban],
  ] as const;
  let y = drawColumnHeads(canvas, heads, heading + 3, { ruleAt: 11, below: 3 });
  for (const { variables } of rows) {
    const { invoice, bankAccount } = variables;
    // The account the template names: the QR-IBAN goes with a QR reference, else the IBAN.
    const iban =
      bankAccount && bankAccount.qrIban && invoice.paymentReference
        ? bankAccount.qrIban
        : (bankAccount?.iban ?? '—');
    if (y + 14 > contentBottom) y = newPage(canvas);
    const cells = [
      [invoice.number, column.number],
      [invoice.dueDate ?? '—', column.due],
      [invoice.balance, column.open],
      [invoice.paymentReference ?? invoice.number, column.reference],
      [iban, column.iban],
    ] as const;
    y = drawTableRow(canvas, cells, y) + 2;
  }
  return y;
}

/** A line of the text's label-and-value blocks (the bank details), padded into two columns. */
const columnLine = /^(\S.*?\S|\S)\s{2,}(\S.*)$/;

/**
 * The rendered text, paragraph by paragraph (a paragraph that would not fit starts a page), each
 * line written on its own so that a line break never forces another font. A paragraph whose
 * every line is a label padded apart from its value (the plain text of the e-mail's bank
 * details table) is drawn as two columns: spaces align only in a fixed-width font.
 */
function drawBody(canvas: Canvas, text: string, top: number): number {
  const { doc, write } = canvas;
  let y = top;
  const paragraphs = text
    .replace(/\r\n/g, '\n')
    .replace(/\t/g, '    ')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+$/, '').split('\n'))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
  for (const lines of paragraphs) {
    const rows = lines.map((line) => columnLine.exec(line.trim()));
    const isColumns = rows.length > 1 && rows.every((row) => row !== null);
    doc.font('Helvetica').fontSize(bodySize);
    const height = lines.reduce(
      (sum, line) => sum + doc.heightOfString(line || ' ', { width: contentWidth, lineGap: 0.5 }),
      0,
    );
    if (y + height > contentBottom) y = newPage(canvas);
    if (isColumns) {
      const labelWidth = Math.min(
        160,
        Math.max(...rows.map((row) => doc.widthOfString(row?.[1] ?? ''))) + 12,
      );
      for (const row of rows) {
        const labelBottom = write(row?.[1] ?? '', margin, y, {
          size: bodySize,
          color: muted,
          width: labelWidth,
        });
        y = Math.max(
          labelBottom,
          write(row?.[2] ?? '', margin + labelWidth, y, {
            size: bodySize,
            width: contentWidth - labelWidth,
          }),
        );
      }
    } else {
      for (const line of lines) {
        y = write(line.trim() === '' ? ' ' : line, margin, y, {
          size: bodySize,
          width: contentWidth,
        });
      }
    }
    y += 4;
  }
  return y;
}

/** What one letter prints, rendered before drawing (the wording is the level's template). */
type PreparedLetter = {
  letter: LetterPlan;
  language: Language;
  subject: string;
  text: string;
  rows: { row: LetterRow; variables: ReturnType<typeof variablesOf> }[];
  qrBill: QrBillPlan | null;
};

/**
 * The letter's wording: the level's e-mail template (the operators' wording when they changed
 * it) in the member's language, rendered with the variables the dunning run gives its e-mail
 * (`variablesOf`), for the letter's oldest invoice; the table lists every invoice on it.
 */
async function prepareLetter(
  db: Kysely<Database>,
  renderer: EmailRenderer,
  settings: DunningSettingsRows,
  letter: LetterPlan,
  today: string,
): Promise<PreparedLetter> {
  const [first] = letter.rows;
  const language: Language = isLanguage(first.member_language) ? first.member_language : 'en';
  const rows = letter.rows.map((row) => ({
    row,
    // The e-mail's "as of" is the run's day: the suspension it announces counts from there.
    variables: variablesOf(dueRowOf(row, letter.level, today), settings, row.notice_as_of),
  }));
  const [oldest] = rows;
  if (!oldest) throw new Error('A letter without an invoice');
  const rendered = await renderer.render(
    letter.level.template_kind as 'dunning-reminder-1',
    language,
    oldest.variables,
  );
  // The invoice PDF's QR-bill, for a letter about one invoice that has one (CHF or EUR from a
  // Swiss account); drawn only when it fits under the text, so a letter stays one sheet.
  let qrBill: QrBillPlan | null = null;
  if (rows.length === 1 && (first.currency.trim() === 'CHF' || first.currency.trim() === 'EUR')) {
    const plan = planQrBill(await loadInvoicePdfData(db, first.iid));
    if (plan.kind === 'qr-bill') qrBill = plan;
  }
  return { letter, language, subject: rendered.subject, text: rendered.text, rows, qrBill };
}

function drawLetter(canvas: Canvas, prepared: PreparedLetter, today: string): void {
  const { letter, language } = prepared;
  const [first] = letter.rows;
  const firstPage = (() => {
    const range = canvas.doc.bufferedPageRange();
    return range.start + range.count;
  })();
  newPage(canvas);
  drawSender(canvas, senderOfRow(first));
  drawWindow(canvas, first);
  drawFacts(canvas, first, language, today);
  let y = addressWindow.y + addressWindow.height + mm(7);
  y = canvas.write(prepared.subject, margin, y, { weight: 'bold', size: 11, width: contentWidth });
  y = drawInvoices(canvas, prepared.rows, language, y + 8) + 8;
  y = drawBody(canvas, prepared.text, y);
  if (prepared.qrBill?.kind === 'qr-bill' && y <= page.height - qrBillHeight - 4) {
    attachQrBill(canvas, prepared.qrBill, y, invoiceLabelsOf(language));
  }
  // A letter over several pages numbers them ("Member M-001 · page 2 of 2").
  const pageLabel = (pageNumber: number, count: number) =>
    letterLabelsOf(language).pageOf(first.member_number, pageNumber, count);
  numberPages(canvas, pageLabel, firstPage);
}

/**
 * The letters as one PDF (A4 portrait), a page per letter (more only for a text too long for
 * one): the sender top left, the return address and the recipient in the left window of a
 * C5/DL envelope, the date and member number beside it, the level's title and text in the
 * member's language, the invoices with what is open, the reference and the IBAN, and for a
 * letter about one CHF or EUR invoice the invoice's QR-bill when it fits below the text.
 */
export async function renderLettersPdf(
  db: Kysely<Database>,
  settings: DunningSettingsRows,
  selection: Pick<LetterSelection, 'letters' | 'today'>,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const kinds = [...new Set(selection.letters.map((letter) => letter.level.template_kind))];
  const renderer = await loadEmailRenderer(db, kinds as EmailTemplateKind[]);
  const prepared: PreparedLetter[] = [];
  for (const letter of selection.letters) {
    prepared.push(await prepareLetter(db, renderer, settings, letter, selection.today));
  }
  const pdf = openPdf({
    autoFirstPage: false,
    bufferPages: true,
    compress: options.compress,
    info: {
      title: `Dunning letters ${selection.today}`,
      author: federationName,
      subject: `${selection.letters.length} reminder letters`,
    },
  });
  const canvas = canvasOf(pdf.doc);
  for (const letter of prepared) drawLetter(canvas, letter, selection.today);
  return closePdf(pdf);
}
