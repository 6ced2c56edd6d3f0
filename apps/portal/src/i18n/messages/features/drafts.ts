import { featureMessages } from './feature-messages';

/** The words of a draft's "Finish later" (see feature-messages.ts). */
export const draftsMessages = featureMessages({
  en: {
    'drafts.finishLater': 'Finish later',
    'drafts.sending': 'Sending…',
    'drafts.sent':
      'We e-mailed a link to {email}. Follow it on any device to continue where you left off; every step you saved is kept.',
    'drafts.failed': 'The link could not be sent. Try again in a few minutes.',
    'drafts.expiry': 'A draft left untouched for 90 days is deleted with its documents.',
  },
  fr: {
    'drafts.finishLater': 'Terminer plus tard',
    'drafts.sending': 'Envoi…',
    'drafts.sent':
      'Nous avons envoyé un lien à {email}. Suivez-le sur n’importe quel appareil pour reprendre là où vous vous êtes arrêté ; chaque étape enregistrée est conservée.',
    'drafts.failed': 'Le lien n’a pas pu être envoyé. Réessayez dans quelques minutes.',
    'drafts.expiry':
      'Un brouillon laissé sans modification pendant 90 jours est supprimé avec ses documents.',
  },
  de: {
    'drafts.finishLater': 'Später fertigstellen',
    'drafts.sending': 'Wird gesendet…',
    'drafts.sent':
      'Wir haben einen Link an {email} gesendet. Öffnen Sie ihn auf einem beliebigen Gerät, um dort weiterzumachen, wo Sie aufgehört haben; jeder gespeicherte Schritt bleibt erhalten.',
    'drafts.failed':
      'Der Link konnte nicht gesendet werden. Versuchen Sie es in einigen Minuten erneut.',
    'drafts.expiry':
      'Ein Entwurf, der 90 Tage lang unverändert bleibt, wird mit seinen Dokumenten gelöscht.',
  },
  es: {
    'drafts.finishLater': 'Terminar más tarde',
    'drafts.sending': 'Enviando…',
    'drafts.sent':
      'Hemos enviado un enlace a {email}. Ábralo en cualquier dispositivo para continuar donde lo dejó; cada paso guardado se conserva.',
    'drafts.failed': 'No se pudo enviar el enlace. Inténtelo de nuevo en unos minutos.',
    'drafts.expiry': 'Un borrador sin cambios durante 90 días se elimina con sus documentos.',
  },
});
