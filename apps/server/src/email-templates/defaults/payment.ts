import type { Language } from '@ops/contract';
import type { Paragraph } from './compose';

/**
 * How to pay an invoice, for the invoice and every dunning e-mail: the card-payment page when
 * the invoice has one, and the bank details with the reference to quote. A QR reference is only
 * valid with the account's QR-IBAN (that is how the invoice's reference was made), a creditor
 * reference with its IBAN. Nothing links anywhere else: members have no portal.
 */
type Words = {
  card: string;
  cardLink: string;
  cardPage: string;
  alsoBank: string;
  bank: string;
  holder: string;
  bankName: string;
  reference: string;
  quoteOnly: string;
  /** After the reference: '.', or German's verb ending ' an.'. */
  quoteOnlyEnd: string;
  /** ': ', or ' : ' in French typography. */
  colon: string;
};

const words: Record<Language, Words> = {
  en: {
    card: 'You can pay by card on the secure payment page of the invoice:',
    cardLink: 'You can pay by card on the',
    cardPage: 'secure payment page of the invoice',
    alsoBank: 'You can also pay by bank transfer to:',
    bank: 'Please pay by bank transfer to:',
    holder: 'Account holder',
    bankName: 'Bank',
    reference: 'Reference',
    quoteOnly: 'When you pay, please quote the reference',
    quoteOnlyEnd: '.',
    colon: ': ',
  },
  fr: {
    card: 'Vous pouvez payer par carte sur la page de paiement sécurisée de la facture :',
    cardLink: 'Vous pouvez payer par carte sur la',
    cardPage: 'page de paiement sécurisée de la facture',
    alsoBank: 'Vous pouvez aussi payer par virement bancaire sur le compte suivant :',
    bank: 'Merci de payer par virement bancaire sur le compte suivant :',
    holder: 'Titulaire du compte',
    bankName: 'Banque',
    reference: 'Référence',
    quoteOnly: 'Lors de votre paiement, merci d’indiquer la référence',
    quoteOnlyEnd: '.',
    colon: ' : ',
  },
  de: {
    card: 'Sie können per Karte auf der sicheren Zahlungsseite der Rechnung bezahlen:',
    cardLink: 'Sie können per Karte auf der',
    cardPage: 'sicheren Zahlungsseite der Rechnung',
    alsoBank: 'Sie können auch per Banküberweisung auf folgendes Konto bezahlen:',
    bank: 'Bitte überweisen Sie den Betrag auf folgendes Konto:',
    holder: 'Kontoinhaber',
    bankName: 'Bank',
    reference: 'Referenz',
    quoteOnly: 'Bitte geben Sie bei der Zahlung die Referenz',
    quoteOnlyEnd: ' an.',
    colon: ': ',
  },
  es: {
    card: 'Puede pagar con tarjeta en la página de pago segura de la factura:',
    cardLink: 'Puede pagar con tarjeta en la',
    cardPage: 'página de pago segura de la factura',
    alsoBank: 'También puede pagar por transferencia bancaria a la cuenta siguiente:',
    bank: 'Le rogamos que pague por transferencia bancaria a la cuenta siguiente:',
    holder: 'Titular de la cuenta',
    bankName: 'Banco',
    reference: 'Referencia',
    quoteOnly: 'Al pagar, le rogamos que indique la referencia',
    quoteOnlyEnd: '.',
    colon: ': ',
  },
};

/** The reference to quote: the invoice's payment reference, else its number. */
const reference = '{{ invoice.paymentReference | default: invoice.number }}';
const iban =
  '{% if bankAccount.qrIban and invoice.paymentReference %}QR-IBAN{% else %}IBAN{% endif %}';
const ibanValue =
  '{% if bankAccount.qrIban and invoice.paymentReference %}{{ bankAccount.qrIban }}{% else %}{{ bankAccount.iban }}{% endif %}';

/** The payment section, as two blocks: the card page (when any), then the bank transfer. */
export function paymentParagraphs(language: Language): Paragraph[] {
  const w = words[language];
  // German puts the verb last: "…auf der sicheren Zahlungsseite der Rechnung bezahlen."
  const cardEnd = language === 'de' ? ' bezahlen.' : '.';
  const row = (label: string, value: string) =>
    `<tr><td style="padding:2px 16px 2px 0;color:#475569">${label}</td><td>${value}</td></tr>`;
  return [
    {
      block: true,
      text: `{% if invoice.cardPaymentUrl %}${w.card}\n{{ invoice.cardPaymentUrl }}\n\n{% endif -%}`,
      html: `{% if invoice.cardPaymentUrl %}<p>${w.cardLink} <a href="{{ invoice.cardPaymentUrl }}" style="color:#1d4ed8">${w.cardPage}</a>${cardEnd}</p>{% endif %}`,
    },
    {
      block: true,
      text: [
        `{% if bankAccount %}{% if invoice.cardPaymentUrl %}${w.alsoBank}{% else %}${w.bank}{% endif %}`,
        `${w.holder}${w.colon}{{ bankAccount.holderName }}`,
        `${w.bankName}${w.colon}{{ bankAccount.bankName }}`,
        `${iban}${w.colon}${ibanValue}`,
        `{% if bankAccount.bic %}BIC${w.colon}{{ bankAccount.bic }}`,
        `{% endif %}${w.reference}${w.colon}${reference}`,
        '',
        `{% else %}${w.quoteOnly} ${reference}${w.quoteOnlyEnd}`,
        '',
        '{% endif -%}',
      ].join('\n'),
      html: [
        `{% if bankAccount %}<p>{% if invoice.cardPaymentUrl %}${w.alsoBank}{% else %}${w.bank}{% endif %}</p>`,
        `<table style="border-collapse:collapse;margin:0 0 1em">`,
        row(w.holder, '{{ bankAccount.holderName }}'),
        row(w.bankName, '{{ bankAccount.bankName }}'),
        row(iban, ibanValue),
        `{% if bankAccount.bic %}${row('BIC', '{{ bankAccount.bic }}')}{% endif %}`,
        row(w.reference, `<strong>${reference}</strong>`),
        `</table>`,
        `{% else %}<p>${w.quoteOnly} <strong>${reference}</strong>${w.quoteOnlyEnd}</p>{% endif %}`,
      ].join('\n'),
    },
  ];
}
