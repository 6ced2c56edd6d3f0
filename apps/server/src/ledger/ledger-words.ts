import type { Language, TInvoiceKind, TInvoicePaymentMethod } from '@ops/contract';
import { invoiceKindLabels, paymentMethodLabels } from '@ops/contract/labels';
import { labelsIn } from '../lib/pdf-language';
import type { LedgerMovement } from './ledger-rows';

/**
 * How a ledger line says what happened, in the four working languages (issue 17). The Ledger
 * tab and the API read English; the statement of account reads the member's language, so its
 * lines say it the way its column heads do. A reason or a bank reference is printed as written.
 */
export type LedgerWords = {
  /** "Invoice 2026-000001 · Membership invoice 2026". */
  invoice: (number: string, kind: string, year: number) => string;
  invoiceVoided: (number: string) => string;
  invoiceUncollectible: (number: string) => string;
  /** How a payment or refund was made, inside a sentence. */
  methods: Record<TInvoicePaymentMethod, string>;
  /** " · invoice 2026-000001", after what happened to it. */
  onInvoice: (number: string) => string;
  /** " · CHF 20.00 to the member’s credit". */
  toCredit: (money: string) => string;
  payment: (method: string | null) => string;
  bankChargesWrittenOff: string;
  creditNote: (number: string | null) => string;
  creditApplied: (money: string) => string;
  refund: (method: string | null) => string;
  reversal: (kind: LedgerMovement['kind'] | null) => string;
};

const englishKinds: Record<LedgerMovement['kind'], string> = {
  payment: 'payment',
  'write-off': 'bank charges written off',
  'credit-note': 'credit note',
  'credit-applied': 'credit applied',
  refund: 'refund',
  reversal: 'reversal',
};

const lowerCased = (labels: Record<TInvoicePaymentMethod, string>) =>
  Object.fromEntries(
    Object.entries(labels).map(([method, label]) => [method, label.toLowerCase()]),
  ) as Record<TInvoicePaymentMethod, string>;

const en: LedgerWords = {
  invoice: (number, kind, year) =>
    `Invoice ${number} · ${invoiceKindLabels[kind as TInvoiceKind] ?? 'Invoice'} invoice ${year}`,
  invoiceVoided: (number) => `Invoice ${number} voided`,
  invoiceUncollectible: (number) => `Invoice ${number} written off as uncollectible`,
  methods: lowerCased(paymentMethodLabels),
  onInvoice: (number) => ` · invoice ${number}`,
  toCredit: (money) => ` · ${money} to the member’s credit`,
  payment: (method) => `Payment${method ? ` by ${method}` : ''}`,
  bankChargesWrittenOff: 'Bank charges written off',
  creditNote: (number) => `Credit note${number ? ` ${number}` : ''}`,
  creditApplied: (money) => `${money} of the member’s credit applied`,
  refund: (method) => `Refund of credit${method ? ` by ${method}` : ''}`,
  reversal: (kind) => `Reversal of the ${kind ? englishKinds[kind] : 'booking'}`,
};

const frenchKinds: Record<TInvoiceKind, string> = {
  membership: 'cotisation',
  licence: 'licence',
  application: 'demande d’adhésion',
  other: 'divers',
};
const frenchReversed: Record<LedgerMovement['kind'], string> = {
  payment: 'du paiement',
  'write-off': 'des frais bancaires passés en perte',
  'credit-note': 'de la note de crédit',
  'credit-applied': 'de l’avoir imputé',
  refund: 'du remboursement',
  reversal: 'de l’extourne',
};

const fr: LedgerWords = {
  invoice: (number, kind, year) =>
    `Facture ${number} · ${frenchKinds[kind as TInvoiceKind] ?? 'facture'} ${year}`,
  invoiceVoided: (number) => `Facture ${number} annulée`,
  invoiceUncollectible: (number) => `Facture ${number} passée en perte (irrécouvrable)`,
  methods: {
    'bank-transfer': 'virement bancaire',
    card: 'carte',
    cash: 'espèces',
    other: 'autre moyen',
  },
  onInvoice: (number) => ` · facture ${number}`,
  toCredit: (money) => ` · ${money} au crédit du membre`,
  payment: (method) => `Paiement${method ? ` par ${method}` : ''}`,
  bankChargesWrittenOff: 'Frais bancaires passés en perte',
  creditNote: (number) => `Note de crédit${number ? ` ${number}` : ''}`,
  creditApplied: (money) => `Avoir du membre imputé : ${money}`,
  refund: (method) => `Remboursement de l’avoir${method ? ` par ${method}` : ''}`,
  reversal: (kind) => `Extourne ${kind ? frenchReversed[kind] : 'de l’écriture'}`,
};

const germanKinds: Record<TInvoiceKind, string> = {
  membership: 'Mitgliederbeitrag',
  licence: 'Lizenzgebühr',
  application: 'Aufnahmegebühr',
  other: 'Diverses',
};
const germanReversed: Record<LedgerMovement['kind'], string> = {
  payment: 'der Zahlung',
  'write-off': 'der abgeschriebenen Bankspesen',
  'credit-note': 'der Gutschrift',
  'credit-applied': 'des verrechneten Guthabens',
  refund: 'der Rückerstattung',
  reversal: 'der Stornobuchung',
};

const de: LedgerWords = {
  invoice: (number, kind, year) =>
    `Rechnung ${number} · ${germanKinds[kind as TInvoiceKind] ?? 'Rechnung'} ${year}`,
  invoiceVoided: (number) => `Rechnung ${number} storniert`,
  invoiceUncollectible: (number) => `Rechnung ${number} als uneinbringlich abgeschrieben`,
  methods: {
    'bank-transfer': 'Banküberweisung',
    card: 'Karte',
    cash: 'Barzahlung',
    other: 'andere Zahlungsart',
  },
  onInvoice: (number) => ` · Rechnung ${number}`,
  toCredit: (money) => ` · ${money} als Guthaben des Mitglieds`,
  payment: (method) => `Zahlung${method ? ` per ${method}` : ''}`,
  bankChargesWrittenOff: 'Abgeschriebene Bankspesen',
  creditNote: (number) => `Gutschrift${number ? ` ${number}` : ''}`,
  creditApplied: (money) => `Verrechnetes Guthaben des Mitglieds: ${money}`,
  refund: (method) => `Rückerstattung des Guthabens${method ? ` per ${method}` : ''}`,
  reversal: (kind) => `Storno ${kind ? germanReversed[kind] : 'der Buchung'}`,
};

const spanishKinds: Record<TInvoiceKind, string> = {
  membership: 'cuota de afiliación',
  licence: 'licencia',
  application: 'solicitud de afiliación',
  other: 'varios',
};
const spanishReversed: Record<LedgerMovement['kind'], string> = {
  payment: 'del pago',
  'write-off': 'de los gastos bancarios dados de baja',
  'credit-note': 'de la nota de crédito',
  'credit-applied': 'del saldo a favor aplicado',
  refund: 'del reembolso',
  reversal: 'de la anulación',
};

const es: LedgerWords = {
  invoice: (number, kind, year) =>
    `Factura ${number} · ${spanishKinds[kind as TInvoiceKind] ?? 'factura'} ${year}`,
  invoiceVoided: (number) => `Factura ${number} anulada`,
  invoiceUncollectible: (number) => `Factura ${number} dada de baja por incobrable`,
  methods: {
    'bank-transfer': 'transferencia bancaria',
    card: 'tarjeta',
    cash: 'efectivo',
    other: 'otro medio',
  },
  onInvoice: (number) => ` · factura ${number}`,
  toCredit: (money) => ` · ${money} a favor del miembro`,
  payment: (method) => `Pago${method ? ` por ${method}` : ''}`,
  bankChargesWrittenOff: 'Gastos bancarios dados de baja',
  creditNote: (number) => `Nota de crédito${number ? ` ${number}` : ''}`,
  creditApplied: (money) => `Saldo a favor del miembro aplicado: ${money}`,
  refund: (method) => `Reembolso del saldo a favor${method ? ` por ${method}` : ''}`,
  reversal: (kind) => `Anulación ${kind ? spanishReversed[kind] : 'del asiento'}`,
};

export const ledgerWords: Record<Language, LedgerWords> = { en, fr, de, es };

/** The ledger's words in a language (English for an unknown one). */
export function ledgerWordsOf(language: string | null | undefined): LedgerWords {
  return labelsIn(ledgerWords, language);
}
