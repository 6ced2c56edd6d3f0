import { htmlLink, type KindDefaults, toApplicant } from './compose';

/**
 * An online draft untouched for 80 days (issue 34): the applicant is told the day it will be
 * deleted with its files, and where to continue. The link opens the draft in the portal, which
 * asks the person to sign in if needed: it carries no secret.
 */
export const applicationDraftReminderDefaults: KindDefaults = {
  en: toApplicant('en', {
    subject: 'Your membership application {{ application.number }} is waiting for you',
    paragraphs: [
      'You started the membership application {{ application.number }}{% if application.legalName %} for {{ application.legalName }}{% endif %} but have not continued it for a while.',
      'Unless you continue it, the draft and its documents will be deleted on {{ deletionDate }}. Continue where you left off:',
      { text: '{{ continueUrl }}', html: htmlLink('continueUrl', 'Continue the application') },
    ],
  }),
  fr: toApplicant('fr', {
    subject: 'Votre demande d’adhésion {{ application.number }} vous attend',
    paragraphs: [
      'Vous avez commencé la demande d’adhésion {{ application.number }}{% if application.legalName %} pour {{ application.legalName }}{% endif %}, mais ne l’avez pas poursuivie depuis un moment.',
      'Sans suite de votre part, le brouillon et ses documents seront supprimés le {{ deletionDate }}. Reprenez là où vous vous êtes arrêté :',
      { text: '{{ continueUrl }}', html: htmlLink('continueUrl', 'Reprendre la demande') },
    ],
  }),
  de: toApplicant('de', {
    subject: 'Ihr Mitgliedschaftsantrag {{ application.number }} wartet auf Sie',
    paragraphs: [
      'Sie haben den Mitgliedschaftsantrag {{ application.number }}{% if application.legalName %} für {{ application.legalName }}{% endif %} begonnen, ihn aber seit einiger Zeit nicht weitergeführt.',
      'Wenn Sie ihn nicht fortsetzen, werden der Entwurf und seine Dokumente am {{ deletionDate }} gelöscht. Machen Sie dort weiter, wo Sie aufgehört haben:',
      { text: '{{ continueUrl }}', html: htmlLink('continueUrl', 'Antrag fortsetzen') },
    ],
  }),
  es: toApplicant('es', {
    subject: 'Su solicitud de afiliación {{ application.number }} le espera',
    paragraphs: [
      'Comenzó la solicitud de afiliación {{ application.number }}{% if application.legalName %} para {{ application.legalName }}{% endif %}, pero no la ha continuado desde hace un tiempo.',
      'Si no la continúa, el borrador y sus documentos se eliminarán el {{ deletionDate }}. Continúe donde lo dejó:',
      { text: '{{ continueUrl }}', html: htmlLink('continueUrl', 'Continuar la solicitud') },
    ],
  }),
};
