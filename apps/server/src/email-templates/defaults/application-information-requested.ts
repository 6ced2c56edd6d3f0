import { applicantGreeting, compose, signatures, type KindDefaults } from './compose';

/** More information asked of the applicant, the operator's request quoted. */
export const applicationInformationRequestedDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Information needed for your membership application {{ application.number }}',
    greeting: applicantGreeting.en,
    paragraphs: [
      'We are reviewing the membership application {{ application.number }} of {{ application.legalName }} and need the following from you before we can continue:',
    ],
    quote: 'message',
    signature: signatures.membership.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Informations requises pour votre demande d’adhésion {{ application.number }}',
    greeting: applicantGreeting.fr,
    paragraphs: [
      'Nous examinons la demande d’adhésion {{ application.number }} de {{ application.legalName }} et avons besoin des éléments suivants avant de pouvoir poursuivre :',
    ],
    quote: 'message',
    signature: signatures.membership.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Angaben zu Ihrem Mitgliedschaftsantrag {{ application.number }} benötigt',
    greeting: applicantGreeting.de,
    paragraphs: [
      'wir prüfen den Mitgliedschaftsantrag {{ application.number }} von {{ application.legalName }} und benötigen von Ihnen Folgendes, bevor wir fortfahren können:',
    ],
    quote: 'message',
    signature: signatures.membership.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Información necesaria para su solicitud de afiliación {{ application.number }}',
    greeting: applicantGreeting.es,
    paragraphs: [
      'Estamos examinando la solicitud de afiliación {{ application.number }} de {{ application.legalName }} y necesitamos lo siguiente antes de poder continuar:',
    ],
    quote: 'message',
    signature: signatures.membership.es,
  }),
};
