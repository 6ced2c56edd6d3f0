import type { InvoicePdfData } from './data';
import { contentWidth, margin, muted, page, statusStamps, type Canvas } from './layout';

/** Watermark (the status stamp, large and faint) and page numbers on every page. */
export function drawPageMarks({ doc }: Canvas, data: InvoicePdfData): void {
  const stamp = statusStamps[data.status];
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
        .fontSize(110)
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
        .text(
          `Invoice ${data.number} · page ${index - range.start + 1} of ${pageCount}`,
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
}
