import { featureMessages } from './feature-messages';

/**
 * The words of "Your data" on the company screen (issue 35): a ZIP of everything the federation
 * keeps about the member, asked for by an owner or admin, made by a job, kept for 24 hours. In
 * the member chunk (`member-messages.ts`), like the rest of the member side.
 */
export const dataExportMessages = featureMessages({
  en: {
    'dataExport.title': 'Your data',
    'dataExport.intro':
      'One ZIP file with your company record, its users, invoices, credit notes, payments, certificates, change requests and the history of changes, as JSON files plus the PDFs, which you can download for {hours, plural, one {# hour} other {# hours}} once it is ready.',
    'dataExport.request': 'Download our data',
    'dataExport.requesting': 'Asking for the archive…',
    'dataExport.keepersOnly': 'Owners and administrators can ask for this archive.',
    'dataExport.loadFailed': 'The state of your archive could not be loaded. Please try again.',
    'dataExport.status.queued':
      'The archive is waiting its turn; you may leave this page meanwhile.',
    'dataExport.status.running': 'The archive is being made; you may leave this page meanwhile.',
    'dataExport.status.ready': 'The archive is ready.',
    'dataExport.asked': 'Asked on {date} by {name}.',
    'dataExport.askedOn': 'Asked on {date}.',
    'dataExport.progress':
      '{done, number} of {total, plural, one {# document} other {# documents}}',
    'dataExport.counting': 'Counting the documents…',
    'dataExport.download': 'Download the ZIP ({size})',
    'dataExport.downloadZip': 'Download the ZIP',
    'dataExport.until': 'Available until {date}',
    'dataExport.holds': 'It holds {list}.',
    'dataExport.count.users': '{count, plural, one {# user} other {# users}}',
    'dataExport.count.invoices': '{count, plural, one {# invoice} other {# invoices}}',
    'dataExport.count.creditNotes': '{count, plural, one {# credit note} other {# credit notes}}',
    'dataExport.count.payments': '{count, plural, one {# payment} other {# payments}}',
    'dataExport.count.certificates': '{count, plural, one {# certificate} other {# certificates}}',
    'dataExport.count.changeRequests':
      '{count, plural, one {# change request} other {# change requests}}',
    'dataExport.count.auditEntries':
      '{count, plural, one {# entry in the history of changes} other {# entries in the history of changes}}',
    'dataExport.count.pdfs': '{count, plural, one {# PDF} other {# PDFs}}',
    'dataExport.again': 'Make a new one',
    'dataExport.failed': 'The archive could not be made.',
    'dataExport.failedReason': 'Reason: {reason}',
    'dataExport.retry': 'Try again',
    'dataExport.expired':
      'The archive asked on {date} has expired and can no longer be downloaded.',
    'dataExport.error.failed': 'The archive could not be asked for. Please try again.',
  },
  fr: {
    'dataExport.title': 'Vos données',
    'dataExport.intro':
      'Un fichier ZIP avec la fiche de votre entreprise, ses utilisateurs, factures, notes de crédit, paiements, certificats, demandes de modification et l’historique des modifications, en fichiers JSON accompagnés des PDF, que vous pouvez télécharger pendant {hours, plural, one {# heure} other {# heures}} une fois qu’il est prêt.',
    'dataExport.request': 'Télécharger nos données',
    'dataExport.requesting': 'Demande de l’archive…',
    'dataExport.keepersOnly':
      'Les titulaires et les administrateurs peuvent demander cette archive.',
    'dataExport.loadFailed': 'L’état de votre archive n’a pas pu être chargé. Veuillez réessayer.',
    'dataExport.status.queued':
      'L’archive attend son tour ; vous pouvez quitter cette page entre-temps.',
    'dataExport.status.running':
      'L’archive est en cours de création ; vous pouvez quitter cette page entre-temps.',
    'dataExport.status.ready': 'L’archive est prête.',
    'dataExport.asked': 'Demandée le {date} par {name}.',
    'dataExport.askedOn': 'Demandée le {date}.',
    'dataExport.progress':
      '{done, number} sur {total, plural, one {# document} other {# documents}}',
    'dataExport.counting': 'Décompte des documents…',
    'dataExport.download': 'Télécharger le ZIP ({size})',
    'dataExport.downloadZip': 'Télécharger le ZIP',
    'dataExport.until': 'Disponible jusqu’au {date}',
    'dataExport.holds': 'Elle contient {list}.',
    'dataExport.count.users': '{count, plural, one {# utilisateur} other {# utilisateurs}}',
    'dataExport.count.invoices': '{count, plural, one {# facture} other {# factures}}',
    'dataExport.count.creditNotes':
      '{count, plural, one {# note de crédit} other {# notes de crédit}}',
    'dataExport.count.payments': '{count, plural, one {# paiement} other {# paiements}}',
    'dataExport.count.certificates': '{count, plural, one {# certificat} other {# certificats}}',
    'dataExport.count.changeRequests':
      '{count, plural, one {# demande de modification} other {# demandes de modification}}',
    'dataExport.count.auditEntries':
      '{count, plural, one {# entrée de l’historique des modifications} other {# entrées de l’historique des modifications}}',
    'dataExport.count.pdfs': '{count, plural, one {# PDF} other {# PDF}}',
    'dataExport.again': 'En créer une nouvelle',
    'dataExport.failed': 'L’archive n’a pas pu être créée.',
    'dataExport.failedReason': 'Motif : {reason}',
    'dataExport.retry': 'Réessayer',
    'dataExport.expired': 'L’archive demandée le {date} a expiré et ne peut plus être téléchargée.',
    'dataExport.error.failed': 'L’archive n’a pas pu être demandée. Veuillez réessayer.',
  },
  de: {
    'dataExport.title': 'Ihre Daten',
    'dataExport.intro':
      'Eine ZIP-Datei mit dem Datensatz Ihrer Firma, ihren Benutzern, Rechnungen, Gutschriften, Zahlungen, Zertifikaten, Änderungsanträgen und dem Verlauf der Änderungen, als JSON-Dateien samt den PDFs, die Sie ab ihrer Fertigstellung {hours, plural, one {# Stunde} other {# Stunden}} lang herunterladen können.',
    'dataExport.request': 'Unsere Daten herunterladen',
    'dataExport.requesting': 'Archiv wird angefordert…',
    'dataExport.keepersOnly': 'Inhaber und Administratoren können dieses Archiv anfordern.',
    'dataExport.loadFailed':
      'Der Stand Ihres Archivs konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
    'dataExport.status.queued':
      'Das Archiv wartet, bis es an der Reihe ist; Sie können diese Seite inzwischen verlassen.',
    'dataExport.status.running':
      'Das Archiv wird erstellt; Sie können diese Seite inzwischen verlassen.',
    'dataExport.status.ready': 'Das Archiv ist bereit.',
    'dataExport.asked': 'Angefordert am {date} von {name}.',
    'dataExport.askedOn': 'Angefordert am {date}.',
    'dataExport.progress':
      '{done, number} von {total, plural, one {# Dokument} other {# Dokumenten}}',
    'dataExport.counting': 'Die Dokumente werden gezählt…',
    'dataExport.download': 'ZIP herunterladen ({size})',
    'dataExport.downloadZip': 'ZIP herunterladen',
    'dataExport.until': 'Verfügbar bis zum {date}',
    'dataExport.holds': 'Es enthält {list}.',
    'dataExport.count.users': '{count, plural, one {# Benutzer} other {# Benutzer}}',
    'dataExport.count.invoices': '{count, plural, one {# Rechnung} other {# Rechnungen}}',
    'dataExport.count.creditNotes': '{count, plural, one {# Gutschrift} other {# Gutschriften}}',
    'dataExport.count.payments': '{count, plural, one {# Zahlung} other {# Zahlungen}}',
    'dataExport.count.certificates': '{count, plural, one {# Zertifikat} other {# Zertifikate}}',
    'dataExport.count.changeRequests':
      '{count, plural, one {# Änderungsantrag} other {# Änderungsanträge}}',
    'dataExport.count.auditEntries':
      '{count, plural, one {# Eintrag im Änderungsverlauf} other {# Einträge im Änderungsverlauf}}',
    'dataExport.count.pdfs': '{count, plural, one {# PDF-Datei} other {# PDF-Dateien}}',
    'dataExport.again': 'Ein neues erstellen',
    'dataExport.failed': 'Das Archiv konnte nicht erstellt werden.',
    'dataExport.failedReason': 'Grund: {reason}',
    'dataExport.retry': 'Erneut versuchen',
    'dataExport.expired':
      'Das am {date} angeforderte Archiv ist abgelaufen und kann nicht mehr heruntergeladen werden.',
    'dataExport.error.failed':
      'Das Archiv konnte nicht angefordert werden. Bitte versuchen Sie es erneut.',
  },
  es: {
    'dataExport.title': 'Sus datos',
    'dataExport.intro':
      'Un archivo ZIP con la ficha de su empresa, sus usuarios, facturas, notas de crédito, pagos, certificados, solicitudes de cambio y el historial de cambios, en archivos JSON junto con los PDF, que puede descargar durante {hours, plural, one {# hora} other {# horas}} una vez listo.',
    'dataExport.request': 'Descargar nuestros datos',
    'dataExport.requesting': 'Solicitando el archivo…',
    'dataExport.keepersOnly': 'Los titulares y los administradores pueden pedir este archivo.',
    'dataExport.loadFailed': 'No se pudo cargar el estado de su archivo. Inténtelo de nuevo.',
    'dataExport.status.queued':
      'El archivo espera su turno; mientras tanto puede salir de esta página.',
    'dataExport.status.running':
      'El archivo se está preparando; mientras tanto puede salir de esta página.',
    'dataExport.status.ready': 'El archivo está listo.',
    'dataExport.asked': 'Solicitado el {date} por {name}.',
    'dataExport.askedOn': 'Solicitado el {date}.',
    'dataExport.progress':
      '{done, number} de {total, plural, one {# documento} other {# documentos}}',
    'dataExport.counting': 'Contando los documentos…',
    'dataExport.download': 'Descargar el ZIP ({size})',
    'dataExport.downloadZip': 'Descargar el ZIP',
    'dataExport.until': 'Disponible hasta el {date}',
    'dataExport.holds': 'Contiene {list}.',
    'dataExport.count.users': '{count, plural, one {# usuario} other {# usuarios}}',
    'dataExport.count.invoices': '{count, plural, one {# factura} other {# facturas}}',
    'dataExport.count.creditNotes':
      '{count, plural, one {# nota de crédito} other {# notas de crédito}}',
    'dataExport.count.payments': '{count, plural, one {# pago} other {# pagos}}',
    'dataExport.count.certificates': '{count, plural, one {# certificado} other {# certificados}}',
    'dataExport.count.changeRequests':
      '{count, plural, one {# solicitud de cambio} other {# solicitudes de cambio}}',
    'dataExport.count.auditEntries':
      '{count, plural, one {# entrada del historial de cambios} other {# entradas del historial de cambios}}',
    'dataExport.count.pdfs': '{count, plural, one {# PDF} other {# PDF}}',
    'dataExport.again': 'Crear uno nuevo',
    'dataExport.failed': 'No se pudo crear el archivo.',
    'dataExport.failedReason': 'Motivo: {reason}',
    'dataExport.retry': 'Volver a intentarlo',
    'dataExport.expired': 'El archivo solicitado el {date} ha caducado y ya no se puede descargar.',
    'dataExport.error.failed': 'No se pudo solicitar el archivo. Inténtelo de nuevo.',
  },
});
