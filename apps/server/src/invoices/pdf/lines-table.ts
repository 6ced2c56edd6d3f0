import { lineAmountMinor } from '@ops/contract';
import { standardFonts, toWinAnsi } from '../../lib/pdf-fonts';
import type { InvoicePdfData } from './data';
import { formatAmount, formatRate } from './format';
import { invoiceLabelsOf } from './labels';
import { contentBottom, margin, muted, newPage, page, rule, type Canvas } from '../../lib/pdf-kit';
import { columns } from './layout';

/** The table's header row (repeated on every page it runs over); returns the first row's y. */
function drawTableHeader({ doc, write }: Canvas, data: InvoicePdfData, top: number): number {
  const style = { weight: 'bold' as const, size: 8, color: muted };
  const labels = invoiceLabelsOf(data.language);
  write(labels.description, columns.description, top, { ...style, width: 245 });
  write(labels.quantity, columns.quantity, top, { ...style, width: 30, align: 'right' });
  write(labels.unitPrice, columns.unit, top, { ...style, width: 70, align: 'right' });
  write(labels.vat, columns.vat, top, { ...style, width: 60, align: 'right' });
  write(labels.amountIn(data.currency), columns.amount, top, {
    ...style,
    width: 70,
    align: 'right',
  });
  doc
    .moveTo(margin, top + 12)
    .lineTo(page.width - margin, top + 12)
    .lineWidth(0.75)
    .strokeColor(rule)
    .stroke();
  return top + 17;
}

/**
 * The lines: description (with the VAT exemption under a line outside VAT), quantity, unit
 * price, VAT rate and amount, on as many pages as they need. Returns the y below the last line.
 */
export function drawLinesTable(canvas: Canvas, data: InvoicePdfData, top: number): number {
  const { doc, write } = canvas;
  const labels = invoiceLabelsOf(data.language);
  let y = drawTableHeader(canvas, data, top);
  for (const line of data.lines) {
    const descriptionHeight =
      doc.font(standardFonts.regular).fontSize(9).heightOfString(toWinAnsi(line.description), {
        width: 245,
      }) + (line.vatRate === null ? 12 : 0);
    if (y + descriptionHeight + 6 > contentBottom) {
      y = drawTableHeader(canvas, data, newPage(canvas));
    }
    const rowTop = y;
    let bottom = write(line.description, columns.description, rowTop, { width: 245 });
    if (line.vatRate === null && line.vatExemption) {
      bottom = write(line.vatExemption, columns.description, bottom, {
        size: 7.5,
        color: muted,
        width: 245,
      });
    }
    write(String(line.quantity), columns.quantity, rowTop, { width: 30, align: 'right' });
    write(formatAmount(line.unitAmountMinor), columns.unit, rowTop, { width: 70, align: 'right' });
    write(
      line.vatRate === null ? labels.outsideVat : formatRate(line.vatRate),
      columns.vat,
      rowTop,
      {
        width: 60,
        align: 'right',
        ...(line.vatRate === null ? { color: muted, size: 8 } : {}),
      },
    );
    write(formatAmount(lineAmountMinor(line)), columns.amount, rowTop, {
      width: 70,
      align: 'right',
    });
    y = bottom + 6;
  }
  if (data.lines.length === 0) {
    y = write(labels.noLines, margin, y, { color: muted }) + 6;
  }
  return y;
}
