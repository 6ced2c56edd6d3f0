import type { Language } from '@ops/contract';
import { labelsIn } from '../../lib/pdf-language';

/**
 * The fixed words of the credit note PDF in the four working languages (issue 17), picked by the
 * member's preferred language. The header, addresses, lines and totals are the invoice PDF's
 * sections, in the same language (`invoices/pdf/labels.ts`); the reason is printed as written.
 */
export type CreditNotePdfLabels = {
  title: string;
  /** "Credit note CN-2026-000001": metadata and page numbers. */
  named: (number: string) => string;
  onInvoice: (invoiceNumber: string) => string;
  creditNote: string;
  date: string;
  creditsInvoice: string;
  invoiceDate: string;
  memberNumber: string;
  currency: string;
  reason: (reason: string) => string;
  takenOff: (amount: string, invoiceNumber: string) => string;
  toCredit: (amount: string) => string;
  yearStaysPaid: (year: number) => string;
  yearRevoked: (year: number) => string;
  pageOf: (number: string, page: number, count: number) => string;
};

const en: CreditNotePdfLabels = {
  title: 'CREDIT NOTE',
  named: (number) => `Credit note ${number}`,
  onInvoice: (invoiceNumber) => `Credit note on invoice ${invoiceNumber}`,
  creditNote: 'Credit note',
  date: 'Date',
  creditsInvoice: 'Credits invoice',
  invoiceDate: 'Invoice date',
  memberNumber: 'Member number',
  currency: 'Currency',
  reason: (reason) => `Reason: ${reason}`,
  takenOff: (amount, invoiceNumber) =>
    `${amount} is taken off what invoice ${invoiceNumber} still asked for.`,
  toCredit: (amount) =>
    `${amount} you had already paid is credited to your account: it is applied to your next invoice, or paid back on request.`,
  yearStaysPaid: (year) => `Your membership year ${year} stays paid.`,
  yearRevoked: (year) =>
    `Your membership year ${year} is no longer paid, and its certificate is revoked.`,
  pageOf: (number, page, count) => `Credit note ${number} · page ${page} of ${count}`,
};

const fr: CreditNotePdfLabels = {
  title: 'NOTE DE CRÉDIT',
  named: (number) => `Note de crédit ${number}`,
  onInvoice: (invoiceNumber) => `Note de crédit sur la facture ${invoiceNumber}`,
  creditNote: 'Note de crédit',
  date: 'Date',
  creditsInvoice: 'Facture créditée',
  invoiceDate: 'Date de facture',
  memberNumber: 'N° de membre',
  currency: 'Monnaie',
  reason: (reason) => `Motif : ${reason}`,
  takenOff: (amount, invoiceNumber) =>
    `${amount} est déduit du montant encore dû sur la facture ${invoiceNumber}.`,
  toCredit: (amount) =>
    `${amount} déjà payé est crédité sur votre compte : ce montant sera imputé sur votre prochaine facture ou vous sera remboursé sur demande.`,
  yearStaysPaid: (year) => `Votre année d’adhésion ${year} reste payée.`,
  yearRevoked: (year) =>
    `Votre année d’adhésion ${year} n’est plus payée et son certificat est révoqué.`,
  pageOf: (number, page, count) => `Note de crédit ${number} · page ${page} sur ${count}`,
};

const de: CreditNotePdfLabels = {
  title: 'GUTSCHRIFT',
  named: (number) => `Gutschrift ${number}`,
  onInvoice: (invoiceNumber) => `Gutschrift zur Rechnung ${invoiceNumber}`,
  creditNote: 'Gutschrift',
  date: 'Datum',
  creditsInvoice: 'Zur Rechnung',
  invoiceDate: 'Rechnungsdatum',
  memberNumber: 'Mitgliedsnummer',
  currency: 'Währung',
  reason: (reason) => `Grund: ${reason}`,
  takenOff: (amount, invoiceNumber) =>
    `${amount} wird vom offenen Betrag der Rechnung ${invoiceNumber} abgezogen.`,
  toCredit: (amount) =>
    `${amount}, die Sie bereits bezahlt haben, werden Ihrem Konto gutgeschrieben: Wir verrechnen den Betrag mit Ihrer nächsten Rechnung oder erstatten ihn auf Wunsch zurück.`,
  yearStaysPaid: (year) => `Ihr Mitgliedsjahr ${year} bleibt bezahlt.`,
  yearRevoked: (year) =>
    `Ihr Mitgliedsjahr ${year} gilt nicht mehr als bezahlt, und das zugehörige Zertifikat wird widerrufen.`,
  pageOf: (number, page, count) => `Gutschrift ${number} · Seite ${page} von ${count}`,
};

const es: CreditNotePdfLabels = {
  title: 'NOTA DE CRÉDITO',
  named: (number) => `Nota de crédito ${number}`,
  onInvoice: (invoiceNumber) => `Nota de crédito sobre la factura ${invoiceNumber}`,
  creditNote: 'Nota de crédito',
  date: 'Fecha',
  creditsInvoice: 'Factura abonada',
  invoiceDate: 'Fecha de factura',
  memberNumber: 'N.º de miembro',
  currency: 'Moneda',
  reason: (reason) => `Motivo: ${reason}`,
  takenOff: (amount, invoiceNumber) =>
    `Se descuentan ${amount} del importe pendiente de la factura ${invoiceNumber}.`,
  toCredit: (amount) =>
    `Se abonan en su cuenta ${amount} que ya había pagado: los aplicaremos a su próxima factura o se los reembolsaremos si lo solicita.`,
  yearStaysPaid: (year) => `Su año de afiliación ${year} sigue pagado.`,
  yearRevoked: (year) =>
    `Su año de afiliación ${year} deja de estar pagado y su certificado queda revocado.`,
  pageOf: (number, page, count) => `Nota de crédito ${number} · página ${page} de ${count}`,
};

export const creditNotePdfLabels: Record<Language, CreditNotePdfLabels> = { en, fr, de, es };

/** The credit note's words in a language (English for an unknown one). */
export function creditNoteLabelsOf(language: string | null | undefined): CreditNotePdfLabels {
  return labelsIn(creditNotePdfLabels, language);
}
