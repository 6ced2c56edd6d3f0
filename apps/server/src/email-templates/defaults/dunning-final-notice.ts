import { compose, memberGreeting, signatures, type KindDefaults } from './compose';
import { paymentParagraphs } from './payment';

/** The final notice: it announces the suspension of the membership. */
export const dunningFinalNoticeDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Final notice: invoice {{ invoice.number }}',
    greeting: memberGreeting.en,
    paragraphs: [
      'Despite two reminders, invoice {{ invoice.number }} over {{ invoice.total }}, due on {{ invoice.dueDate }}, remains unpaid: {{ invoice.balance }} has been overdue for {{ invoice.daysOverdue }} days.',
      '{% if suspensionOn %}If we have not received the payment by {{ suspensionOn }}, the membership of {{ member.name }} will be suspended.{% else %}Without your payment, the membership of {{ member.name }} will be suspended.{% endif %}',
      ...paymentParagraphs('en'),
    ],
    after: [
      'If your payment has crossed with this e-mail, please disregard it. If you need a payment plan, please reply to this e-mail without delay.',
    ],
    signature: signatures.finance.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Dernier rappel : facture {{ invoice.number }}',
    greeting: memberGreeting.fr,
    paragraphs: [
      'Malgré deux rappels, la facture {{ invoice.number }} d’un montant de {{ invoice.total }}, échue le {{ invoice.dueDate }}, reste impayée : un solde de {{ invoice.balance }} est en retard de {{ invoice.daysOverdue }} jours.',
      '{% if suspensionOn %}Si nous n’avons pas reçu votre paiement d’ici au {{ suspensionOn }}, l’adhésion de {{ member.name }} sera suspendue.{% else %}À défaut de paiement, l’adhésion de {{ member.name }} sera suspendue.{% endif %}',
      ...paymentParagraphs('fr'),
    ],
    after: [
      'Si votre paiement a croisé cet e-mail, veuillez ne pas en tenir compte. Si vous souhaitez convenir d’un échéancier, répondez sans tarder à cet e-mail.',
    ],
    signature: signatures.finance.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Letzte Mahnung: Rechnung {{ invoice.number }}',
    greeting: memberGreeting.de,
    paragraphs: [
      'trotz zweier Zahlungserinnerungen ist die Rechnung {{ invoice.number }} über {{ invoice.total }}, fällig am {{ invoice.dueDate }}, weiterhin unbezahlt: {{ invoice.balance }} sind seit {{ invoice.daysOverdue }} Tagen überfällig.',
      '{% if suspensionOn %}Geht die Zahlung nicht bis zum {{ suspensionOn }} bei uns ein, wird die Mitgliedschaft von {{ member.name }} ausgesetzt.{% else %}Ohne Ihre Zahlung wird die Mitgliedschaft von {{ member.name }} ausgesetzt.{% endif %}',
      ...paymentParagraphs('de'),
    ],
    after: [
      'Sollte sich Ihre Zahlung mit dieser E-Mail überschnitten haben, betrachten Sie sie bitte als gegenstandslos. Wenn Sie eine Ratenzahlung vereinbaren möchten, antworten Sie bitte umgehend auf diese E-Mail.',
    ],
    signature: signatures.finance.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Último aviso: factura {{ invoice.number }}',
    greeting: memberGreeting.es,
    paragraphs: [
      'A pesar de dos recordatorios, la factura {{ invoice.number }} por un importe de {{ invoice.total }}, con vencimiento el {{ invoice.dueDate }}, sigue sin pagarse: el saldo de {{ invoice.balance }} lleva {{ invoice.daysOverdue }} días vencido.',
      '{% if suspensionOn %}Si no hemos recibido el pago a más tardar el {{ suspensionOn }}, la afiliación de {{ member.name }} quedará suspendida.{% else %}Si no recibimos el pago, la afiliación de {{ member.name }} quedará suspendida.{% endif %}',
      ...paymentParagraphs('es'),
    ],
    after: [
      'Si su pago se ha cruzado con este correo, le rogamos que no lo tenga en cuenta. Si desea acordar un plan de pagos, responda a este correo sin demora.',
    ],
    signature: signatures.finance.es,
  }),
};
