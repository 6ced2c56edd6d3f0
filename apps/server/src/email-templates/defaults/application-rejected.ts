import { applicantGreeting, compose, signatures, type KindDefaults } from './compose';

/** The application rejected, with the operator's reason quoted. */
export const applicationRejectedDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Your membership application {{ application.number }}',
    greeting: applicantGreeting.en,
    paragraphs: [
      'Thank you for the interest of {{ application.legalName }} in membership. After reviewing application {{ application.number }}, we regret that we cannot approve it, for this reason:',
    ],
    quote: 'reason',
    signature: signatures.membership.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Votre demande d’adhésion {{ application.number }}',
    greeting: applicantGreeting.fr,
    paragraphs: [
      'Nous vous remercions de l’intérêt que {{ application.legalName }} porte à l’adhésion. Après examen de la demande {{ application.number }}, nous avons le regret de ne pas pouvoir l’accepter, pour la raison suivante :',
    ],
    quote: 'reason',
    signature: signatures.membership.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Ihr Mitgliedschaftsantrag {{ application.number }}',
    greeting: applicantGreeting.de,
    paragraphs: [
      'vielen Dank für das Interesse von {{ application.legalName }} an einer Mitgliedschaft. Nach Prüfung des Antrags {{ application.number }} bedauern wir, ihn aus folgendem Grund nicht annehmen zu können:',
    ],
    quote: 'reason',
    signature: signatures.membership.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Su solicitud de afiliación {{ application.number }}',
    greeting: applicantGreeting.es,
    paragraphs: [
      'Le agradecemos el interés de {{ application.legalName }} en afiliarse. Tras examinar la solicitud {{ application.number }}, lamentamos no poder aprobarla por el siguiente motivo:',
    ],
    quote: 'reason',
    signature: signatures.membership.es,
  }),
};
