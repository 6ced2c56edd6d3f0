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
    'invoices.back': 'Back to your home',
    'creditNotes.title': 'Credit notes',
    'creditNotes.number': 'Credit note {number}',
    'creditNotes.detail': '{amount} credited on invoice {invoice}, {date}',
    'creditNotes.reason': 'Reason: {reason}',
    'creditNotes.pdf': 'PDF of credit note {number}',
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
    'invoices.back': 'Retour à votre accueil',
    'creditNotes.title': 'Notes de crédit',
    'creditNotes.number': 'Note de crédit {number}',
    'creditNotes.detail': '{amount} crédités sur la facture {invoice}, le {date}',
    'creditNotes.reason': 'Motif : {reason}',
    'creditNotes.pdf': 'PDF de la note de crédit {number}',
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
    'invoices.back': 'Zurück zu Ihrer Startseite',
    'creditNotes.title': 'Gutschriften',
    'creditNotes.number': 'Gutschrift {number}',
    'creditNotes.detail': '{amount} gutgeschrieben auf Rechnung {invoice}, am {date}',
    'creditNotes.reason': 'Grund: {reason}',
    'creditNotes.pdf': 'PDF der Gutschrift {number}',
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
    'invoices.back': 'Volver a su inicio',
    'creditNotes.title': 'Notas de crédito',
    'creditNotes.number': 'Nota de crédito {number}',
    'creditNotes.detail': '{amount} abonados en la factura {invoice}, el {date}',
    'creditNotes.reason': 'Motivo: {reason}',
    'creditNotes.pdf': 'PDF de la nota de crédito {number}',
  },
});
