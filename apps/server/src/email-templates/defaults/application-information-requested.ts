import { htmlLink, type KindDefaults, type Paragraph, toApplicant } from './compose';

/** Where a user applied: the portal's page of the application, to answer there (issue 34). */
const answerParagraph = (text: string, label: string): Paragraph => ({
  block: true,
  text: `{% if answerUrl %}${text}\n{{ answerUrl }}\n\n{% endif -%}`,
  html: `{% if answerUrl %}<p>${text} ${htmlLink('answerUrl', label)}</p>{% endif %}`,
});

/** More information asked of the applicant, the operator's request quoted. */
export const applicationInformationRequestedDefaults: KindDefaults = {
  en: toApplicant('en', {
    subject: 'Information needed for your membership application {{ application.number }}',
    paragraphs: [
      'We are reviewing the membership application {{ application.number }} of {{ application.legalName }} and need the following from you before we can continue:',
    ],
    quote: 'message',
    after: [
      answerParagraph(
        'You can answer, and add documents, in the member portal:',
        'Answer in the member portal',
      ),
    ],
  }),
  fr: toApplicant('fr', {
    subject: 'Informations requises pour votre demande d’adhésion {{ application.number }}',
    paragraphs: [
      'Nous examinons la demande d’adhésion {{ application.number }} de {{ application.legalName }} et avons besoin des éléments suivants avant de pouvoir poursuivre :',
    ],
    quote: 'message',
    after: [
      answerParagraph(
        'Vous pouvez répondre, et ajouter des documents, dans le portail des membres :',
        'Répondre dans le portail des membres',
      ),
    ],
  }),
  de: toApplicant('de', {
    subject: 'Angaben zu Ihrem Mitgliedschaftsantrag {{ application.number }} benötigt',
    paragraphs: [
      'wir prüfen den Mitgliedschaftsantrag {{ application.number }} von {{ application.legalName }} und benötigen von Ihnen Folgendes, bevor wir fortfahren können:',
    ],
    quote: 'message',
    after: [
      answerParagraph(
        'Sie können im Mitgliederportal antworten und Dokumente hinzufügen:',
        'Im Mitgliederportal antworten',
      ),
    ],
  }),
  es: toApplicant('es', {
    subject: 'Información necesaria para su solicitud de afiliación {{ application.number }}',
    paragraphs: [
      'Estamos examinando la solicitud de afiliación {{ application.number }} de {{ application.legalName }} y necesitamos lo siguiente antes de poder continuar:',
    ],
    quote: 'message',
    after: [
      answerParagraph(
        'Puede responder, y añadir documentos, en el portal de miembros:',
        'Responder en el portal de miembros',
      ),
    ],
  }),
};
