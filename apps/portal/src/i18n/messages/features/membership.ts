import { featureMessages } from './feature-messages';

/**
 * The words of a member's side of the portal (issue 35): its home panel, invoices and
 * certificates. Not in the first screen's language chunk: the member screens load them
 * (`member-messages.tsx`), so an applicant's first screen does not pay for them.
 */
export const membershipMessages = featureMessages({
  en: {
    'membership.title': 'Your membership',
    'membership.number': 'Membership number {number}',
    'membership.role':
      '{role, select, owner {You are its owner.} admin {You are one of its administrators.} other {You are one of its staff.}}',
    'membership.status':
      '{status, select, pendingPayment {Waiting for the first payment} active {Active} overdue {Active, with a payment overdue} suspended {Suspended for unpaid invoices} terminated {Terminated} other {Resigned}}',
    'membership.paidThrough': 'Paid through {year}',
    'membership.notPaidYet': 'No year paid yet',
    'membership.due':
      '{amount} to pay ({count, plural, one {# invoice} other {# invoices}}), the next by {date}.',
    'membership.overdue': '{count, plural, one {# invoice is} other {# invoices are}} past due.',
    'membership.nothingDue': 'Nothing to pay at the moment.',
    'membership.invoices': 'Your invoices',
    'certificates.title': 'Certificates',
    'certificates.none': 'No certificate yet: it is issued once the year is paid.',
    'certificates.name':
      '{type, select, membership {Membership certificate} documentLicence {Document licence} other {Diploma}} {year}',
    'certificates.valid': 'Valid from {from} to {to}',
    'certificates.status':
      '{status, select, issued {Valid} expired {Expired} revoked {Revoked} other {Replaced by a newer one}}',
    'certificates.pdf': 'PDF of certificate {number}',
    'certificates.verify': 'Public check of certificate {number}',
    'invoices.title': 'Invoices',
    'invoices.none': 'No invoice yet.',
    'invoices.number': 'Invoice {number}',
    'invoices.total': 'Total {amount}',
    'invoices.balance': 'To pay: {amount}',
    'invoices.due': 'Due by {date}',
    'invoices.status':
      '{status, select, issued {Open} paid {Paid} void {Cancelled} uncollectible {Written off} other {Credited}}',
    'invoices.overdue': 'Overdue',
    'invoices.reference': 'Payment reference: {reference}',
    'invoices.pdf': 'PDF of invoice {number}',
    'invoices.payByCard': 'Pay {amount} by card',
    'invoices.paying': 'Opening the card payment page…',
    'invoices.payOpened':
      'The card payment page opened in a new tab. This page shows the invoice paid as soon as the payment arrives.',
    'invoices.payLink': 'Open the card payment page of invoice {number}',
    'invoices.payRefused':
      '{rule, select, status {Nothing is left to pay on this invoice.} other {This invoice cannot be paid by card at the moment: please pay it by bank transfer.}}',
    'invoices.payFailed': 'The card payment page could not be opened. Please try again.',
    'invoices.transfer': 'Pay by bank transfer',
    'invoices.transferTo': 'To {holder}, {bank}',
    'invoices.iban': 'IBAN {iban}',
    'invoices.bic': 'BIC {bic}',
    'invoices.copyIban': 'Copy the IBAN',
    'invoices.copyReference': 'Copy the reference',
    'invoices.copied': 'Copied: {value}',
    'invoices.paidLive': 'Invoice {number} is paid. Thank you.',
    'invoices.back': 'Back to your home',
    'creditNotes.title': 'Credit notes',
    'creditNotes.number': 'Credit note {number}',
    'creditNotes.detail': '{amount} credited on invoice {invoice}, {date}',
    'creditNotes.reason': 'Reason: {reason}',
    'creditNotes.pdf': 'PDF of credit note {number}',
    'statement.title': 'Statement of account',
    'statement.intro':
      'Every invoice, payment and credit of a period, with the balance at its start and end.',
    'statement.from': 'From',
    'statement.to': 'To',
    'statement.download': 'Statement from {from} to {to} (PDF)',
    'statement.order': 'The period cannot end before it starts.',
    'statement.future': 'The period cannot end after today.',
  },
  fr: {
    'membership.title': 'Votre adhésion',
    'membership.number': 'Numéro de membre {number}',
    'membership.role':
      '{role, select, owner {Vous en êtes le titulaire.} admin {Vous êtes l’un de ses administrateurs.} other {Vous faites partie de son personnel.}}',
    'membership.status':
      '{status, select, pendingPayment {En attente du premier paiement} active {Active} overdue {Active, avec un paiement en retard} suspended {Suspendue pour factures impayées} terminated {Résiliée} other {Démission}}',
    'membership.paidThrough': 'Payée jusqu’en {year}',
    'membership.notPaidYet': 'Aucune année payée pour l’instant',
    'membership.due':
      '{amount} à payer ({count, plural, one {# facture} other {# factures}}), la prochaine d’ici le {date}.',
    'membership.overdue':
      '{count, plural, one {# facture est échue.} other {# factures sont échues.}}',
    'membership.nothingDue': 'Rien à payer pour le moment.',
    'membership.invoices': 'Vos factures',
    'certificates.title': 'Certificats',
    'certificates.none': 'Pas encore de certificat : il est émis une fois l’année payée.',
    'certificates.name':
      '{type, select, membership {Certificat de membre} documentLicence {Licence de document} other {Diplôme}} {year}',
    'certificates.valid': 'Valable du {from} au {to}',
    'certificates.status':
      '{status, select, issued {Valable} expired {Expiré} revoked {Révoqué} other {Remplacé par un plus récent}}',
    'certificates.pdf': 'PDF du certificat {number}',
    'certificates.verify': 'Vérification publique du certificat {number}',
    'invoices.title': 'Factures',
    'invoices.none': 'Pas encore de facture.',
    'invoices.number': 'Facture {number}',
    'invoices.total': 'Total {amount}',
    'invoices.balance': 'À payer : {amount}',
    'invoices.due': 'Échéance le {date}',
    'invoices.status':
      '{status, select, issued {Ouverte} paid {Payée} void {Annulée} uncollectible {Irrécouvrable} other {Créditée}}',
    'invoices.overdue': 'Échue',
    'invoices.reference': 'Référence de paiement : {reference}',
    'invoices.pdf': 'PDF de la facture {number}',
    'invoices.payByCard': 'Payer {amount} par carte',
    'invoices.paying': 'Ouverture de la page de paiement par carte…',
    'invoices.payOpened':
      'La page de paiement par carte s’est ouverte dans un nouvel onglet. Cette page indique la facture payée dès que le paiement arrive.',
    'invoices.payLink': 'Ouvrir la page de paiement par carte de la facture {number}',
    'invoices.payRefused':
      '{rule, select, status {Il ne reste rien à payer sur cette facture.} other {Cette facture ne peut pas être payée par carte pour le moment : veuillez la régler par virement bancaire.}}',
    'invoices.payFailed':
      'La page de paiement par carte n’a pas pu être ouverte. Veuillez réessayer.',
    'invoices.transfer': 'Payer par virement bancaire',
    'invoices.transferTo': 'À {holder}, {bank}',
    'invoices.iban': 'IBAN {iban}',
    'invoices.bic': 'BIC {bic}',
    'invoices.copyIban': 'Copier l’IBAN',
    'invoices.copyReference': 'Copier la référence',
    'invoices.copied': 'Copié : {value}',
    'invoices.paidLive': 'La facture {number} est payée. Merci.',
    'invoices.back': 'Retour à votre accueil',
    'creditNotes.title': 'Notes de crédit',
    'creditNotes.number': 'Note de crédit {number}',
    'creditNotes.detail': '{amount} crédités sur la facture {invoice}, le {date}',
    'creditNotes.reason': 'Motif : {reason}',
    'creditNotes.pdf': 'PDF de la note de crédit {number}',
    'statement.title': 'Relevé de compte',
    'statement.intro':
      'Chaque facture, paiement et crédit d’une période, avec le solde au début et à la fin.',
    'statement.from': 'Du',
    'statement.to': 'Au',
    'statement.download': 'Relevé du {from} au {to} (PDF)',
    'statement.order': 'La période ne peut pas finir avant de commencer.',
    'statement.future': 'La période ne peut pas finir après aujourd’hui.',
  },
  de: {
    'membership.title': 'Ihre Mitgliedschaft',
    'membership.number': 'Mitgliedsnummer {number}',
    'membership.role':
      '{role, select, owner {Sie sind ihr Inhaber.} admin {Sie sind einer ihrer Administratoren.} other {Sie gehören zu ihren Mitarbeitenden.}}',
    'membership.status':
      '{status, select, pendingPayment {Wartet auf die erste Zahlung} active {Aktiv} overdue {Aktiv, mit einer überfälligen Zahlung} suspended {Wegen unbezahlter Rechnungen ausgesetzt} terminated {Beendet} other {Ausgetreten}}',
    'membership.paidThrough': 'Bezahlt bis {year}',
    'membership.notPaidYet': 'Noch kein Jahr bezahlt',
    'membership.due':
      '{amount} zu zahlen ({count, plural, one {# Rechnung} other {# Rechnungen}}), die nächste bis {date}.',
    'membership.overdue':
      '{count, plural, one {# Rechnung ist überfällig.} other {# Rechnungen sind überfällig.}}',
    'membership.nothingDue': 'Zurzeit ist nichts zu zahlen.',
    'membership.invoices': 'Ihre Rechnungen',
    'certificates.title': 'Zertifikate',
    'certificates.none': 'Noch kein Zertifikat: Es wird ausgestellt, sobald das Jahr bezahlt ist.',
    'certificates.name':
      '{type, select, membership {Mitgliedschaftszertifikat} documentLicence {Dokumentenlizenz} other {Diplom}} {year}',
    'certificates.valid': 'Gültig vom {from} bis {to}',
    'certificates.status':
      '{status, select, issued {Gültig} expired {Abgelaufen} revoked {Widerrufen} other {Durch ein neueres ersetzt}}',
    'certificates.pdf': 'PDF des Zertifikats {number}',
    'certificates.verify': 'Öffentliche Prüfung des Zertifikats {number}',
    'invoices.title': 'Rechnungen',
    'invoices.none': 'Noch keine Rechnung.',
    'invoices.number': 'Rechnung {number}',
    'invoices.total': 'Gesamt {amount}',
    'invoices.balance': 'Zu zahlen: {amount}',
    'invoices.due': 'Fällig bis {date}',
    'invoices.status':
      '{status, select, issued {Offen} paid {Bezahlt} void {Storniert} uncollectible {Abgeschrieben} other {Gutgeschrieben}}',
    'invoices.overdue': 'Überfällig',
    'invoices.reference': 'Zahlungsreferenz: {reference}',
    'invoices.pdf': 'PDF der Rechnung {number}',
    'invoices.payByCard': '{amount} mit Karte bezahlen',
    'invoices.paying': 'Die Kartenzahlungsseite wird geöffnet…',
    'invoices.payOpened':
      'Die Kartenzahlungsseite wurde in einem neuen Tab geöffnet. Diese Seite zeigt die Rechnung als bezahlt, sobald die Zahlung eingeht.',
    'invoices.payLink': 'Kartenzahlungsseite der Rechnung {number} öffnen',
    'invoices.payRefused':
      '{rule, select, status {Auf dieser Rechnung ist nichts mehr zu bezahlen.} other {Diese Rechnung kann derzeit nicht mit Karte bezahlt werden: Bitte überweisen Sie den Betrag.}}',
    'invoices.payFailed':
      'Die Kartenzahlungsseite konnte nicht geöffnet werden. Bitte versuchen Sie es erneut.',
    'invoices.transfer': 'Per Banküberweisung bezahlen',
    'invoices.transferTo': 'An {holder}, {bank}',
    'invoices.iban': 'IBAN {iban}',
    'invoices.bic': 'BIC {bic}',
    'invoices.copyIban': 'IBAN kopieren',
    'invoices.copyReference': 'Referenz kopieren',
    'invoices.copied': 'Kopiert: {value}',
    'invoices.paidLive': 'Rechnung {number} ist bezahlt. Vielen Dank.',
    'invoices.back': 'Zurück zu Ihrer Startseite',
    'creditNotes.title': 'Gutschriften',
    'creditNotes.number': 'Gutschrift {number}',
    'creditNotes.detail': '{amount} gutgeschrieben auf Rechnung {invoice}, am {date}',
    'creditNotes.reason': 'Grund: {reason}',
    'creditNotes.pdf': 'PDF der Gutschrift {number}',
    'statement.title': 'Kontoauszug',
    'statement.intro':
      'Alle Rechnungen, Zahlungen und Gutschriften eines Zeitraums, mit dem Saldo an seinem Anfang und Ende.',
    'statement.from': 'Von',
    'statement.to': 'Bis',
    'statement.download': 'Kontoauszug vom {from} bis {to} (PDF)',
    'statement.order': 'Der Zeitraum kann nicht vor seinem Beginn enden.',
    'statement.future': 'Der Zeitraum kann nicht nach heute enden.',
  },
  es: {
    'membership.title': 'Su afiliación',
    'membership.number': 'Número de miembro {number}',
    'membership.role':
      '{role, select, owner {Usted es su titular.} admin {Usted es uno de sus administradores.} other {Usted forma parte de su personal.}}',
    'membership.status':
      '{status, select, pendingPayment {Pendiente del primer pago} active {Activa} overdue {Activa, con un pago vencido} suspended {Suspendida por facturas impagadas} terminated {Terminada} other {Baja voluntaria}}',
    'membership.paidThrough': 'Pagada hasta {year}',
    'membership.notPaidYet': 'Ningún año pagado todavía',
    'membership.due':
      '{amount} por pagar ({count, plural, one {# factura} other {# facturas}}), la próxima antes del {date}.',
    'membership.overdue':
      '{count, plural, one {# factura está vencida.} other {# facturas están vencidas.}}',
    'membership.nothingDue': 'Nada que pagar por ahora.',
    'membership.invoices': 'Sus facturas',
    'certificates.title': 'Certificados',
    'certificates.none': 'Aún no hay certificado: se emite cuando el año está pagado.',
    'certificates.name':
      '{type, select, membership {Certificado de miembro} documentLicence {Licencia de documentos} other {Diploma}} {year}',
    'certificates.valid': 'Válido del {from} al {to}',
    'certificates.status':
      '{status, select, issued {Válido} expired {Caducado} revoked {Revocado} other {Sustituido por uno más reciente}}',
    'certificates.pdf': 'PDF del certificado {number}',
    'certificates.verify': 'Verificación pública del certificado {number}',
    'invoices.title': 'Facturas',
    'invoices.none': 'Aún no hay facturas.',
    'invoices.number': 'Factura {number}',
    'invoices.total': 'Total {amount}',
    'invoices.balance': 'Por pagar: {amount}',
    'invoices.due': 'Vence el {date}',
    'invoices.status':
      '{status, select, issued {Abierta} paid {Pagada} void {Anulada} uncollectible {Incobrable} other {Abonada}}',
    'invoices.overdue': 'Vencida',
    'invoices.reference': 'Referencia de pago: {reference}',
    'invoices.pdf': 'PDF de la factura {number}',
    'invoices.payByCard': 'Pagar {amount} con tarjeta',
    'invoices.paying': 'Abriendo la página de pago con tarjeta…',
    'invoices.payOpened':
      'La página de pago con tarjeta se abrió en una pestaña nueva. Esta página mostrará la factura pagada en cuanto llegue el pago.',
    'invoices.payLink': 'Abrir la página de pago con tarjeta de la factura {number}',
    'invoices.payRefused':
      '{rule, select, status {No queda nada por pagar en esta factura.} other {Esta factura no puede pagarse con tarjeta por ahora: páguela por transferencia bancaria.}}',
    'invoices.payFailed': 'No se pudo abrir la página de pago con tarjeta. Inténtelo de nuevo.',
    'invoices.transfer': 'Pagar por transferencia bancaria',
    'invoices.transferTo': 'A {holder}, {bank}',
    'invoices.iban': 'IBAN {iban}',
    'invoices.bic': 'BIC {bic}',
    'invoices.copyIban': 'Copiar el IBAN',
    'invoices.copyReference': 'Copiar la referencia',
    'invoices.copied': 'Copiado: {value}',
    'invoices.paidLive': 'La factura {number} está pagada. Gracias.',
    'invoices.back': 'Volver a su inicio',
    'creditNotes.title': 'Notas de crédito',
    'creditNotes.number': 'Nota de crédito {number}',
    'creditNotes.detail': '{amount} abonados en la factura {invoice}, el {date}',
    'creditNotes.reason': 'Motivo: {reason}',
    'creditNotes.pdf': 'PDF de la nota de crédito {number}',
    'statement.title': 'Estado de cuenta',
    'statement.intro':
      'Cada factura, pago y crédito de un periodo, con el saldo al inicio y al final.',
    'statement.from': 'Desde',
    'statement.to': 'Hasta',
    'statement.download': 'Estado de cuenta del {from} al {to} (PDF)',
    'statement.order': 'El periodo no puede terminar antes de empezar.',
    'statement.future': 'El periodo no puede terminar después de hoy.',
  },
});
