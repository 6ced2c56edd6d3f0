import type { Language, TInvoiceKind, TInvoicePaymentMethod, TInvoiceStatus } from '@ops/contract';
import { labelsIn } from '../../lib/pdf-language';

/**
 * The fixed words of the invoice PDF in the federation's four working languages (issue 17):
 * the member's preferred language picks them (`InvoicePdfData.language`). The credit note and
 * the statement of account draw the invoice's header, addresses, lines and totals, so they
 * share these words. Amounts keep one notation everywhere ("1’250.00"); days are written out in
 * the language (`lib/pdf-language.ts`). What the invoice itself holds (line descriptions, VAT
 * exemption texts) is printed as stored.
 */
export type InvoicePdfLabels = {
  /** The document's title, top right. */
  invoiceTitle: string;
  /** The title of the invoice sent again by a dunning level: "REMINDER 2". */
  reminderTitle: (level: number) => string;
  /** The title of the last level before suspension. */
  finalNoticeTitle: string;
  /** The paragraph a reminder adds above the lines. */
  reminderNote: (invoiceNumber: string) => string;
  /** Metadata (the PDF's Title): "Invoice 2026-000001". */
  invoiceNamed: (number: string) => string;
  kindTitles: Record<TInvoiceKind, string>;
  stamps: Record<'draft' | 'paid' | 'void' | 'uncollectible' | 'credited', string>;
  vatNumber: (number: string) => string;
  notVatRegistered: string;
  billTo: string;
  noMember: string;
  memberVatNumber: (number: string) => string;
  invoiceNumber: string;
  memberNumber: string;
  invoiceDate: string;
  notIssuedYet: string;
  periodOfSupply: string;
  dueDate: string;
  currency: string;
  paymentReference: string;
  membershipYear: (year: number) => string;
  licenceYear: (year: number) => string;
  year: (year: number) => string;
  description: string;
  quantity: string;
  unitPrice: string;
  vat: string;
  amountIn: (currency: string) => string;
  outsideVat: string;
  noLines: string;
  subtotal: string;
  vatOn: (rate: string, base: string) => string;
  vatTotal: string;
  vatOutsideScope: string;
  donationOutsideScope: string;
  totalIn: (currency: string) => string;
  creditApplied: string;
  paid: string;
  paidOn: (day: string, method: string | null) => string;
  paymentMethods: Record<TInvoicePaymentMethod, string>;
  creditNotes: string;
  bankChargesWrittenOff: string;
  amountDueIn: (currency: string) => string;
  vatNote: string;
  paymentWithQrBill: string;
  paymentByTransfer: string;
  voidDoNotPay: string;
  bankDetailsSeparately: string;
  amount: string;
  payBy: (day: string) => string;
  accountHolder: string;
  bank: string;
  iban: string;
  bic: string;
  qrIban: string;
  reference: string;
  pageOf: (number: string, page: number, count: number) => string;
  /** The Swiss QR-bill's own language (it knows no Spanish: English then). */
  qrBillLanguage: 'DE' | 'EN' | 'FR';
};

const withMethod = (text: string, method: string | null) => (method ? `${text} (${method})` : text);

const en: InvoicePdfLabels = {
  invoiceTitle: 'INVOICE',
  reminderTitle: (level) => `REMINDER ${level}`,
  finalNoticeTitle: 'FINAL NOTICE',
  reminderNote: (number) =>
    `According to our records, invoice ${number} has not been paid yet. Please pay the amount due without delay. If you have paid it in the meantime, please disregard this reminder.`,
  invoiceNamed: (number) => `Invoice ${number}`,
  kindTitles: {
    membership: 'Membership fee',
    licence: 'Document licence fee',
    application: 'Application fee',
    other: 'Invoice',
  },
  stamps: {
    draft: 'DRAFT',
    paid: 'PAID',
    void: 'VOID',
    uncollectible: 'UNCOLLECTIBLE',
    credited: 'CREDITED',
  },
  vatNumber: (number) => `VAT number: ${number}`,
  notVatRegistered: 'Not registered for Swiss VAT (UID-MWST)',
  billTo: 'Bill to',
  noMember: 'No member is linked to this invoice.',
  memberVatNumber: (number) => `VAT/UID: ${number}`,
  invoiceNumber: 'Invoice number',
  memberNumber: 'Member number',
  invoiceDate: 'Invoice date',
  notIssuedYet: 'Not issued yet (draft)',
  periodOfSupply: 'Period of supply',
  dueDate: 'Due date',
  currency: 'Currency',
  paymentReference: 'Payment reference',
  membershipYear: (year) => `Membership year ${year} (1 January – 31 December ${year})`,
  licenceYear: (year) => `Licence year ${year} (1 January – 31 December ${year})`,
  year: (year) => `Year ${year}`,
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  vat: 'VAT',
  amountIn: (currency) => `Amount ${currency}`,
  outsideVat: 'outside VAT',
  noLines: 'This invoice has no lines.',
  subtotal: 'Subtotal',
  vatOn: (rate, base) => `VAT ${rate} on ${base}`,
  vatTotal: 'VAT total',
  vatOutsideScope: 'VAT (outside the scope of VAT)',
  donationOutsideScope: 'Donation (outside the scope of VAT)',
  totalIn: (currency) => `Total ${currency}`,
  creditApplied: 'Credit applied from your account',
  paid: 'Paid',
  paidOn: (day, method) => withMethod(`Paid on ${day}`, method),
  paymentMethods: {
    'bank-transfer': 'bank transfer',
    card: 'card',
    cash: 'cash',
    other: 'other means',
  },
  creditNotes: 'Credit notes',
  bankChargesWrittenOff: 'Bank charges written off',
  amountDueIn: (currency) => `Amount due ${currency}`,
  vatNote:
    'Membership fees and donations to the federation, a non-profit association, are outside the scope of Swiss VAT; no VAT is charged.',
  paymentWithQrBill: 'Payment: with the QR-bill below, or by bank transfer with the reference',
  paymentByTransfer: 'Payment by bank transfer',
  voidDoNotPay: 'This invoice is void: do not pay it.',
  bankDetailsSeparately: 'Bank details will be sent separately.',
  amount: 'Amount',
  payBy: (day) => `, by ${day}`,
  accountHolder: 'Account holder',
  bank: 'Bank',
  iban: 'IBAN',
  bic: 'BIC / SWIFT',
  qrIban: 'QR-IBAN (QR-bill)',
  reference: 'Reference',
  pageOf: (number, page, count) => `Invoice ${number} · page ${page} of ${count}`,
  qrBillLanguage: 'EN',
};

const fr: InvoicePdfLabels = {
  invoiceTitle: 'FACTURE',
  reminderTitle: (level) => `RAPPEL ${level}`,
  finalNoticeTitle: 'DERNIER RAPPEL',
  reminderNote: (number) =>
    `Sauf erreur de notre part, la facture ${number} n’a pas encore été réglée. Nous vous prions de bien vouloir verser le montant dû dans les meilleurs délais. Si vous avez effectué le paiement entre-temps, veuillez ne pas tenir compte de ce rappel.`,
  invoiceNamed: (number) => `Facture ${number}`,
  kindTitles: {
    membership: 'Cotisation de membre',
    licence: 'Redevance de licence de document',
    application: 'Frais de demande d’adhésion',
    other: 'Facture',
  },
  stamps: {
    draft: 'PROJET',
    paid: 'PAYÉE',
    void: 'ANNULÉE',
    uncollectible: 'IRRÉCOUVRABLE',
    credited: 'CRÉDITÉE',
  },
  vatNumber: (number) => `Numéro TVA : ${number}`,
  notVatRegistered: 'Non immatriculée à la TVA suisse (IDE TVA)',
  billTo: 'Destinataire',
  noMember: 'Aucun membre n’est lié à cette facture.',
  memberVatNumber: (number) => `TVA/IDE : ${number}`,
  invoiceNumber: 'N° de facture',
  memberNumber: 'N° de membre',
  invoiceDate: 'Date de facture',
  notIssuedYet: 'Pas encore émise (projet)',
  periodOfSupply: 'Période de prestation',
  dueDate: 'Échéance',
  currency: 'Monnaie',
  paymentReference: 'Référence de paiement',
  membershipYear: (year) => `Année d’adhésion ${year} (du 1er janvier au 31 décembre ${year})`,
  licenceYear: (year) => `Année de licence ${year} (du 1er janvier au 31 décembre ${year})`,
  year: (year) => `Année ${year}`,
  description: 'Désignation',
  quantity: 'Qté',
  unitPrice: 'Prix unitaire',
  vat: 'TVA',
  amountIn: (currency) => `Montant ${currency}`,
  outsideVat: 'hors champ TVA',
  noLines: 'Cette facture ne comporte aucune ligne.',
  subtotal: 'Sous-total',
  vatOn: (rate, base) => `TVA ${rate} sur ${base}`,
  vatTotal: 'Total TVA',
  vatOutsideScope: 'TVA (hors du champ de la TVA)',
  donationOutsideScope: 'Don (hors du champ de la TVA)',
  totalIn: (currency) => `Total ${currency}`,
  creditApplied: 'Avoir imputé depuis votre compte',
  paid: 'Payé',
  paidOn: (day, method) => withMethod(`Payé le ${day}`, method),
  paymentMethods: {
    'bank-transfer': 'virement bancaire',
    card: 'carte',
    cash: 'espèces',
    other: 'autre moyen',
  },
  creditNotes: 'Notes de crédit',
  bankChargesWrittenOff: 'Frais bancaires passés en perte',
  amountDueIn: (currency) => `Montant dû ${currency}`,
  vatNote:
    'Les cotisations et les dons versés à la fédération, association à but non lucratif, ne sont pas soumis à la TVA suisse ; aucune TVA n’est facturée.',
  paymentWithQrBill:
    'Paiement : avec la QR-facture ci-dessous, ou par virement bancaire avec la référence',
  paymentByTransfer: 'Paiement par virement bancaire',
  voidDoNotPay: 'Cette facture est annulée : veuillez ne pas la payer.',
  bankDetailsSeparately: 'Les coordonnées bancaires vous seront communiquées séparément.',
  amount: 'Montant',
  payBy: (day) => `, au plus tard le ${day}`,
  accountHolder: 'Titulaire du compte',
  bank: 'Banque',
  iban: 'IBAN',
  bic: 'BIC / SWIFT',
  qrIban: 'QR-IBAN (QR-facture)',
  reference: 'Référence',
  pageOf: (number, page, count) => `Facture ${number} · page ${page} sur ${count}`,
  qrBillLanguage: 'FR',
};

const de: InvoicePdfLabels = {
  invoiceTitle: 'RECHNUNG',
  reminderTitle: (level) => `${level}. MAHNUNG`,
  finalNoticeTitle: 'LETZTE MAHNUNG',
  reminderNote: (number) =>
    `Nach unseren Unterlagen ist die Rechnung ${number} noch nicht bezahlt. Wir bitten Sie, den offenen Betrag umgehend zu überweisen. Sollten Sie die Zahlung inzwischen geleistet haben, betrachten Sie diese Mahnung bitte als gegenstandslos.`,
  invoiceNamed: (number) => `Rechnung ${number}`,
  kindTitles: {
    membership: 'Mitgliederbeitrag',
    licence: 'Lizenzgebühr für Dokumente',
    application: 'Aufnahmegebühr',
    other: 'Rechnung',
  },
  stamps: {
    draft: 'ENTWURF',
    paid: 'BEZAHLT',
    void: 'STORNIERT',
    uncollectible: 'UNEINBRINGLICH',
    credited: 'GUTGESCHRIEBEN',
  },
  vatNumber: (number) => `MWST-Nummer: ${number}`,
  notVatRegistered: 'Nicht im schweizerischen MWST-Register eingetragen (UID-MWST)',
  billTo: 'Rechnungsempfänger',
  noMember: 'Dieser Rechnung ist kein Mitglied zugeordnet.',
  memberVatNumber: (number) => `MWST/UID: ${number}`,
  invoiceNumber: 'Rechnungsnummer',
  memberNumber: 'Mitgliedsnummer',
  invoiceDate: 'Rechnungsdatum',
  notIssuedYet: 'Noch nicht ausgestellt (Entwurf)',
  periodOfSupply: 'Leistungszeitraum',
  dueDate: 'Fällig am',
  currency: 'Währung',
  paymentReference: 'Zahlungsreferenz',
  membershipYear: (year) => `Mitgliedsjahr ${year} (1. Januar – 31. Dezember ${year})`,
  licenceYear: (year) => `Lizenzjahr ${year} (1. Januar – 31. Dezember ${year})`,
  year: (year) => `Jahr ${year}`,
  description: 'Beschreibung',
  quantity: 'Menge',
  unitPrice: 'Einzelpreis',
  vat: 'MWST',
  amountIn: (currency) => `Betrag ${currency}`,
  outsideVat: 'nicht steuerbar',
  noLines: 'Diese Rechnung enthält keine Positionen.',
  subtotal: 'Zwischensumme',
  vatOn: (rate, base) => `MWST ${rate} auf ${base}`,
  vatTotal: 'Total MWST',
  vatOutsideScope: 'MWST (nicht steuerbar)',
  donationOutsideScope: 'Spende (nicht steuerbar)',
  totalIn: (currency) => `Total ${currency}`,
  creditApplied: 'Verrechnetes Guthaben aus Ihrem Konto',
  paid: 'Bezahlt',
  paidOn: (day, method) => withMethod(`Bezahlt am ${day}`, method),
  paymentMethods: {
    'bank-transfer': 'Banküberweisung',
    card: 'Karte',
    cash: 'bar',
    other: 'andere Zahlungsart',
  },
  creditNotes: 'Gutschriften',
  bankChargesWrittenOff: 'Abgeschriebene Bankspesen',
  amountDueIn: (currency) => `Offener Betrag ${currency}`,
  vatNote:
    'Mitgliederbeiträge und Spenden an die Föderation, einen gemeinnützigen Verein, unterliegen nicht der schweizerischen Mehrwertsteuer; es wird keine MWST erhoben.',
  paymentWithQrBill: 'Zahlung: mit der QR-Rechnung unten oder per Banküberweisung mit der Referenz',
  paymentByTransfer: 'Zahlung per Banküberweisung',
  voidDoNotPay: 'Diese Rechnung ist storniert: Bitte nicht bezahlen.',
  bankDetailsSeparately: 'Die Bankverbindung wird Ihnen separat mitgeteilt.',
  amount: 'Betrag',
  payBy: (day) => `, bis ${day}`,
  accountHolder: 'Kontoinhaber',
  bank: 'Bank',
  iban: 'IBAN',
  bic: 'BIC / SWIFT',
  qrIban: 'QR-IBAN (QR-Rechnung)',
  reference: 'Referenz',
  pageOf: (number, page, count) => `Rechnung ${number} · Seite ${page} von ${count}`,
  qrBillLanguage: 'DE',
};

const es: InvoicePdfLabels = {
  invoiceTitle: 'FACTURA',
  reminderTitle: (level) => `RECORDATORIO ${level}`,
  finalNoticeTitle: 'ÚLTIMO AVISO',
  reminderNote: (number) =>
    `Según nuestros registros, la factura ${number} aún no ha sido pagada. Le rogamos que abone el importe pendiente a la mayor brevedad. Si ya ha efectuado el pago, le rogamos que no tenga en cuenta este recordatorio.`,
  invoiceNamed: (number) => `Factura ${number}`,
  kindTitles: {
    membership: 'Cuota de afiliación',
    licence: 'Tasa de licencia de documentos',
    application: 'Tasa de solicitud de afiliación',
    other: 'Factura',
  },
  stamps: {
    draft: 'BORRADOR',
    paid: 'PAGADA',
    void: 'ANULADA',
    uncollectible: 'INCOBRABLE',
    credited: 'ABONADA',
  },
  vatNumber: (number) => `Número de IVA: ${number}`,
  notVatRegistered: 'No inscrita en el registro del IVA suizo (UID-MWST)',
  billTo: 'Facturar a',
  noMember: 'Esta factura no está vinculada a ningún miembro.',
  memberVatNumber: (number) => `IVA/UID: ${number}`,
  invoiceNumber: 'N.º de factura',
  memberNumber: 'N.º de miembro',
  invoiceDate: 'Fecha de factura',
  notIssuedYet: 'Aún no emitida (borrador)',
  periodOfSupply: 'Período de prestación',
  dueDate: 'Vencimiento',
  currency: 'Moneda',
  paymentReference: 'Referencia de pago',
  membershipYear: (year) =>
    `Año de afiliación ${year} (del 1 de enero al 31 de diciembre de ${year})`,
  licenceYear: (year) => `Año de licencia ${year} (del 1 de enero al 31 de diciembre de ${year})`,
  year: (year) => `Año ${year}`,
  description: 'Descripción',
  quantity: 'Cant.',
  unitPrice: 'Precio unitario',
  vat: 'IVA',
  amountIn: (currency) => `Importe ${currency}`,
  outsideVat: 'no sujeto a IVA',
  noLines: 'Esta factura no tiene líneas.',
  subtotal: 'Subtotal',
  vatOn: (rate, base) => `IVA ${rate} sobre ${base}`,
  vatTotal: 'Total IVA',
  vatOutsideScope: 'IVA (no sujeto a IVA)',
  donationOutsideScope: 'Donativo (no sujeto a IVA)',
  totalIn: (currency) => `Total ${currency}`,
  creditApplied: 'Saldo a favor aplicado de su cuenta',
  paid: 'Pagado',
  paidOn: (day, method) => withMethod(`Pagado el ${day}`, method),
  paymentMethods: {
    'bank-transfer': 'transferencia bancaria',
    card: 'tarjeta',
    cash: 'efectivo',
    other: 'otro medio',
  },
  creditNotes: 'Notas de crédito',
  bankChargesWrittenOff: 'Gastos bancarios dados de baja',
  amountDueIn: (currency) => `Importe pendiente ${currency}`,
  vatNote:
    'Las cuotas de afiliación y los donativos a la federación, asociación sin ánimo de lucro, no están sujetos al IVA suizo; no se factura IVA.',
  paymentWithQrBill:
    'Pago: con la QR-factura de abajo, o por transferencia bancaria indicando la referencia',
  paymentByTransfer: 'Pago por transferencia bancaria',
  voidDoNotPay: 'Esta factura está anulada: no la pague.',
  bankDetailsSeparately: 'Los datos bancarios se le enviarán por separado.',
  amount: 'Importe',
  payBy: (day) => `, a más tardar el ${day}`,
  accountHolder: 'Titular de la cuenta',
  bank: 'Banco',
  iban: 'IBAN',
  bic: 'BIC / SWIFT',
  qrIban: 'QR-IBAN (QR-factura)',
  reference: 'Referencia',
  pageOf: (number, page, count) => `Factura ${number} · página ${page} de ${count}`,
  qrBillLanguage: 'EN',
};

export const invoicePdfLabels: Record<Language, InvoicePdfLabels> = { en, fr, de, es };

/** The invoice PDF's words in a language (English for an unknown one). */
export function invoiceLabelsOf(language: string | null | undefined): InvoicePdfLabels {
  return labelsIn(invoicePdfLabels, language);
}

/** The stamp of a status in a language; none for an issued invoice. */
export function stampTextOf(labels: InvoicePdfLabels, status: TInvoiceStatus): string | null {
  return status in labels.stamps ? labels.stamps[status as keyof InvoicePdfLabels['stamps']] : null;
}
