import { compose, memberGreeting, signatures, type KindDefaults } from './compose';
import { paymentParagraphs } from './payment';

/** The second reminder: firmer, and an offer to talk when paying is the difficulty. */
export const dunningReminder2Defaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Second reminder: invoice {{ invoice.number }}',
    greeting: memberGreeting.en,
    paragraphs: [
      'Despite our reminder, invoice {{ invoice.number }} over {{ invoice.total }}, due on {{ invoice.dueDate }}, is still unpaid: {{ invoice.balance }} has been overdue for {{ invoice.daysOverdue }} days.',
      'We ask you to pay the open amount without further delay.',
      ...paymentParagraphs('en'),
    ],
    after: [
      'If your payment has crossed with this e-mail, please disregard it. If something prevents you from paying, please reply to this e-mail so that we can find a solution together.',
    ],
    signature: signatures.finance.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Deuxième rappel : facture {{ invoice.number }}',
    greeting: memberGreeting.fr,
    paragraphs: [
      'Malgré notre rappel, la facture {{ invoice.number }} d’un montant de {{ invoice.total }}, échue le {{ invoice.dueDate }}, n’est toujours pas réglée : un solde de {{ invoice.balance }} est en retard de {{ invoice.daysOverdue }} jours.',
      'Nous vous prions de bien vouloir régler ce montant sans plus tarder.',
      ...paymentParagraphs('fr'),
    ],
    after: [
      'Si votre paiement a croisé cet e-mail, veuillez ne pas en tenir compte. Si une difficulté vous empêche de payer, répondez à cet e-mail afin que nous puissions trouver ensemble une solution.',
    ],
    signature: signatures.finance.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Zweite Zahlungserinnerung: Rechnung {{ invoice.number }}',
    greeting: memberGreeting.de,
    paragraphs: [
      'trotz unserer Zahlungserinnerung ist die Rechnung {{ invoice.number }} über {{ invoice.total }}, fällig am {{ invoice.dueDate }}, weiterhin unbezahlt: {{ invoice.balance }} sind seit {{ invoice.daysOverdue }} Tagen überfällig.',
      'Wir bitten Sie, den offenen Betrag umgehend zu begleichen.',
      ...paymentParagraphs('de'),
    ],
    after: [
      'Sollte sich Ihre Zahlung mit dieser E-Mail überschnitten haben, betrachten Sie sie bitte als gegenstandslos. Falls Sie etwas an der Zahlung hindert, antworten Sie bitte auf diese E-Mail, damit wir gemeinsam eine Lösung finden.',
    ],
    signature: signatures.finance.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Segundo recordatorio: factura {{ invoice.number }}',
    greeting: memberGreeting.es,
    paragraphs: [
      'A pesar de nuestro recordatorio, la factura {{ invoice.number }} por un importe de {{ invoice.total }}, con vencimiento el {{ invoice.dueDate }}, sigue sin pagarse: el saldo de {{ invoice.balance }} lleva {{ invoice.daysOverdue }} días vencido.',
      'Le rogamos que abone el importe pendiente sin más demora.',
      ...paymentParagraphs('es'),
    ],
    after: [
      'Si su pago se ha cruzado con este correo, le rogamos que no lo tenga en cuenta. Si algo le impide pagar, responda a este correo para que podamos buscar juntos una solución.',
    ],
    signature: signatures.finance.es,
  }),
};
