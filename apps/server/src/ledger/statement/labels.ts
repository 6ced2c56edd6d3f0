import type { Language } from '@ops/contract';
import { labelsIn } from '../../lib/pdf-language';

/**
 * The fixed words of the statement of account in the four working languages (issue 17), picked
 * by the member's preferred language. The header and the recipient's address are the invoice
 * PDF's sections, in the same language (`invoices/pdf/labels.ts`); the lines say what happened
 * in it too (`../ledger-words.ts`).
 */
export type StatementPdfLabels = {
  title: string;
  /** Metadata (the PDF's Title and Subject). */
  documentName: string;
  memberNumber: string;
  period: string;
  statementDate: string;
  currencies: string;
  date: string;
  description: string;
  document: string;
  debit: string;
  credit: string;
  balance: string;
  accountIn: (currency: string) => string;
  openingBalance: string;
  closingBalanceIn: (currency: string) => string;
  youOwe: (amount: string) => string;
  inYourFavour: (amount: string) => string;
  settled: string;
  nothingYet: string;
  pageOf: (memberNumber: string, page: number, count: number) => string;
};

const en: StatementPdfLabels = {
  title: 'STATEMENT OF ACCOUNT',
  documentName: 'Statement of account',
  memberNumber: 'Member number',
  period: 'Period',
  statementDate: 'Statement date',
  currencies: 'Currencies',
  date: 'Date',
  description: 'Description',
  document: 'Document',
  debit: 'Debit',
  credit: 'Credit',
  balance: 'Balance',
  accountIn: (currency) => `Account in ${currency}`,
  openingBalance: 'Opening balance',
  closingBalanceIn: (currency) => `Closing balance ${currency}`,
  youOwe: (amount) => `You owe ${amount}.`,
  inYourFavour: (amount) =>
    `${amount} is in your favour: we apply it to your next invoice, or pay it back on request.`,
  settled: 'Your account is settled.',
  nothingYet: 'There is no invoice and no payment on this account up to the end of the period.',
  pageOf: (memberNumber, page, count) =>
    `Statement of account ${memberNumber} · page ${page} of ${count}`,
};

const fr: StatementPdfLabels = {
  title: 'RELEVÉ DE COMPTE',
  documentName: 'Relevé de compte',
  memberNumber: 'N° de membre',
  period: 'Période',
  statementDate: 'Date du relevé',
  currencies: 'Monnaies',
  date: 'Date',
  description: 'Libellé',
  document: 'Document',
  debit: 'Débit',
  credit: 'Crédit',
  balance: 'Solde',
  accountIn: (currency) => `Compte en ${currency}`,
  openingBalance: 'Solde initial',
  closingBalanceIn: (currency) => `Solde final ${currency}`,
  youOwe: (amount) => `Montant dû : ${amount}.`,
  inYourFavour: (amount) =>
    `${amount} en votre faveur : ce montant sera imputé sur votre prochaine facture ou vous sera remboursé sur demande.`,
  settled: 'Votre compte est soldé.',
  nothingYet:
    'Aucune facture ni aucun paiement ne figure sur ce compte jusqu’à la fin de la période.',
  pageOf: (memberNumber, page, count) =>
    `Relevé de compte ${memberNumber} · page ${page} sur ${count}`,
};

const de: StatementPdfLabels = {
  title: 'KONTOAUSZUG',
  documentName: 'Kontoauszug',
  memberNumber: 'Mitgliedsnummer',
  period: 'Zeitraum',
  statementDate: 'Datum des Auszugs',
  currencies: 'Währungen',
  date: 'Datum',
  description: 'Beschreibung',
  document: 'Beleg',
  debit: 'Soll',
  credit: 'Haben',
  balance: 'Saldo',
  accountIn: (currency) => `Konto in ${currency}`,
  openingBalance: 'Anfangssaldo',
  closingBalanceIn: (currency) => `Schlusssaldo ${currency}`,
  youOwe: (amount) => `Offener Betrag zu Ihren Lasten: ${amount}.`,
  inYourFavour: (amount) =>
    `${amount} zu Ihren Gunsten: Wir verrechnen den Betrag mit Ihrer nächsten Rechnung oder erstatten ihn auf Wunsch zurück.`,
  settled: 'Ihr Konto ist ausgeglichen.',
  nothingYet: 'Bis zum Ende des Zeitraums enthält dieses Konto weder Rechnungen noch Zahlungen.',
  pageOf: (memberNumber, page, count) => `Kontoauszug ${memberNumber} · Seite ${page} von ${count}`,
};

const es: StatementPdfLabels = {
  title: 'ESTADO DE CUENTA',
  documentName: 'Estado de cuenta',
  memberNumber: 'N.º de miembro',
  period: 'Período',
  statementDate: 'Fecha del estado',
  currencies: 'Monedas',
  date: 'Fecha',
  description: 'Concepto',
  document: 'Documento',
  debit: 'Debe',
  credit: 'Haber',
  balance: 'Saldo',
  accountIn: (currency) => `Cuenta en ${currency}`,
  openingBalance: 'Saldo inicial',
  closingBalanceIn: (currency) => `Saldo final ${currency}`,
  youOwe: (amount) => `Importe pendiente a su cargo: ${amount}.`,
  inYourFavour: (amount) =>
    `${amount} a su favor: lo aplicaremos a su próxima factura o se lo reembolsaremos si lo solicita.`,
  settled: 'Su cuenta está saldada.',
  nothingYet: 'Esta cuenta no registra facturas ni pagos hasta el final del período.',
  pageOf: (memberNumber, page, count) =>
    `Estado de cuenta ${memberNumber} · página ${page} de ${count}`,
};

export const statementPdfLabels: Record<Language, StatementPdfLabels> = { en, fr, de, es };

/** The statement's words in a language (English for an unknown one). */
export function statementLabelsOf(language: string | null | undefined): StatementPdfLabels {
  return labelsIn(statementPdfLabels, language);
}
