/**
 * The layout kit of every PDF the federation sends (invoices, credit notes, statements of
 * account, dunning letters, certificates): the document and its bytes (`document.ts`), the page
 * and how text is written on it (`canvas.ts`), the sender block (`sender.ts`), tables
 * (`table.ts`) and page numbers (`page-numbers.ts`). Each document is a small file on it that
 * says only what it states.
 */
export {
  accent,
  canvasOf,
  contentBottom,
  contentWidth,
  ink,
  margin,
  muted,
  newPage,
  page,
  rule,
  type Canvas,
  type TextStyle,
} from './canvas';
export { closePdf, openPdf, type PdfInfo, type PdfOptions } from './document';
export { numberPages } from './page-numbers';
export { drawSender, senderOf, type Sender } from './sender';
export { drawColumnHeads, drawTableRow, type TableCell, type TableColumn } from './table';
