import type { Messages } from './en';

/** Das Portal auf Deutsch (see en.ts). */
export const de: Messages = {
  'portal.name': 'Mitgliederportal',
  'portal.federation': 'Internationaler Verband der Spediteure',
  'layout.skipToContent': 'Zum Inhalt springen',
  'layout.language': 'Sprache',
  'layout.signOut': 'Abmelden',
  'layout.signedInAs': 'Angemeldet als {email}',
  'home.title': 'Ihre Aufnahmeanträge',
  'home.apply': 'Mitgliedschaft beantragen',
  'signIn.title': 'Anmelden',
  'signIn.intro':
    'Geben Sie Ihre E-Mail-Adresse ein: Wir senden Ihnen einen Link, der Sie anmeldet. Ein Passwort ist nicht nötig.',
  'signIn.email': 'E-Mail-Adresse',
  'signIn.send': 'Link senden',
  'signIn.sending': 'Wird gesendet…',
  'signIn.sent':
    'Sehen Sie in Ihrem Posteingang nach: Ein Link ist unterwegs an {email}. Er gilt einmal, 15 Minuten lang.',
  'signIn.useAnother': 'Andere Adresse verwenden',
  'signIn.confirmTitle': 'E-Mail-Adresse bestätigen',
  'signIn.confirmIntro':
    'Geben Sie die E-Mail-Adresse ein, an die dieser Link gesendet wurde, um die Anmeldung abzuschliessen.',
  'signIn.confirm': 'Anmelden',
  'signIn.signingIn': 'Sie werden angemeldet…',
  'error.emailRequired': 'Geben Sie Ihre E-Mail-Adresse ein.',
  'error.emailInvalid': 'Geben Sie eine E-Mail-Adresse wie name@firma.ch ein.',
  'error.linkInvalid':
    'Dieser Link ist ungültig oder wurde schon verwendet. Fordern Sie unten einen neuen an.',
  'error.linkExpired': 'Dieser Link ist abgelaufen. Fordern Sie unten einen neuen an.',
  'error.emailMismatch': 'An diese Adresse wurde der Link nicht gesendet.',
  'error.tooMany': 'Zu viele Versuche. Warten Sie einige Minuten und versuchen Sie es dann erneut.',
  'error.network':
    'Das Portal ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'error.unknown': 'Etwas ist schiefgegangen: {message}',
  'apply.title': 'Mitgliedschaft beantragen',
  'apply.whoTitle': 'Wer sich bewerben kann',
  'apply.whoText': 'Speditionsunternehmen und die nationalen Verbände der Spediteure.',
  'apply.costTitle': 'Was es kostet',
  'apply.costText':
    'Einen Jahresbeitrag, bestimmt durch die Beitragskategorie Ihres Landes und Ihre Mitgliederkategorie. Sie sehen den Betrag, bevor Sie den Antrag absenden.',
  'apply.nextTitle': 'Wie es weitergeht',
  'apply.stepEndorsement':
    'Hat Ihr Land einen nationalen Verband, unterstützt dieser Ihren Antrag.',
  'apply.stepReview': 'Die Geschäftsstelle des Verbands prüft ihn.',
  'apply.stepInvoice':
    'Sie erhalten Ihre erste Rechnung und nach der Zahlung Ihr Mitgliedszertifikat.',
  'apply.startTitle': 'Beginnen Sie mit Ihrer E-Mail-Adresse',
  'apply.startText':
    'Wir senden Ihnen einen Link. Ihr Antrag wird unter dieser Adresse gespeichert, sobald Sie ihm gefolgt sind: So kann niemand in Ihrem Namen einen Antrag stellen.',
  'apply.signedIn':
    'Sie sind angemeldet als {email}. Ihr Antrag wird unter dieser Adresse gespeichert.',
};
