/**
 * The portal's words in English, the source language: every screen's text is one of these ICU
 * messages (react-intl). The other languages are typed against this one, and
 * `messages.test.ts` fails when a message lacks a language or its arguments differ.
 */
export const en = {
  'portal.name': 'Member portal',
  'portal.federation': 'International federation of freight forwarders',
  'layout.skipToContent': 'Skip to content',
  'layout.language': 'Language',
  'layout.signOut': 'Sign out',
  'layout.signedInAs': 'Signed in as {email}',
  'home.title': 'Your applications',
  'home.apply': 'Apply for membership',
  'signIn.title': 'Sign in',
  'signIn.intro':
    'Enter your e-mail address: we send you a link that signs you in. No password is needed.',
  'signIn.email': 'E-mail address',
  'signIn.send': 'Send me a link',
  'signIn.sending': 'Sending…',
  'signIn.sent':
    'Check your inbox: a link is on its way to {email}. It works once, within 15 minutes.',
  'signIn.useAnother': 'Use another address',
  'signIn.confirmTitle': 'Confirm your e-mail address',
  'signIn.confirmIntro': 'Enter the e-mail address this link was sent to, to finish signing in.',
  'signIn.confirm': 'Sign in',
  'signIn.signingIn': 'Signing you in…',
  'error.emailRequired': 'Enter your e-mail address.',
  'error.emailInvalid': 'Enter an e-mail address such as name@company.com.',
  'error.linkInvalid': 'This link is not valid or has already been used. Ask for a new one below.',
  'error.linkExpired': 'This link has expired. Ask for a new one below.',
  'error.emailMismatch': 'This is not the address the link was sent to.',
  'error.tooMany': 'Too many attempts. Wait a few minutes, then try again.',
  'error.network': 'The portal cannot be reached. Check your connection and try again.',
  'error.unknown': 'Something went wrong: {message}',
  'apply.title': 'Apply for membership',
  'apply.whoTitle': 'Who may apply',
  'apply.whoText':
    'Freight forwarding companies, and the national associations of freight forwarders.',
  'apply.costTitle': 'What it costs',
  'apply.costText':
    "A yearly fee, set by your country's fee category and your membership category. You see the amount before you submit.",
  'apply.nextTitle': 'What happens next',
  'apply.stepEndorsement':
    'Where your country has a national association, it endorses your application.',
  'apply.stepReview': "The federation's headquarters reviews it.",
  'apply.stepInvoice':
    'You receive your first invoice, and your membership certificate once it is paid.',
  'apply.startTitle': 'Start with your e-mail address',
  'apply.startText':
    'We send you a link. Your application is saved under that address once you have followed it, so nobody can apply in your name.',
  'apply.signedIn': 'You are signed in as {email}. Your application is saved under this address.',
} as const;

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;
