/**
 * The credit-notes area's public surface: a credit note's PDF and its file name (issue 35: a
 * member's data export holds them).
 */
export { creditNotePdfFileName } from './pdf/data';
export { renderCreditNotePdf } from './pdf/render';
