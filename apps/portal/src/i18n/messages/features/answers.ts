import { featureMessages } from './feature-messages';

/** The words of the portal's answers (see feature-messages.ts). */
export const answersMessages = featureMessages({
  en: {
    'answers.label': 'Your answer',
    'answers.help':
      'Headquarters reads it with your application. At most {max, number} characters.',
    'answers.send': 'Send',
    'answers.sending': 'Sending…',
    'answers.error.required': 'Your answer: write what headquarters asked for before you send it.',
    'answers.error.tooLong':
      'Your answer: at most {max, number} characters fit, it has {count, number}.',
    'answers.error.conflict':
      'This application was changed meanwhile (on another device?). The latest version is shown: check it and send your answer again.',
    'answers.error.closed': 'Headquarters no longer waits for an answer to this application.',
    'answers.error.network': 'Your answer could not be sent: check your connection and try again.',
    'answers.error.other': 'Your answer could not be sent. Try again.',
    'answers.documentsHint':
      'Did headquarters ask for a document? Add it here before you send your answer.',
    'answers.addDocuments': 'Add documents',
    'answers.hideDocuments': 'Hide the documents',
    'answers.sentTitle': 'Your answer to headquarters',
    'answers.previousTitle': 'Your previous answer',
    'answers.sentAt': 'Sent on {date}',
    'answers.sent': 'Your answer is sent. Headquarters reviews your application again.',
  },
  fr: {
    'answers.label': 'Votre réponse',
    'answers.help': 'Le siège la lit avec votre demande. {max, number} caractères au plus.',
    'answers.send': 'Envoyer',
    'answers.sending': 'Envoi…',
    'answers.error.required':
      'Votre réponse : écrivez ce que le siège vous a demandé avant de l’envoyer.',
    'answers.error.tooLong':
      'Votre réponse : {max, number} caractères au plus, elle en compte {count, number}.',
    'answers.error.conflict':
      'Cette demande a été modifiée entre-temps (sur un autre appareil ?). La dernière version est affichée : vérifiez-la et envoyez de nouveau votre réponse.',
    'answers.error.closed': 'Le siège n’attend plus de réponse pour cette demande.',
    'answers.error.network':
      'Votre réponse n’a pas pu être envoyée : vérifiez votre connexion et réessayez.',
    'answers.error.other': 'Votre réponse n’a pas pu être envoyée. Réessayez.',
    'answers.documentsHint':
      'Le siège vous a demandé un document ? Ajoutez-le ici avant d’envoyer votre réponse.',
    'answers.addDocuments': 'Ajouter des documents',
    'answers.hideDocuments': 'Masquer les documents',
    'answers.sentTitle': 'Votre réponse au siège',
    'answers.previousTitle': 'Votre réponse précédente',
    'answers.sentAt': 'Envoyée le {date}',
    'answers.sent': 'Votre réponse est envoyée. Le siège examine de nouveau votre demande.',
  },
  de: {
    'answers.label': 'Ihre Antwort',
    'answers.help':
      'Die Geschäftsstelle liest sie mit Ihrem Antrag. Höchstens {max, number} Zeichen.',
    'answers.send': 'Senden',
    'answers.sending': 'Wird gesendet…',
    'answers.error.required':
      'Ihre Antwort: Schreiben Sie, was die Geschäftsstelle erfragt hat, bevor Sie senden.',
    'answers.error.tooLong':
      'Ihre Antwort: Höchstens {max, number} Zeichen haben Platz, sie hat {count, number}.',
    'answers.error.conflict':
      'Dieser Antrag wurde inzwischen geändert (auf einem anderen Gerät?). Die neueste Fassung wird angezeigt: Prüfen Sie sie und senden Sie Ihre Antwort erneut.',
    'answers.error.closed': 'Die Geschäftsstelle wartet bei diesem Antrag auf keine Antwort mehr.',
    'answers.error.network':
      'Ihre Antwort konnte nicht gesendet werden: Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
    'answers.error.other':
      'Ihre Antwort konnte nicht gesendet werden. Versuchen Sie es noch einmal.',
    'answers.documentsHint':
      'Hat die Geschäftsstelle ein Dokument verlangt? Fügen Sie es hier hinzu, bevor Sie Ihre Antwort senden.',
    'answers.addDocuments': 'Dokumente hinzufügen',
    'answers.hideDocuments': 'Dokumente ausblenden',
    'answers.sentTitle': 'Ihre Antwort an die Geschäftsstelle',
    'answers.previousTitle': 'Ihre frühere Antwort',
    'answers.sentAt': 'Gesendet am {date}',
    'answers.sent': 'Ihre Antwort ist gesendet. Die Geschäftsstelle prüft Ihren Antrag erneut.',
  },
  es: {
    'answers.label': 'Su respuesta',
    'answers.help': 'La sede la lee junto con su solicitud. Como máximo {max, number} caracteres.',
    'answers.send': 'Enviar',
    'answers.sending': 'Enviando…',
    'answers.error.required': 'Su respuesta: escriba lo que la sede le pidió antes de enviarla.',
    'answers.error.tooLong':
      'Su respuesta: caben como máximo {max, number} caracteres y tiene {count, number}.',
    'answers.error.conflict':
      'Esta solicitud se modificó mientras tanto (¿en otro dispositivo?). Se muestra la última versión: revísela y vuelva a enviar su respuesta.',
    'answers.error.closed': 'La sede ya no espera una respuesta para esta solicitud.',
    'answers.error.network':
      'No se pudo enviar su respuesta: compruebe su conexión y vuelva a intentarlo.',
    'answers.error.other': 'No se pudo enviar su respuesta. Vuelva a intentarlo.',
    'answers.documentsHint':
      '¿La sede le pidió un documento? Añádalo aquí antes de enviar su respuesta.',
    'answers.addDocuments': 'Añadir documentos',
    'answers.hideDocuments': 'Ocultar los documentos',
    'answers.sentTitle': 'Su respuesta a la sede',
    'answers.previousTitle': 'Su respuesta anterior',
    'answers.sentAt': 'Enviada el {date}',
    'answers.sent': 'Su respuesta se ha enviado. La sede vuelve a examinar su solicitud.',
  },
});
