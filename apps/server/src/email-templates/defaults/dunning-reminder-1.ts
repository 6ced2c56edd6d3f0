import { compose, memberGreeting, signatures, type KindDefaults } from './compose';
import { paymentParagraphs } from './payment';

/** The first, friendly reminder of an overdue invoice. */
export const dunningReminder1Defaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Reminder: invoice {{ invoice.number }} is overdue',
    greeting: memberGreeting.en,
    paragraphs: [
      'According to our records, invoice {{ invoice.number }} over {{ invoice.total }}, due on {{ invoice.dueDate }}, has not been paid in full: {{ invoice.balance }} is still open.',
      'It may simply have been overlooked. We would be grateful if you could settle it in the next few days.',
      ...paymentParagraphs('en'),
    ],
    after: [
      'If you have paid in the meantime, please disregard this reminder. If you have any question about the invoice, simply reply to this e-mail.',
    ],
    signature: signatures.finance.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Rappel : la facture {{ invoice.number }} est échue',
    greeting: memberGreeting.fr,
    paragraphs: [
      'Sauf erreur de notre part, la facture {{ invoice.number }} d’un montant de {{ invoice.total }}, échue le {{ invoice.dueDate }}, n’a pas été entièrement réglée : un solde de {{ invoice.balance }} reste ouvert.',
      'Il s’agit peut-être d’un simple oubli. Nous vous serions reconnaissants de bien vouloir la régler dans les prochains jours.',
      ...paymentParagraphs('fr'),
    ],
    after: [
      'Si vous avez effectué le paiement entre-temps, veuillez ne pas tenir compte de ce rappel. Pour toute question concernant la facture, il vous suffit de répondre à cet e-mail.',
    ],
    signature: signatures.finance.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Zahlungserinnerung: Rechnung {{ invoice.number }} ist fällig',
    greeting: memberGreeting.de,
    paragraphs: [
      'nach unseren Unterlagen ist die Rechnung {{ invoice.number }} über {{ invoice.total }}, fällig am {{ invoice.dueDate }}, noch nicht vollständig bezahlt: {{ invoice.balance }} sind noch offen.',
      'Vielleicht ist sie Ihnen einfach entgangen. Wir wären Ihnen dankbar, wenn Sie den Betrag in den nächsten Tagen begleichen könnten.',
      ...paymentParagraphs('de'),
    ],
    after: [
      'Sollten Sie die Zahlung inzwischen veranlasst haben, betrachten Sie diese Erinnerung bitte als gegenstandslos. Bei Fragen zur Rechnung antworten Sie einfach auf diese E-Mail.',
    ],
    signature: signatures.finance.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Recordatorio: la factura {{ invoice.number }} está vencida',
    greeting: memberGreeting.es,
    paragraphs: [
      'Según nuestros registros, la factura {{ invoice.number }} por un importe de {{ invoice.total }}, con vencimiento el {{ invoice.dueDate }}, no se ha pagado en su totalidad: quedan pendientes {{ invoice.balance }}.',
      'Es posible que se le haya pasado por alto. Le agradeceríamos que la abonara en los próximos días.',
      ...paymentParagraphs('es'),
    ],
    after: [
      'Si ya ha realizado el pago, le rogamos que no tenga en cuenta este recordatorio. Para cualquier pregunta sobre la factura, basta con responder a este correo electrónico.',
    ],
    signature: signatures.finance.es,
  }),
};
