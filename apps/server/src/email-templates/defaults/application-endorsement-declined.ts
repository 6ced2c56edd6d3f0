import { applicantGreeting, compose, signatures, type KindDefaults } from './compose';

/** The national association declined to endorse: the application ends, its reason quoted. */
export const applicationEndorsementDeclinedDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Your membership application {{ application.number }}',
    greeting: applicantGreeting.en,
    paragraphs: [
      'The national association of your country did not endorse the membership application {{ application.number }} of {{ application.legalName }}. Membership needs its written endorsement, so the application ends here. The reason given:',
    ],
    quote: 'reason',
    signature: signatures.membership.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Votre demande d’adhésion {{ application.number }}',
    greeting: applicantGreeting.fr,
    paragraphs: [
      'L’association nationale de votre pays n’a pas donné son aval à la demande d’adhésion {{ application.number }} de {{ application.legalName }}. L’adhésion requiert son aval écrit ; la procédure s’arrête donc ici. Motif indiqué :',
    ],
    quote: 'reason',
    signature: signatures.membership.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Ihr Mitgliedschaftsantrag {{ application.number }}',
    greeting: applicantGreeting.de,
    paragraphs: [
      'der nationale Verband Ihres Landes hat den Mitgliedschaftsantrag {{ application.number }} von {{ application.legalName }} nicht befürwortet. Die Mitgliedschaft setzt seine schriftliche Befürwortung voraus, daher endet das Verfahren hier. Angegebener Grund:',
    ],
    quote: 'reason',
    signature: signatures.membership.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Su solicitud de afiliación {{ application.number }}',
    greeting: applicantGreeting.es,
    paragraphs: [
      'La asociación nacional de su país no ha avalado la solicitud de afiliación {{ application.number }} de {{ application.legalName }}. La afiliación requiere su aval por escrito, por lo que el procedimiento termina aquí. Motivo indicado:',
    ],
    quote: 'reason',
    signature: signatures.membership.es,
  }),
};
