import { applicationEndedWithReason, type KindDefaults } from './compose';

/** The application rejected, with the operator's reason quoted. */
export const applicationRejectedDefaults: KindDefaults = {
  en: applicationEndedWithReason(
    'en',
    'Thank you for the interest of {{ application.legalName }} in membership. After reviewing application {{ application.number }}, we regret that we cannot approve it, for this reason:',
  ),
  fr: applicationEndedWithReason(
    'fr',
    'Nous vous remercions de l’intérêt que {{ application.legalName }} porte à l’adhésion. Après examen de la demande {{ application.number }}, nous avons le regret de ne pas pouvoir l’accepter, pour la raison suivante :',
  ),
  de: applicationEndedWithReason(
    'de',
    'vielen Dank für das Interesse von {{ application.legalName }} an einer Mitgliedschaft. Nach Prüfung des Antrags {{ application.number }} bedauern wir, ihn aus folgendem Grund nicht annehmen zu können:',
  ),
  es: applicationEndedWithReason(
    'es',
    'Le agradecemos el interés de {{ application.legalName }} en afiliarse. Tras examinar la solicitud {{ application.number }}, lamentamos no poder aprobarla por el siguiente motivo:',
  ),
};
