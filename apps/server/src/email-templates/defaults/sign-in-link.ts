import { compose, htmlLink, type KindDefaults } from './compose';

/** The e-mailed sign-in link (the code in it is sealed by the outbox: keep `{{ link }}` whole). */
export const signInLinkDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Sign in to Operations',
    greeting: 'Hello,',
    paragraphs: [
      'We received a request to sign in to Operations with {{ email }}. To sign in, open this link:',
      { text: '{{ link }}', html: htmlLink('link', 'Sign in to Operations') },
      'The link works once and expires in {{ expiresInMinutes }} minutes. If you did not ask for it, you can ignore this e-mail.',
    ],
    signature: ['Operations'],
  }),
  fr: compose({
    language: 'fr',
    subject: 'Connexion à Operations',
    greeting: 'Bonjour,',
    paragraphs: [
      'Nous avons reçu une demande de connexion à Operations pour l’adresse {{ email }}. Pour vous connecter, ouvrez ce lien :',
      { text: '{{ link }}', html: htmlLink('link', 'Se connecter à Operations') },
      'Le lien ne fonctionne qu’une seule fois et expire dans {{ expiresInMinutes }} minutes. Si vous n’avez pas fait cette demande, vous pouvez ignorer cet e-mail.',
    ],
    signature: ['Operations'],
  }),
  de: compose({
    language: 'de',
    subject: 'Anmeldung bei Operations',
    greeting: 'Guten Tag,',
    paragraphs: [
      'wir haben eine Anfrage zur Anmeldung bei Operations mit {{ email }} erhalten. Um sich anzumelden, öffnen Sie bitte diesen Link:',
      { text: '{{ link }}', html: htmlLink('link', 'Bei Operations anmelden') },
      'Der Link funktioniert nur einmal und läuft in {{ expiresInMinutes }} Minuten ab. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    ],
    signature: ['Operations'],
  }),
  es: compose({
    language: 'es',
    subject: 'Iniciar sesión en Operations',
    greeting: 'Hola:',
    paragraphs: [
      'Hemos recibido una solicitud para iniciar sesión en Operations con {{ email }}. Para iniciar sesión, abra este enlace:',
      { text: '{{ link }}', html: htmlLink('link', 'Iniciar sesión en Operations') },
      'El enlace solo puede usarse una vez y caduca en {{ expiresInMinutes }} minutos. Si no lo ha solicitado, puede ignorar este correo electrónico.',
    ],
    signature: ['Operations'],
  }),
};
