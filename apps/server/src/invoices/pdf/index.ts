/**
 * The invoice PDF: what it states (`data.ts`), how amounts, IBANs and references are written
 * (`format.ts`), the QR-bill's plan (`qr-bill.ts`), and the renderer (`render.ts`) drawing it
 * section by section: header, addresses, lines table, totals, payment details and QR-bill, page
 * marks.
 */
export {
  federationVatNumber,
  headquartersAddress,
  invoicePdfFileName,
  loadInvoicePdfData,
  pdfRecipientOf,
  unpayablePdfFields,
  type InvoicePdfData,
  type InvoiceReminder,
} from './data';
export { invoiceLabelsOf, invoicePdfLabels, type InvoicePdfLabels } from './labels';
export { formatAmount, formatIban, formatPaymentReference } from './format';
export { parseHolderAddress, planQrBill, type QrBillPlan } from './qr-bill';
export { renderInvoicePdf, renderInvoicePdfFromData, type RenderOptions } from './render';
// The sections a credit note's PDF reuses (same layout family, no QR part; issue 16); the page
// and its text are the PDF kit's (`lib/pdf-kit`).
// Dunning's letters (issue 32) end with the invoice's QR-bill when it fits below the text.
export { attachQrBill } from './payment';
export { drawHeader } from './header';
export { drawAddresses } from './addresses';
export { drawLinesTable } from './lines-table';
export { drawTotals, vatByRateOf } from './totals';
