import { featureMessages } from './feature-messages';

/**
 * The words of a member's company data and its change requests (issue 35): the form, what
 * changes at once and what our staff check first, the requests and their decisions. In the
 * member chunk (`member-messages.ts`), like the rest of the member side.
 */
export const companyMessages = featureMessages({
  en: {
    'company.title': 'Company data',
    'company.link': 'Company data',
    'company.intro':
      'Your company as the federation writes it on invoices, certificates and letters.',
    'company.readOnly':
      'Only your owners and administrators change the company data: ask one of them when something needs changing.',
    'company.loadFailed': 'The company data could not be loaded. Please try again.',
    'company.group.company': 'Company',
    'company.group.address': 'Address',
    'company.group.contact': 'Contact and language',
    'company.field.legalName': 'Legal name',
    'company.field.tradeName': 'Trade name',
    'company.field.addressLine1': 'Street and number',
    'company.field.addressLine2': 'Address line 2',
    'company.field.postalCode': 'Postal code',
    'company.field.city': 'City',
    'company.field.state': 'State, province or canton',
    'company.field.countryIso2': 'Country',
    'company.field.vatNumber': 'VAT or UID number',
    'company.field.website': 'Website',
    'company.field.email': 'General e-mail',
    'company.field.billingEmail': 'Billing e-mail',
    'company.field.phone': 'Phone',
    'company.field.preferredLanguage': 'Language of e-mails and documents',
    'company.hint.direct': 'Changes at once',
    'company.hint.reviewed': 'Checked by our staff first',
    'company.hint.pending': 'Waiting for our staff: {value}',
    'company.none': '(none)',
    'company.note': 'Note for our staff (optional)',
    'company.noteHelp':
      'Why the change, or where we find the proof: at most {max, number} characters.',
    'company.document': 'Document for our staff (optional)',
    'company.documentHelp':
      'Such as an extract from the commercial register for a new name or address: PDF, PNG or JPEG, at most 10 MB.',
    'company.save': 'Save the changes',
    'company.saving': 'Saving…',
    'company.errors':
      '{count, plural, one {# field needs} other {# fields need}} your attention: {fields}.',
    'company.error.legalName': 'Enter the legal name.',
    'company.error.tooLong': 'At most {max, number} characters.',
    'company.error.website':
      'Enter a web address starting with https:// or http://, such as https://example.com.',
    'company.error.email': 'Enter an e-mail address such as name@company.com.',
    'company.error.phone':
      'Enter a phone number with digits, spaces and + ( ) - . / only, such as +41 22 123 45 67.',
    'company.error.country': 'Choose a country from the list.',
    'company.error.other': 'Check this field.',
    'company.error.nothingChanged':
      'Nothing differs from the company data as it is: change a field first.',
    'company.error.notAllowed': 'Only owners and administrators change the company data.',
    'company.error.failed': 'The changes could not be saved. Please try again.',
    'company.error.documentClosed':
      '{fileName}: this request is decided already, so its document can no longer change.',
    'company.result.title': 'Your changes are saved.',
    'company.result.applied': 'Changed at once:',
    'company.result.waiting': 'Waiting for our staff, who check it first:',
    'company.result.attached': '{fileName} is attached to the request.',
    'company.result.notAttached':
      'The request is sent, but the document is not attached: attach it again under “Your requests”.',
    'company.result.notNeeded':
      '{fileName} was not sent: every change was made at once, so there is nothing for our staff to check.',
    'company.change.becomes': 'becomes',
    'company.requests.title': 'Your requests',
    'company.requests.none': 'No request yet.',
    'company.requests.kind':
      '{kind, select, closeAccount {Closing the account} other {Change of company data}}',
    'company.requests.status':
      '{status, select, pending {Pending} approved {Approved} declined {Declined} other {Withdrawn}}',
    'company.requests.asked': 'Asked on {date} by {email}',
    'company.requests.askedOn': 'Asked on {date}',
    'company.requests.decided':
      '{status, select, approved {Approved on {date}} declined {Declined on {date}} other {Withdrawn on {date}}}',
    'company.requests.reason': 'Reason: {reason}',
    'company.requests.staffNote': 'Note from our staff: {note}',
    'company.requests.yourNote': 'Your note: {note}',
    'company.requests.applied': 'Written by our staff:',
    'company.requests.document': 'Document: {fileName}',
    'company.requests.attach': 'Attach a document to this request',
    'company.requests.replace': 'Replace the document of this request',
    'company.requests.withdraw': 'Withdraw this request',
    'company.requests.withdrawing': 'Withdrawing…',
    'company.requests.withdrawFailed': 'The request could not be withdrawn. Please try again.',
    'company.pending':
      '{kind, select, closeAccount {Your request to close the account is waiting for our staff (asked on {date}).} other {Your change of company data is waiting for our staff (asked on {date}).}}',
    'company.pendingLink': 'See the request',
    'company.close.title': 'Close our account',
    'company.close.intro':
      'Ask our staff to end the membership. Nothing is closed by itself: they confirm it with you, and your invoices and certificates stay available here.',
    'company.close.start': 'Ask to close our account',
    'company.close.note': 'Note for our staff (optional)',
    'company.close.noteHelp': 'From when, and why: at most {max, number} characters.',
    'company.close.send': 'Send the request',
    'company.close.cancel': 'Cancel',
    'company.close.sent': 'Your request to close the account is sent. Our staff will contact you.',
    'company.close.failed': 'The request could not be sent. Please try again.',
    'company.close.already': 'You asked to close the account already; our staff have it in hand.',
    'company.close.ownersOnly': 'Only the owners of the membership ask to close the account.',
  },
  fr: {
    'company.title': 'Données de l’entreprise',
    'company.link': 'Données de l’entreprise',
    'company.intro':
      'Votre entreprise telle que la fédération l’écrit sur les factures, les certificats et les lettres.',
    'company.readOnly':
      'Seuls vos titulaires et administrateurs modifient les données de l’entreprise : adressez-vous à l’un d’eux si quelque chose doit changer.',
    'company.loadFailed':
      'Les données de l’entreprise n’ont pas pu être chargées. Veuillez réessayer.',
    'company.group.company': 'Entreprise',
    'company.group.address': 'Adresse',
    'company.group.contact': 'Contact et langue',
    'company.field.legalName': 'Raison sociale',
    'company.field.tradeName': 'Nom commercial',
    'company.field.addressLine1': 'Rue et numéro',
    'company.field.addressLine2': 'Complément d’adresse',
    'company.field.postalCode': 'Code postal',
    'company.field.city': 'Localité',
    'company.field.state': 'État, province ou canton',
    'company.field.countryIso2': 'Pays',
    'company.field.vatNumber': 'Numéro de TVA ou IDE',
    'company.field.website': 'Site web',
    'company.field.email': 'E-mail général',
    'company.field.billingEmail': 'E-mail de facturation',
    'company.field.phone': 'Téléphone',
    'company.field.preferredLanguage': 'Langue des e-mails et des documents',
    'company.hint.direct': 'Modifié immédiatement',
    'company.hint.reviewed': 'Vérifié d’abord par notre personnel',
    'company.hint.pending': 'En attente de notre personnel : {value}',
    'company.none': '(aucun)',
    'company.note': 'Note pour notre personnel (facultative)',
    'company.noteHelp':
      'Pourquoi ce changement, ou où trouver la preuve : {max, number} caractères au plus.',
    'company.document': 'Document pour notre personnel (facultatif)',
    'company.documentHelp':
      'Par exemple un extrait du registre du commerce pour un nouveau nom ou une nouvelle adresse : PDF, PNG ou JPEG, 10 Mo au plus.',
    'company.save': 'Enregistrer les modifications',
    'company.saving': 'Enregistrement…',
    'company.errors':
      '{count, plural, one {# champ demande} other {# champs demandent}} votre attention : {fields}.',
    'company.error.legalName': 'Saisissez la raison sociale.',
    'company.error.tooLong': '{max, number} caractères au plus.',
    'company.error.website':
      'Saisissez une adresse web commençant par https:// ou http://, comme https://exemple.ch.',
    'company.error.email': 'Saisissez une adresse e-mail comme nom@entreprise.ch.',
    'company.error.phone':
      'Saisissez un numéro de téléphone avec des chiffres, des espaces et + ( ) - . / seulement, comme +41 22 123 45 67.',
    'company.error.country': 'Choisissez un pays dans la liste.',
    'company.error.other': 'Vérifiez ce champ.',
    'company.error.nothingChanged':
      'Rien ne diffère des données actuelles de l’entreprise : modifiez d’abord un champ.',
    'company.error.notAllowed':
      'Seuls les titulaires et les administrateurs modifient les données de l’entreprise.',
    'company.error.failed': 'Les modifications n’ont pas pu être enregistrées. Veuillez réessayer.',
    'company.error.documentClosed':
      '{fileName} : cette demande est déjà tranchée, son document ne peut plus changer.',
    'company.result.title': 'Vos modifications sont enregistrées.',
    'company.result.applied': 'Modifié immédiatement :',
    'company.result.waiting': 'En attente de notre personnel, qui vérifie d’abord :',
    'company.result.attached': '{fileName} est joint à la demande.',
    'company.result.notAttached':
      'La demande est envoyée, mais le document n’est pas joint : joignez-le à nouveau sous « Vos demandes ».',
    'company.result.notNeeded':
      '{fileName} n’a pas été envoyé : toutes les modifications ont été faites immédiatement, notre personnel n’a rien à vérifier.',
    'company.change.becomes': 'devient',
    'company.requests.title': 'Vos demandes',
    'company.requests.none': 'Aucune demande pour l’instant.',
    'company.requests.kind':
      '{kind, select, closeAccount {Fermeture du compte} other {Modification des données de l’entreprise}}',
    'company.requests.status':
      '{status, select, pending {En attente} approved {Acceptée} declined {Refusée} other {Retirée}}',
    'company.requests.asked': 'Demandée le {date} par {email}',
    'company.requests.askedOn': 'Demandée le {date}',
    'company.requests.decided':
      '{status, select, approved {Acceptée le {date}} declined {Refusée le {date}} other {Retirée le {date}}}',
    'company.requests.reason': 'Motif : {reason}',
    'company.requests.staffNote': 'Note de notre personnel : {note}',
    'company.requests.yourNote': 'Votre note : {note}',
    'company.requests.applied': 'Inscrit par notre personnel :',
    'company.requests.document': 'Document : {fileName}',
    'company.requests.attach': 'Joindre un document à cette demande',
    'company.requests.replace': 'Remplacer le document de cette demande',
    'company.requests.withdraw': 'Retirer cette demande',
    'company.requests.withdrawing': 'Retrait en cours…',
    'company.requests.withdrawFailed': 'La demande n’a pas pu être retirée. Veuillez réessayer.',
    'company.pending':
      '{kind, select, closeAccount {Votre demande de fermeture du compte attend notre personnel (demandée le {date}).} other {Votre modification des données de l’entreprise attend notre personnel (demandée le {date}).}}',
    'company.pendingLink': 'Voir la demande',
    'company.close.title': 'Résilier notre compte',
    'company.close.intro':
      'Demandez à notre personnel de mettre fin à l’adhésion. Rien n’est résilié automatiquement : il le confirme avec vous, et vos factures et certificats restent disponibles ici.',
    'company.close.start': 'Demander la résiliation de notre compte',
    'company.close.note': 'Note pour notre personnel (facultatif)',
    'company.close.noteHelp': 'À partir de quand, et pourquoi : au plus {max, number} caractères.',
    'company.close.send': 'Envoyer la demande',
    'company.close.cancel': 'Annuler',
    'company.close.sent':
      'Votre demande de résiliation est envoyée. Notre personnel vous contactera.',
    'company.close.failed': 'La demande n’a pas pu être envoyée. Veuillez réessayer.',
    'company.close.already':
      'Vous avez déjà demandé la résiliation du compte ; notre personnel s’en occupe.',
    'company.close.ownersOnly':
      'Seuls les titulaires de l’adhésion demandent la résiliation du compte.',
  },
  de: {
    'company.title': 'Firmendaten',
    'company.link': 'Firmendaten',
    'company.intro':
      'Ihre Firma, wie der Verband sie auf Rechnungen, Zertifikate und Briefe schreibt.',
    'company.readOnly':
      'Nur Ihre Inhaber und Administratoren ändern die Firmendaten: Wenden Sie sich an eine dieser Personen, wenn etwas geändert werden muss.',
    'company.loadFailed':
      'Die Firmendaten konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
    'company.group.company': 'Firma',
    'company.group.address': 'Adresse',
    'company.group.contact': 'Kontakt und Sprache',
    'company.field.legalName': 'Firmenname',
    'company.field.tradeName': 'Handelsname',
    'company.field.addressLine1': 'Strasse und Nummer',
    'company.field.addressLine2': 'Adresszusatz',
    'company.field.postalCode': 'Postleitzahl',
    'company.field.city': 'Ort',
    'company.field.state': 'Bundesland, Provinz oder Kanton',
    'company.field.countryIso2': 'Land',
    'company.field.vatNumber': 'MWST- oder UID-Nummer',
    'company.field.website': 'Webseite',
    'company.field.email': 'Allgemeine E-Mail-Adresse',
    'company.field.billingEmail': 'E-Mail-Adresse für Rechnungen',
    'company.field.phone': 'Telefon',
    'company.field.preferredLanguage': 'Sprache der E-Mails und Dokumente',
    'company.hint.direct': 'Wird sofort geändert',
    'company.hint.reviewed': 'Wird zuerst von unseren Mitarbeitenden geprüft',
    'company.hint.pending': 'Wartet auf unsere Mitarbeitenden: {value}',
    'company.none': '(keine Angabe)',
    'company.note': 'Notiz für unsere Mitarbeitenden (freiwillig)',
    'company.noteHelp':
      'Warum die Änderung, oder wo wir den Nachweis finden: höchstens {max, number} Zeichen.',
    'company.document': 'Dokument für unsere Mitarbeitenden (freiwillig)',
    'company.documentHelp':
      'Zum Beispiel ein Handelsregisterauszug für einen neuen Namen oder eine neue Adresse: PDF, PNG oder JPEG, höchstens 10 MB.',
    'company.save': 'Änderungen speichern',
    'company.saving': 'Wird gespeichert…',
    'company.errors':
      '{count, plural, one {# Feld braucht} other {# Felder brauchen}} Ihre Aufmerksamkeit: {fields}.',
    'company.error.legalName': 'Geben Sie den Firmennamen ein.',
    'company.error.tooLong': 'Höchstens {max, number} Zeichen.',
    'company.error.website':
      'Geben Sie eine Webadresse ein, die mit https:// oder http:// beginnt, etwa https://beispiel.ch.',
    'company.error.email': 'Geben Sie eine E-Mail-Adresse wie name@firma.ch ein.',
    'company.error.phone':
      'Geben Sie eine Telefonnummer nur mit Ziffern, Leerzeichen und + ( ) - . / ein, etwa +41 22 123 45 67.',
    'company.error.country': 'Wählen Sie ein Land aus der Liste.',
    'company.error.other': 'Prüfen Sie dieses Feld.',
    'company.error.nothingChanged':
      'Nichts weicht von den aktuellen Firmendaten ab: Ändern Sie zuerst ein Feld.',
    'company.error.notAllowed': 'Nur Inhaber und Administratoren ändern die Firmendaten.',
    'company.error.failed':
      'Die Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
    'company.error.documentClosed':
      '{fileName}: Über diesen Antrag ist schon entschieden, sein Dokument kann sich nicht mehr ändern.',
    'company.result.title': 'Ihre Änderungen sind gespeichert.',
    'company.result.applied': 'Sofort geändert:',
    'company.result.waiting': 'Wartet auf unsere Mitarbeitenden, die es zuerst prüfen:',
    'company.result.attached': '{fileName} ist dem Antrag beigefügt.',
    'company.result.notAttached':
      'Der Antrag ist gesendet, aber das Dokument ist nicht beigefügt: Fügen Sie es unter «Ihre Anträge» erneut bei.',
    'company.result.notNeeded':
      '{fileName} wurde nicht gesendet: Alle Änderungen wurden sofort übernommen, unsere Mitarbeitenden müssen nichts prüfen.',
    'company.change.becomes': 'wird zu',
    'company.requests.title': 'Ihre Anträge',
    'company.requests.none': 'Noch kein Antrag.',
    'company.requests.kind':
      '{kind, select, closeAccount {Schliessung des Kontos} other {Änderung der Firmendaten}}',
    'company.requests.status':
      '{status, select, pending {Offen} approved {Angenommen} declined {Abgelehnt} other {Zurückgezogen}}',
    'company.requests.asked': 'Beantragt am {date} von {email}',
    'company.requests.askedOn': 'Beantragt am {date}',
    'company.requests.decided':
      '{status, select, approved {Angenommen am {date}} declined {Abgelehnt am {date}} other {Zurückgezogen am {date}}}',
    'company.requests.reason': 'Begründung: {reason}',
    'company.requests.staffNote': 'Notiz unserer Mitarbeitenden: {note}',
    'company.requests.yourNote': 'Ihre Notiz: {note}',
    'company.requests.applied': 'Von unseren Mitarbeitenden eingetragen:',
    'company.requests.document': 'Dokument: {fileName}',
    'company.requests.attach': 'Diesem Antrag ein Dokument beifügen',
    'company.requests.replace': 'Das Dokument dieses Antrags ersetzen',
    'company.requests.withdraw': 'Diesen Antrag zurückziehen',
    'company.requests.withdrawing': 'Wird zurückgezogen…',
    'company.requests.withdrawFailed':
      'Der Antrag konnte nicht zurückgezogen werden. Bitte versuchen Sie es erneut.',
    'company.pending':
      '{kind, select, closeAccount {Ihr Antrag auf Schliessung des Kontos wartet auf unsere Mitarbeitenden (beantragt am {date}).} other {Ihre Änderung der Firmendaten wartet auf unsere Mitarbeitenden (beantragt am {date}).}}',
    'company.pendingLink': 'Antrag ansehen',
    'company.close.title': 'Unser Konto schliessen',
    'company.close.intro':
      'Bitten Sie unsere Mitarbeitenden, die Mitgliedschaft zu beenden. Nichts wird von selbst geschlossen: Sie bestätigen es mit Ihnen, und Ihre Rechnungen und Zertifikate bleiben hier verfügbar.',
    'company.close.start': 'Schliessung unseres Kontos beantragen',
    'company.close.note': 'Notiz für unsere Mitarbeitenden (optional)',
    'company.close.noteHelp': 'Ab wann und warum: höchstens {max, number} Zeichen.',
    'company.close.send': 'Antrag senden',
    'company.close.cancel': 'Abbrechen',
    'company.close.sent':
      'Ihr Antrag auf Schliessung des Kontos ist gesendet. Unsere Mitarbeitenden melden sich bei Ihnen.',
    'company.close.failed':
      'Der Antrag konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    'company.close.already':
      'Sie haben die Schliessung des Kontos bereits beantragt; unsere Mitarbeitenden kümmern sich darum.',
    'company.close.ownersOnly':
      'Nur die Inhaber der Mitgliedschaft beantragen die Schliessung des Kontos.',
  },
  es: {
    'company.title': 'Datos de la empresa',
    'company.link': 'Datos de la empresa',
    'company.intro':
      'Su empresa tal como la federación la escribe en facturas, certificados y cartas.',
    'company.readOnly':
      'Solo sus titulares y administradores cambian los datos de la empresa: pida a uno de ellos que cambie lo que haga falta.',
    'company.loadFailed': 'No se han podido cargar los datos de la empresa. Inténtelo de nuevo.',
    'company.group.company': 'Empresa',
    'company.group.address': 'Dirección',
    'company.group.contact': 'Contacto e idioma',
    'company.field.legalName': 'Razón social',
    'company.field.tradeName': 'Nombre comercial',
    'company.field.addressLine1': 'Calle y número',
    'company.field.addressLine2': 'Línea de dirección 2',
    'company.field.postalCode': 'Código postal',
    'company.field.city': 'Ciudad',
    'company.field.state': 'Estado, provincia o cantón',
    'company.field.countryIso2': 'País',
    'company.field.vatNumber': 'Número de IVA o NIF',
    'company.field.website': 'Sitio web',
    'company.field.email': 'Correo electrónico general',
    'company.field.billingEmail': 'Correo electrónico de facturación',
    'company.field.phone': 'Teléfono',
    'company.field.preferredLanguage': 'Idioma de los correos y documentos',
    'company.hint.direct': 'Se cambia al instante',
    'company.hint.reviewed': 'Lo revisa primero nuestro personal',
    'company.hint.pending': 'Pendiente de nuestro personal: {value}',
    'company.none': '(ninguno)',
    'company.note': 'Nota para nuestro personal (opcional)',
    'company.noteHelp':
      'Por qué el cambio, o dónde encontrar la prueba: {max, number} caracteres como máximo.',
    'company.document': 'Documento para nuestro personal (opcional)',
    'company.documentHelp':
      'Por ejemplo, un extracto del registro mercantil para un nuevo nombre o una nueva dirección: PDF, PNG o JPEG, 10 MB como máximo.',
    'company.save': 'Guardar los cambios',
    'company.saving': 'Guardando…',
    'company.errors':
      '{count, plural, one {# campo requiere} other {# campos requieren}} su atención: {fields}.',
    'company.error.legalName': 'Escriba la razón social.',
    'company.error.tooLong': '{max, number} caracteres como máximo.',
    'company.error.website':
      'Escriba una dirección web que empiece por https:// o http://, como https://ejemplo.es.',
    'company.error.email': 'Escriba un correo electrónico como nombre@empresa.es.',
    'company.error.phone':
      'Escriba un número de teléfono solo con cifras, espacios y + ( ) - . /, como +41 22 123 45 67.',
    'company.error.country': 'Elija un país de la lista.',
    'company.error.other': 'Revise este campo.',
    'company.error.nothingChanged':
      'Nada difiere de los datos actuales de la empresa: cambie primero un campo.',
    'company.error.notAllowed':
      'Solo los titulares y los administradores cambian los datos de la empresa.',
    'company.error.failed': 'No se han podido guardar los cambios. Inténtelo de nuevo.',
    'company.error.documentClosed':
      '{fileName}: esta solicitud ya está decidida, así que su documento ya no puede cambiar.',
    'company.result.title': 'Sus cambios están guardados.',
    'company.result.applied': 'Cambiado al instante:',
    'company.result.waiting': 'Pendiente de nuestro personal, que lo revisa primero:',
    'company.result.attached': '{fileName} está adjunto a la solicitud.',
    'company.result.notAttached':
      'La solicitud está enviada, pero el documento no está adjunto: adjúntelo de nuevo en «Sus solicitudes».',
    'company.result.notNeeded':
      '{fileName} no se ha enviado: todos los cambios se hicieron al instante, así que nuestro personal no tiene nada que revisar.',
    'company.change.becomes': 'pasa a',
    'company.requests.title': 'Sus solicitudes',
    'company.requests.none': 'Aún no hay ninguna solicitud.',
    'company.requests.kind':
      '{kind, select, closeAccount {Cierre de la cuenta} other {Cambio de los datos de la empresa}}',
    'company.requests.status':
      '{status, select, pending {Pendiente} approved {Aprobada} declined {Rechazada} other {Retirada}}',
    'company.requests.asked': 'Solicitada el {date} por {email}',
    'company.requests.askedOn': 'Solicitada el {date}',
    'company.requests.decided':
      '{status, select, approved {Aprobada el {date}} declined {Rechazada el {date}} other {Retirada el {date}}}',
    'company.requests.reason': 'Motivo: {reason}',
    'company.requests.staffNote': 'Nota de nuestro personal: {note}',
    'company.requests.yourNote': 'Su nota: {note}',
    'company.requests.applied': 'Registrado por nuestro personal:',
    'company.requests.document': 'Documento: {fileName}',
    'company.requests.attach': 'Adjuntar un documento a esta solicitud',
    'company.requests.replace': 'Sustituir el documento de esta solicitud',
    'company.requests.withdraw': 'Retirar esta solicitud',
    'company.requests.withdrawing': 'Retirando…',
    'company.requests.withdrawFailed': 'No se pudo retirar la solicitud. Vuelva a intentarlo.',
    'company.pending':
      '{kind, select, closeAccount {Su solicitud de cierre de la cuenta está pendiente de nuestro personal (solicitada el {date}).} other {Su cambio de los datos de la empresa está pendiente de nuestro personal (solicitada el {date}).}}',
    'company.pendingLink': 'Ver la solicitud',
    'company.close.title': 'Cerrar nuestra cuenta',
    'company.close.intro':
      'Pida a nuestro personal que ponga fin a la afiliación. Nada se cierra por sí solo: lo confirman con usted, y sus facturas y certificados siguen disponibles aquí.',
    'company.close.start': 'Pedir el cierre de nuestra cuenta',
    'company.close.note': 'Nota para nuestro personal (opcional)',
    'company.close.noteHelp': 'Desde cuándo y por qué: como máximo {max, number} caracteres.',
    'company.close.send': 'Enviar la solicitud',
    'company.close.cancel': 'Cancelar',
    'company.close.sent':
      'Su solicitud de cierre de la cuenta se ha enviado. Nuestro personal se pondrá en contacto con usted.',
    'company.close.failed': 'No se pudo enviar la solicitud. Inténtelo de nuevo.',
    'company.close.already': 'Ya pidió el cierre de la cuenta; nuestro personal se ocupa de ello.',
    'company.close.ownersOnly': 'Solo los titulares de la afiliación piden el cierre de la cuenta.',
  },
});
