import { contentWidth, margin, muted, type Canvas } from './canvas';

/**
 * Page numbers top right ("Invoice 2026-0001 · page 2 of 3") on the pages from `firstPage` on,
 * when there are two or more; the document stays on its last page.
 */
export function numberPages(
  { doc }: Canvas,
  pageLabel: (pageNumber: number, pageCount: number) => string,
  firstPage = doc.bufferedPageRange().start,
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
      .text(pageLabel(index + 1, count), margin, 20, {
        width: contentWidth,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.switchToPage(firstPage + count - 1);
}
