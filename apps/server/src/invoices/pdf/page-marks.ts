import type { InvoicePdfData } from './data';
import { invoiceLabelsOf, stampTextOf } from './labels';
import { contentWidth, margin, muted, page, type Canvas } from '../../lib/pdf-kit';
import { statusStampColors } from './layout';

/** The watermark's size: 110 pt, less for a long word (GUTGESCHRIEBEN) so that it fits the page. */
function watermarkSize(doc: PDFKit.PDFDocument, text: string): number {
  const width = doc.font('Helvetica-Bold').fontSize(110).widthOfString(text);
  const room = page.width; // drawn across the page, centred: the English words all fit
  return width > room ? Math.floor((110 * room) / width) : 110;
}

/** Watermark (the status stamp, large and faint) and page numbers on every page. */
export function drawPageMarks({ doc }: Canvas, data: InvoicePdfData): void {
  const labels = invoiceLabelsOf(data.language);
  const stampText = stampTextOf(labels, data.status);
  const stampColor = statusStampColors[data.status];
  const stamp = stampText && stampColor ? { text: stampText, color: stampColor } : null;
  const range = doc.bufferedPageRange();
  // A QR-bill on a page of its own is a slip (105 mm high), not a page of the invoice.
  let pageCount = 0;
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    if (doc.page.height >= page.height - 1) pageCount++;
  }
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const isSlipPage = doc.page.height < page.height - 1;
    if (stamp && data.status !== 'uncollectible' && !isSlipPage) {
      doc.save();
      doc.rotate(-30, { origin: [page.width / 2, 360] });
      doc
        .font('Helvetica-Bold')
        .fontSize(watermarkSize(doc, stamp.text))
        .fillColor(stamp.color)
        .fillOpacity(0.1)
        .text(stamp.text, 0, 300, { width: page.width, align: 'center', lineBreak: false });
      doc.restore();
    }
    if (pageCount > 1 && !isSlipPage) {
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(muted)
        .fillOpacity(1)
        .text(labels.pageOf(data.number, index - range.start + 1, pageCount), margin, 20, {
          width: contentWidth,
          align: 'right',
          lineBreak: false,
        });
    }
  }
}
