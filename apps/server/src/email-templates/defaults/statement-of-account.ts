import type { Language } from '@ops/contract';
import { compose, memberGreeting, signatures, type KindDefaults } from './compose';

/** Each currency's closing balance in words: "CHF 120.00 owed; EUR 40.00 in your favour". */
function balances(owed: string, inFavour: string, settled: string): string {
  return `{% for balance in closingBalances %}{{ balance.amount }} {% if balance.position == 'owed' %}${owed}{% elsif balance.position == 'in-favour' %}${inFavour}{% else %}${settled}{% endif %}{% unless forloop.last %}; {% endunless %}{% endfor %}`;
}

const closing: Record<Language, string> = {
  en: `{% if closingBalances.size > 0 %}Closing balance: ${balances('owed', 'in your favour', '(settled)')}.{% else %}There was no movement on your account.{% endif %}`,
  fr: `{% if closingBalances.size > 0 %}Solde de clôture : ${balances('à payer', 'en votre faveur', '(soldé)')}.{% else %}Aucun mouvement n’a été enregistré sur votre compte.{% endif %}`,
  de: `{% if closingBalances.size > 0 %}Schlusssaldo: ${balances('zu unseren Gunsten', 'zu Ihren Gunsten', '(ausgeglichen)')}.{% else %}Auf Ihrem Konto gab es keine Bewegungen.{% endif %}`,
  es: `{% if closingBalances.size > 0 %}Saldo final: ${balances('a nuestro favor', 'a su favor', '(saldado)')}.{% else %}No hubo movimientos en su cuenta.{% endif %}`,
};

/** A member's statement of account for a period, its PDF attached. */
export const statementOfAccountDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Statement of account {{ period.from }} – {{ period.to }}',
    greeting: memberGreeting.en,
    paragraphs: [
      'Please find attached your statement of account from {{ period.from }} to {{ period.to }}: every invoice, payment and credit of the period with the balance after each.',
      closing.en,
      'If anything does not match your records, please reply to this e-mail.',
    ],
    signature: signatures.finance.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Relevé de compte du {{ period.from }} au {{ period.to }}',
    greeting: memberGreeting.fr,
    paragraphs: [
      'Veuillez trouver ci-joint votre relevé de compte du {{ period.from }} au {{ period.to }} : chaque facture, paiement et crédit de la période, avec le solde après chaque opération.',
      closing.fr,
      'Si un élément ne correspond pas à votre comptabilité, merci de répondre à cet e-mail.',
    ],
    signature: signatures.finance.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Kontoauszug {{ period.from }} – {{ period.to }}',
    greeting: memberGreeting.de,
    paragraphs: [
      'anbei erhalten Sie Ihren Kontoauszug vom {{ period.from }} bis {{ period.to }}: alle Rechnungen, Zahlungen und Gutschriften des Zeitraums mit dem Saldo nach jeder Buchung.',
      closing.de,
      'Falls etwas nicht mit Ihren Unterlagen übereinstimmt, antworten Sie bitte auf diese E-Mail.',
    ],
    signature: signatures.finance.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Extracto de cuenta del {{ period.from }} al {{ period.to }}',
    greeting: memberGreeting.es,
    paragraphs: [
      'Adjuntamos su extracto de cuenta del {{ period.from }} al {{ period.to }}: todas las facturas, pagos y abonos del período, con el saldo después de cada uno.',
      closing.es,
      'Si algo no coincide con sus registros, le rogamos que responda a este correo.',
    ],
    signature: signatures.finance.es,
  }),
};
