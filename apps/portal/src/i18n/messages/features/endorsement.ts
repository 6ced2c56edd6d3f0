import { featureMessages } from './feature-messages';

/** The words of the portal's endorsement page, `/endorse/{token}` (see feature-messages.ts). */
export const endorsementMessages = featureMessages({
  en: {
    'requests.title': 'Endorsement requests for {association}',
    'requests.intro':
      'Applications from your country wait for your association’s answer. The same page opens from the e-mailed link.',
    'requests.item': 'Application {number}',
    'requests.dates': 'Asked on {sent}; the link works until {expires}.',
    'requests.open': 'Read and answer: {legalName}',
    'endorse.loading': 'Opening the endorsement request…',
    'endorse.title': 'Endorsement request: {legalName}',
    'endorse.intro':
      'The federation asks {association} whether it endorses this application for membership. Please read it and answer by {date}. No account is needed: this link is yours alone, do not pass it on.',
    'endorse.application': 'The application',
    'endorse.number': 'Application number',
    'endorse.category': 'Applying as',
    'endorse.address': 'Address',
    'endorse.contacts': 'Contacts',
    'endorse.submittedAt': 'Submitted',
    'endorse.documents': 'Its documents',
    'endorse.noDocuments': 'The applicant has not added any document.',
    'endorse.openDocument': '{fileName} (opens in a new tab)',
    'endorse.letter': 'Endorsement letter (optional)',
    'endorse.letterHelp':
      'If your association writes a letter of endorsement, attach it here as a PDF of at most 10 MB.',
    'endorse.letterAdd': 'Attach the letter (PDF)',
    'endorse.letterUploading': 'Sending {fileName}',
    'endorse.letterAttached': '{fileName} is attached to the application.',
    'endorse.letterError.fileType':
      '{fileName}: the letter must be a PDF (judged by its content, not its name).',
    'endorse.letterError.tooLarge': '{fileName} is larger than 10 MB.',
    'endorse.letterError.empty': '{fileName} is empty.',
    'endorse.letterError.other': '{fileName} could not be sent. Try again.',
    'endorse.answer': 'Your answer',
    'endorse.decision.endorse': 'We endorse this application',
    'endorse.decision.decline': 'We do not endorse this application',
    'endorse.reason': 'Reason',
    'endorse.reasonHelp.decline': 'Required: the applicant receives it.',
    'endorse.reasonHelp.endorse': 'Optional: a word for headquarters.',
    'endorse.reasonRequired': 'Reason: say why the association does not endorse it.',
    'endorse.reasonTooLong': 'Reason: at most 2,000 characters.',
    'endorse.send': 'Send the answer',
    'endorse.thanks':
      'Thank you: your answer is recorded and headquarters will continue the review.',
    'endorse.used.endorse':
      'This link was used already: application {number} was endorsed on {date}, through the link e-mailed to your association.',
    'endorse.used.decline':
      'This link was used already: application {number} was not endorsed, on {date}, through the link e-mailed to your association.',
    'endorse.usedReason': 'Reason given: {reason}',
    'endorse.usedLetter': 'An endorsement letter was attached.',
    'endorse.expired':
      'This link for application {number} expired on {date} without an answer. Ask {contact} for a new one.',
    'endorse.retired':
      'This link for application {number} no longer works: a newer link was sent, or the application no longer waits for your endorsement. Ask {contact} if you need one.',
    'endorse.unknown':
      'This endorsement link is not known. Check that the whole address from the e-mail is in the address bar, or ask the federation for a new link.',
    'endorse.tooMany': 'Too many attempts from here. Wait a minute and try again.',
  },
  fr: {
    'requests.title': 'Demandes de recommandation pour {association}',
    'requests.intro':
      'Des demandes de votre pays attendent la réponse de votre association. La même page s’ouvre depuis le lien reçu par e-mail.',
    'requests.item': 'Demande {number}',
    'requests.dates': 'Demandé le {sent} ; le lien est valable jusqu’au {expires}.',
    'requests.open': 'Lire et répondre : {legalName}',
    'endorse.loading': 'Ouverture de la demande de recommandation…',
    'endorse.title': 'Demande de recommandation : {legalName}',
    'endorse.intro':
      'La fédération demande à {association} si elle recommande cette demande d’adhésion. Veuillez la lire et répondre d’ici le {date}. Aucun compte n’est nécessaire : ce lien vous est réservé, ne le transmettez pas.',
    'endorse.application': 'La demande',
    'endorse.number': 'Numéro de la demande',
    'endorse.category': 'Demande en tant que',
    'endorse.address': 'Adresse',
    'endorse.contacts': 'Contacts',
    'endorse.submittedAt': 'Envoyée le',
    'endorse.documents': 'Ses documents',
    'endorse.noDocuments': 'Le demandeur n’a joint aucun document.',
    'endorse.openDocument': '{fileName} (s’ouvre dans un nouvel onglet)',
    'endorse.letter': 'Lettre de recommandation (facultative)',
    'endorse.letterHelp':
      'Si votre association rédige une lettre de recommandation, joignez-la ici en PDF de 10 Mo au plus.',
    'endorse.letterAdd': 'Joindre la lettre (PDF)',
    'endorse.letterUploading': 'Envoi de {fileName}',
    'endorse.letterAttached': '{fileName} est joint à la demande.',
    'endorse.letterError.fileType':
      '{fileName} : la lettre doit être un PDF (jugé d’après son contenu, non son nom).',
    'endorse.letterError.tooLarge': '{fileName} dépasse 10 Mo.',
    'endorse.letterError.empty': '{fileName} est vide.',
    'endorse.letterError.other': '{fileName} n’a pas pu être envoyé. Réessayez.',
    'endorse.answer': 'Votre réponse',
    'endorse.decision.endorse': 'Nous recommandons cette demande',
    'endorse.decision.decline': 'Nous ne recommandons pas cette demande',
    'endorse.reason': 'Motif',
    'endorse.reasonHelp.decline': 'Obligatoire : le demandeur le recevra.',
    'endorse.reasonHelp.endorse': 'Facultatif : un mot pour le siège.',
    'endorse.reasonRequired': 'Motif : dites pourquoi l’association ne la recommande pas.',
    'endorse.reasonTooLong': 'Motif : 2 000 caractères au plus.',
    'endorse.send': 'Envoyer la réponse',
    'endorse.thanks':
      'Merci : votre réponse est enregistrée et le siège poursuivra l’examen de la demande.',
    'endorse.used.endorse':
      'Ce lien a déjà servi : la demande {number} a été recommandée le {date}, par le lien envoyé à votre association.',
    'endorse.used.decline':
      'Ce lien a déjà servi : la demande {number} n’a pas été recommandée, le {date}, par le lien envoyé à votre association.',
    'endorse.usedReason': 'Motif donné : {reason}',
    'endorse.usedLetter': 'Une lettre de recommandation a été jointe.',
    'endorse.expired':
      'Ce lien pour la demande {number} a expiré le {date} sans réponse. Demandez-en un nouveau à {contact}.',
    'endorse.retired':
      'Ce lien pour la demande {number} ne fonctionne plus : un lien plus récent a été envoyé, ou la demande n’attend plus votre recommandation. Écrivez à {contact} si besoin.',
    'endorse.unknown':
      'Ce lien de recommandation est inconnu. Vérifiez que l’adresse complète de l’e-mail figure dans la barre d’adresse, ou demandez un nouveau lien à la fédération.',
    'endorse.tooMany': 'Trop de tentatives depuis cet endroit. Attendez une minute et réessayez.',
  },
  de: {
    'requests.title': 'Empfehlungsanfragen für {association}',
    'requests.intro':
      'Anträge aus Ihrem Land warten auf die Antwort Ihres Verbands. Dieselbe Seite öffnet sich über den Link aus der E-Mail.',
    'requests.item': 'Antrag {number}',
    'requests.dates': 'Angefragt am {sent}; der Link gilt bis {expires}.',
    'requests.open': 'Lesen und antworten: {legalName}',
    'endorse.loading': 'Die Empfehlungsanfrage wird geöffnet…',
    'endorse.title': 'Empfehlungsanfrage: {legalName}',
    'endorse.intro':
      'Die Föderation fragt {association}, ob sie dieses Aufnahmegesuch empfiehlt. Bitte lesen Sie es und antworten Sie bis zum {date}. Ein Konto ist nicht nötig: Dieser Link gehört nur Ihnen, geben Sie ihn nicht weiter.',
    'endorse.application': 'Das Gesuch',
    'endorse.number': 'Gesuchsnummer',
    'endorse.category': 'Gesuch als',
    'endorse.address': 'Adresse',
    'endorse.contacts': 'Kontakte',
    'endorse.submittedAt': 'Eingereicht',
    'endorse.documents': 'Seine Dokumente',
    'endorse.noDocuments': 'Der Antragsteller hat keine Dokumente beigefügt.',
    'endorse.openDocument': '{fileName} (öffnet in einem neuen Tab)',
    'endorse.letter': 'Empfehlungsschreiben (freiwillig)',
    'endorse.letterHelp':
      'Wenn Ihr Verband ein Empfehlungsschreiben verfasst, fügen Sie es hier als PDF von höchstens 10 MB bei.',
    'endorse.letterAdd': 'Schreiben beifügen (PDF)',
    'endorse.letterUploading': '{fileName} wird gesendet',
    'endorse.letterAttached': '{fileName} ist dem Gesuch beigefügt.',
    'endorse.letterError.fileType':
      '{fileName}: Das Schreiben muss ein PDF sein (nach seinem Inhalt beurteilt, nicht nach dem Namen).',
    'endorse.letterError.tooLarge': '{fileName} ist grösser als 10 MB.',
    'endorse.letterError.empty': '{fileName} ist leer.',
    'endorse.letterError.other':
      '{fileName} konnte nicht gesendet werden. Versuchen Sie es noch einmal.',
    'endorse.answer': 'Ihre Antwort',
    'endorse.decision.endorse': 'Wir empfehlen dieses Gesuch',
    'endorse.decision.decline': 'Wir empfehlen dieses Gesuch nicht',
    'endorse.reason': 'Begründung',
    'endorse.reasonHelp.decline': 'Pflicht: Der Antragsteller erhält sie.',
    'endorse.reasonHelp.endorse': 'Freiwillig: ein Wort an die Geschäftsstelle.',
    'endorse.reasonRequired': 'Begründung: Sagen Sie, warum der Verband es nicht empfiehlt.',
    'endorse.reasonTooLong': 'Begründung: höchstens 2000 Zeichen.',
    'endorse.send': 'Antwort senden',
    'endorse.thanks':
      'Vielen Dank: Ihre Antwort ist erfasst, und die Geschäftsstelle setzt die Prüfung fort.',
    'endorse.used.endorse':
      'Dieser Link wurde schon benutzt: Das Gesuch {number} wurde am {date} über den Ihrem Verband gesendeten Link empfohlen.',
    'endorse.used.decline':
      'Dieser Link wurde schon benutzt: Das Gesuch {number} wurde am {date} über den Ihrem Verband gesendeten Link nicht empfohlen.',
    'endorse.usedReason': 'Angegebene Begründung: {reason}',
    'endorse.usedLetter': 'Ein Empfehlungsschreiben wurde beigefügt.',
    'endorse.expired':
      'Dieser Link für das Gesuch {number} ist am {date} ohne Antwort abgelaufen. Bitten Sie {contact} um einen neuen.',
    'endorse.retired':
      'Dieser Link für das Gesuch {number} funktioniert nicht mehr: Ein neuerer Link wurde gesendet, oder das Gesuch wartet nicht mehr auf Ihre Empfehlung. Wenden Sie sich bei Bedarf an {contact}.',
    'endorse.unknown':
      'Dieser Empfehlungslink ist unbekannt. Prüfen Sie, ob die ganze Adresse aus der E-Mail in der Adresszeile steht, oder bitten Sie die Föderation um einen neuen Link.',
    'endorse.tooMany':
      'Zu viele Versuche von hier. Warten Sie eine Minute und versuchen Sie es erneut.',
  },
  es: {
    'requests.title': 'Solicitudes de aval para {association}',
    'requests.intro':
      'Solicitudes de su país esperan la respuesta de su asociación. La misma página se abre desde el enlace recibido por correo.',
    'requests.item': 'Solicitud {number}',
    'requests.dates': 'Pedido el {sent}; el enlace es válido hasta el {expires}.',
    'requests.open': 'Leer y responder: {legalName}',
    'endorse.loading': 'Abriendo la solicitud de aval…',
    'endorse.title': 'Solicitud de aval: {legalName}',
    'endorse.intro':
      'La federación pregunta a {association} si avala esta solicitud de adhesión. Léala y responda antes del {date}. No necesita una cuenta: este enlace es solo suyo, no lo comparta.',
    'endorse.application': 'La solicitud',
    'endorse.number': 'Número de solicitud',
    'endorse.category': 'Solicita como',
    'endorse.address': 'Dirección',
    'endorse.contacts': 'Contactos',
    'endorse.submittedAt': 'Enviada',
    'endorse.documents': 'Sus documentos',
    'endorse.noDocuments': 'El solicitante no ha añadido ningún documento.',
    'endorse.openDocument': '{fileName} (se abre en una pestaña nueva)',
    'endorse.letter': 'Carta de aval (opcional)',
    'endorse.letterHelp':
      'Si su asociación redacta una carta de aval, adjúntela aquí en PDF de 10 MB como máximo.',
    'endorse.letterAdd': 'Adjuntar la carta (PDF)',
    'endorse.letterUploading': 'Enviando {fileName}',
    'endorse.letterAttached': '{fileName} está adjunto a la solicitud.',
    'endorse.letterError.fileType':
      '{fileName}: la carta debe ser un PDF (según su contenido, no su nombre).',
    'endorse.letterError.tooLarge': '{fileName} supera los 10 MB.',
    'endorse.letterError.empty': '{fileName} está vacío.',
    'endorse.letterError.other': '{fileName} no se pudo enviar. Inténtelo de nuevo.',
    'endorse.answer': 'Su respuesta',
    'endorse.decision.endorse': 'Avalamos esta solicitud',
    'endorse.decision.decline': 'No avalamos esta solicitud',
    'endorse.reason': 'Motivo',
    'endorse.reasonHelp.decline': 'Obligatorio: el solicitante lo recibirá.',
    'endorse.reasonHelp.endorse': 'Opcional: unas palabras para la sede.',
    'endorse.reasonRequired': 'Motivo: diga por qué la asociación no la avala.',
    'endorse.reasonTooLong': 'Motivo: 2000 caracteres como máximo.',
    'endorse.send': 'Enviar la respuesta',
    'endorse.thanks':
      'Gracias: su respuesta ha quedado registrada y la sede continuará con el examen.',
    'endorse.used.endorse':
      'Este enlace ya se usó: la solicitud {number} fue avalada el {date}, mediante el enlace enviado a su asociación.',
    'endorse.used.decline':
      'Este enlace ya se usó: la solicitud {number} no fue avalada, el {date}, mediante el enlace enviado a su asociación.',
    'endorse.usedReason': 'Motivo indicado: {reason}',
    'endorse.usedLetter': 'Se adjuntó una carta de aval.',
    'endorse.expired':
      'Este enlace para la solicitud {number} caducó el {date} sin respuesta. Pida uno nuevo a {contact}.',
    'endorse.retired':
      'Este enlace para la solicitud {number} ya no funciona: se envió un enlace más reciente, o la solicitud ya no espera su aval. Escriba a {contact} si lo necesita.',
    'endorse.unknown':
      'Este enlace de aval no se reconoce. Compruebe que la dirección completa del correo está en la barra de direcciones, o pida un enlace nuevo a la federación.',
    'endorse.tooMany': 'Demasiados intentos desde aquí. Espere un minuto e inténtelo de nuevo.',
  },
});
