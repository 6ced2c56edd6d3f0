/**
 * Credit notes and refunds (issue 16): the dialogs the invoice, invoice fixes and member screens
 * place. The one feature other features import, and only through this file.
 */
export { CreditNoteDialog, type CreditNoteInvoice } from './components/credit-note-dialog';
export { CreditNoteAction, CreditNoteOutcome } from './components/credit-note-action';
export { SendCreditNoteAction } from './components/send-credit-note-action';
export { RefundAction, RefundDialog } from './components/refund-dialog';
export { creditNotePdfPath } from './api/credit-note-pdf';
