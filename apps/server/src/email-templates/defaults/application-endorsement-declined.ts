import { applicationEndedWithReason, type KindDefaults } from './compose';

/** The national association declined to endorse: the application ends, its reason quoted. */
export const applicationEndorsementDeclinedDefaults: KindDefaults = {
  en: applicationEndedWithReason(
    'en',
    'The national association of your country did not endorse the membership application {{ application.number }} of {{ application.legalName }}. Membership needs its written endorsement, so the application ends here. The reason given:',
  ),
  fr: applicationEndedWithReason(
    'fr',
    'L’association nationale de votre pays n’a pas donné son aval à la demande d’adhésion {{ application.number }} de {{ application.legalName }}. L’adhésion requiert son aval écrit ; la procédure s’arrête donc ici. Motif indiqué :',
  ),
  de: applicationEndedWithReason(
    'de',
    'der nationale Verband Ihres Landes hat den Mitgliedschaftsantrag {{ application.number }} von {{ application.legalName }} nicht befürwortet. Die Mitgliedschaft setzt seine schriftliche Befürwortung voraus, daher endet das Verfahren hier. Angegebener Grund:',
  ),
  es: applicationEndedWithReason(
    'es',
    'La asociación nacional de su país no ha avalado la solicitud de afiliación {{ application.number }} de {{ application.legalName }}. La afiliación requiere su aval por escrito, por lo que el procedimiento termina aquí. Motivo indicado:',
  ),
};
