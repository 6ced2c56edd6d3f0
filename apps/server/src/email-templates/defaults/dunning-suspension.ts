import { compose, memberGreeting, signatures, type KindDefaults } from './compose';
import { paymentParagraphs } from './payment';

/** The membership suspended for the unpaid invoice, and how to settle it. */
export const dunningSuspensionDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Membership suspended: invoice {{ invoice.number }} unpaid',
    greeting: memberGreeting.en,
    paragraphs: [
      'As invoice {{ invoice.number }} over {{ invoice.total }}, due on {{ invoice.dueDate }}, remains unpaid after our reminders and final notice, the membership of {{ member.name }} ({{ member.number }}) has been suspended.',
      'To have the membership restored, please pay the open amount of {{ invoice.balance }}.',
      ...paymentParagraphs('en'),
    ],
    after: [
      'If you have a question, or if your payment has crossed with this e-mail, please reply to this e-mail.',
    ],
    signature: signatures.finance.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Adhésion suspendue : facture {{ invoice.number }} impayée',
    greeting: memberGreeting.fr,
    paragraphs: [
      'La facture {{ invoice.number }} d’un montant de {{ invoice.total }}, échue le {{ invoice.dueDate }}, étant restée impayée malgré nos rappels et notre dernier avis, l’adhésion de {{ member.name }} ({{ member.number }}) a été suspendue.',
      'Pour que l’adhésion soit rétablie, nous vous prions de régler le solde de {{ invoice.balance }}.',
      ...paymentParagraphs('fr'),
    ],
    after: [
      'Pour toute question, ou si votre paiement a croisé cet e-mail, il vous suffit de répondre à cet e-mail.',
    ],
    signature: signatures.finance.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Mitgliedschaft ausgesetzt: Rechnung {{ invoice.number }} unbezahlt',
    greeting: memberGreeting.de,
    paragraphs: [
      'da die Rechnung {{ invoice.number }} über {{ invoice.total }}, fällig am {{ invoice.dueDate }}, trotz unserer Zahlungserinnerungen und der letzten Mahnung unbezahlt geblieben ist, wurde die Mitgliedschaft von {{ member.name }} ({{ member.number }}) ausgesetzt.',
      'Damit die Mitgliedschaft wieder in Kraft tritt, begleichen Sie bitte den offenen Betrag von {{ invoice.balance }}.',
      ...paymentParagraphs('de'),
    ],
    after: [
      'Bei Fragen oder falls sich Ihre Zahlung mit dieser E-Mail überschnitten hat, antworten Sie bitte auf diese E-Mail.',
    ],
    signature: signatures.finance.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Afiliación suspendida: factura {{ invoice.number }} impagada',
    greeting: memberGreeting.es,
    paragraphs: [
      'Dado que la factura {{ invoice.number }} por un importe de {{ invoice.total }}, con vencimiento el {{ invoice.dueDate }}, sigue impagada pese a nuestros recordatorios y al último aviso, la afiliación de {{ member.name }} ({{ member.number }}) ha quedado suspendida.',
      'Para que se restablezca la afiliación, le rogamos que abone el importe pendiente de {{ invoice.balance }}.',
      ...paymentParagraphs('es'),
    ],
    after: [
      'Si tiene alguna pregunta, o si su pago se ha cruzado con este correo, responda a este correo.',
    ],
    signature: signatures.finance.es,
  }),
};
