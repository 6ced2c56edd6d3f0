import { compose, memberGreeting, signatures, type KindDefaults } from './compose';

/** A credit note, its PDF attached: what it credits and what becomes of the money. */
export const creditNoteDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Credit note {{ creditNote.number }} on invoice {{ invoice.number }}',
    greeting: memberGreeting.en,
    paragraphs: [
      'Please find attached credit note {{ creditNote.number }} over {{ creditNote.total }} on invoice {{ invoice.number }}.',
      '{% if creditAmount %}{{ creditAmount }} you had already paid is credited to your account: we apply it to your next invoice, or pay it back on request.{% else %}The amount is taken off what the invoice asked for.{% endif %}',
      'The reason:',
    ],
    quote: 'creditNote.reason',
    signature: signatures.finance.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Note de crédit {{ creditNote.number }} sur la facture {{ invoice.number }}',
    greeting: memberGreeting.fr,
    paragraphs: [
      'Veuillez trouver ci-joint la note de crédit {{ creditNote.number }} d’un montant de {{ creditNote.total }} sur la facture {{ invoice.number }}.',
      '{% if creditAmount %}Le montant de {{ creditAmount }} que vous aviez déjà payé est porté au crédit de votre compte : nous l’imputerons sur votre prochaine facture ou vous le rembourserons sur demande.{% else %}Ce montant est déduit de celui de la facture.{% endif %}',
      'Motif :',
    ],
    quote: 'creditNote.reason',
    signature: signatures.finance.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Gutschrift {{ creditNote.number }} zur Rechnung {{ invoice.number }}',
    greeting: memberGreeting.de,
    paragraphs: [
      'anbei erhalten Sie die Gutschrift {{ creditNote.number }} über {{ creditNote.total }} zur Rechnung {{ invoice.number }}.',
      '{% if creditAmount %}Den bereits bezahlten Betrag von {{ creditAmount }} schreiben wir Ihrem Konto gut: Wir verrechnen ihn mit Ihrer nächsten Rechnung oder zahlen ihn auf Wunsch zurück.{% else %}Der Betrag wird vom Rechnungsbetrag abgezogen.{% endif %}',
      'Begründung:',
    ],
    quote: 'creditNote.reason',
    signature: signatures.finance.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Nota de crédito {{ creditNote.number }} sobre la factura {{ invoice.number }}',
    greeting: memberGreeting.es,
    paragraphs: [
      'Adjuntamos la nota de crédito {{ creditNote.number }} por un importe de {{ creditNote.total }} sobre la factura {{ invoice.number }}.',
      '{% if creditAmount %}El importe de {{ creditAmount }} que ya había pagado se abona en su cuenta: lo aplicaremos a su próxima factura o se lo reembolsaremos si lo solicita.{% else %}El importe se descuenta de lo que reclamaba la factura.{% endif %}',
      'Motivo:',
    ],
    quote: 'creditNote.reason',
    signature: signatures.finance.es,
  }),
};
