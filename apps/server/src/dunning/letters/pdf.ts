import type { EmailTemplateKind, Language } from '@ops/contract';
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import { federationName } from '../../certificates';
import type { Database } from '../../db/schema';
import { loadEmailRenderer, type EmailRenderer } from '../../email-templates';
import {
  attachQrBill,
  canvasOf,
  contentBottom,
  contentWidth,
  headquartersAddress,
  invoiceLabelsOf,
  loadInvoicePdfData,
  newPage,
  pdfAccent as accent,
  pdfMargin as margin,
  pdfMuted as muted,
  pdfPage as page,
  planQrBill,
  type Canvas,
  type QrBillPlan,
} from '../../invoices';
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
function senderOf(row: LetterRow): { name: string; lines: string[] } {
  const address = row.bank_holder_address ?? headquartersAddress;
  return {
    name: row.bank_holder_name ?? federationName,
    lines: address.split(/\s*[,\n]\s*/).filter(Boolean),
  };
}

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

/** The sender top left, in the invoice's style; returns the y below it. */
function drawSender({ write }: Canvas, row: LetterRow): number {
  const sender = senderOf(row);
  let y = write(sender.name, margin, margin, {
    weight: 'bold',
    size: 11,
    color: accent,
    width: 280,
  });
  for (const line of sender.lines) y = write(line, margin, y, { color: muted, width: 280 });
  return y;
}

/** The return address and the recipient, inside the envelope's window. */
function drawWindow(canvas: Canvas, row: LetterRow): void {
  const { doc, write } = canvas;
  const x = addressWindow.x + windowInset;
  const width = addressWindow.width - 2 * windowInset;
  const sender = senderOf(row);
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
  open: { x: margin + 138, width: 78 },
  reference: { x: margin + 224, width: 150 },
  iban: { x: margin + 376, width: contentWidth - 376 },
};

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
  const { doc, write } = canvas;
  const labels = letterLabelsOf(language);
  const invoiceLabels = invoiceLabelsOf(language);
  let y = write(labels.invoicesHeading, margin, top, { weight: 'bold', size: 9 }) + 3;
  const head = { color: muted, size: 8 };
  write(invoiceLabels.invoiceNumber, column.number.x, y, { ...head, width: column.number.width });
  write(invoiceLabels.dueDate, column.due.x, y, { ...head, width: column.due.width });
  write(labels.open, column.open.x, y, { ...head, width: column.open.width, align: 'right' });
  write(invoiceLabels.reference, column.reference.x, y, { ...head, width: column.reference.width });
  write(invoiceLabels.iban, column.iban.x, y, { ...head, width: column.iban.width });
  y += 11;
  doc
    .moveTo(margin, y)
    .lineTo(margin + contentWidth, y)
    .lineWidth(0.5)
    .strokeColor('#d1d5db')
    .stroke();
  y += 3;
  for (const { variables } of rows) {
    const { invoice, bankAccount } = variables;
    // The account the template names: the QR-IBAN goes with a QR reference, else the IBAN.
    const iban =
      bankAccount && bankAccount.qrIban && invoice.paymentReference
        ? bankAccount.qrIban
        : (bankAccount?.iban ?? '—');
    if (y + 14 > contentBottom) y = newPage(canvas);
    const bottoms = [
      write(invoice.number, column.number.x, y, { width: column.number.width }),
      write(invoice.dueDate ?? '—', column.due.x, y, { width: column.due.width }),
      write(invoice.balance, column.open.x, y, { width: column.open.width, align: 'right' }),
      write(invoice.paymentReference ?? invoice.number, column.reference.x, y, {
        width: column.reference.width,
      }),
      write(iban, column.iban.x, y, { width: column.iban.width }),
    ];
    y = Math.max(...bottoms) + 2;
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

/** A letter over several pages numbers them ("Member M-001 · page 2 of 2"). */
function numberPages(
  { doc }: Canvas,
  firstPage: number,
  memberNumber: string,
  language: Language,
): void {
  const range = doc.bufferedPageRange();
  const count = range.start + range.count - firstPage;
  if (count < 2) return;
  for (let index = 0; index < count; index++) {
    doc.switchToPage(firstPage + index);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(muted)
      .text(letterLabelsOf(language).pageOf(memberNumber, index + 1, count), margin, 20, {
        width: contentWidth,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.switchToPage(firstPage + count - 1);
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
  drawSender(canvas, first);
  drawWindow(canvas, first);
  drawFacts(canvas, first, language, today);
  let y = addressWindow.y + addressWindow.height + mm(7);
  y = canvas.write(prepared.subject, margin, y, { weight: 'bold', size: 11, width: contentWidth });
  y = drawInvoices(canvas, prepared.rows, language, y + 8) + 8;
  y = drawBody(canvas, prepared.text, y);
  if (prepared.qrBill?.kind === 'qr-bill' && y <= page.height - qrBillHeight - 4) {
    attachQrBill(canvas, prepared.qrBill, y, invoiceLabelsOf(language));
  }
  numberPages(canvas, firstPage, first.member_number, language);
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
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    compress: options.compress ?? true,
    info: {
      Title: `Dunning letters ${selection.today}`,
      Author: federationName,
      Subject: `${selection.letters.length} reminder letters`,
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
  for (const letter of prepared) drawLetter(canvas, letter, selection.today);
  doc.flushPages();
  doc.end();
  return bytes;
}
