import { compose, htmlLink, type KindDefaults } from './compose';

/** The e-mailed password-reset link (the code in it is sealed by the outbox: keep `{{ link }}` whole). */
export const passwordResetDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Reset your Operations password',
    greeting: 'Hello,',
    paragraphs: [
      'We received a request to reset the password of {{ email }} for Operations. To choose a new password, open this link:',
      { text: '{{ link }}', html: htmlLink('link', 'Choose a new password') },
      'The link works once and expires in {{ expiresInMinutes }} minutes. If you did not ask for it, you can ignore this e-mail: your password stays as it is.',
    ],
    signature: ['Operations'],
  }),
  fr: compose({
    language: 'fr',
    subject: 'Réinitialisation de votre mot de passe Operations',
    greeting: 'Bonjour,',
    paragraphs: [
      'Nous avons reçu une demande de réinitialisation du mot de passe de {{ email }} pour Operations. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
      { text: '{{ link }}', html: htmlLink('link', 'Choisir un nouveau mot de passe') },
      'Le lien ne fonctionne qu’une seule fois et expire dans {{ expiresInMinutes }} minutes. Si vous n’avez pas fait cette demande, vous pouvez ignorer cet e-mail : votre mot de passe reste inchangé.',
    ],
    signature: ['Operations'],
  }),
  de: compose({
    language: 'de',
    subject: 'Ihr Passwort für Operations zurücksetzen',
    greeting: 'Guten Tag,',
    paragraphs: [
      'wir haben eine Anfrage erhalten, das Passwort von {{ email }} für Operations zurückzusetzen. Um ein neues Passwort zu wählen, öffnen Sie bitte diesen Link:',
      { text: '{{ link }}', html: htmlLink('link', 'Neues Passwort wählen') },
      'Der Link funktioniert nur einmal und läuft in {{ expiresInMinutes }} Minuten ab. Wenn Sie ihn nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
    ],
    signature: ['Operations'],
  }),
  es: compose({
    language: 'es',
    subject: 'Restablecer su contraseña de Operations',
    greeting: 'Hola:',
    paragraphs: [
      'Hemos recibido una solicitud para restablecer la contraseña de {{ email }} en Operations. Para elegir una contraseña nueva, abra este enlace:',
      { text: '{{ link }}', html: htmlLink('link', 'Elegir una contraseña nueva') },
      'El enlace solo puede usarse una vez y caduca en {{ expiresInMinutes }} minutos. Si no lo ha solicitado, puede ignorar este correo electrónico: su contraseña no cambiará.',
    ],
    signature: ['Operations'],
  }),
};
