import { compose, htmlLink, signatures, type KindDefaults } from './compose';

/**
 * A member's owner or admin invites a colleague from the member portal (issue 35). The link is
 * the invitation's page in the portal; it carries no secret (only a person signed in with the
 * invited address can accept), so it may be forwarded without harm.
 */
export const colleagueInvitationDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Invitation to the member portal of {{ member.name }}',
    greeting: 'Hello,',
    paragraphs: [
      '{{ invitedBy }} invites you to the member portal of {{ member.name }} (member {{ member.number }}), as {{ role }}.',
      'To accept, open the invitation and sign in with this e-mail address:',
      { text: '{{ link }}', html: htmlLink('link', 'Open the invitation') },
      'The invitation is valid until {{ expiresOn }}. If you did not expect it, you can ignore this e-mail.',
    ],
    signature: signatures.membership.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Invitation au portail des membres de {{ member.name }}',
    greeting: 'Bonjour,',
    paragraphs: [
      '{{ invitedBy }} vous invite sur le portail des membres de {{ member.name }} (membre {{ member.number }}), en tant que {{ role }}.',
      'Pour accepter, ouvrez l’invitation et connectez-vous avec cette adresse e-mail :',
      { text: '{{ link }}', html: htmlLink('link', 'Ouvrir l’invitation') },
      'L’invitation est valable jusqu’au {{ expiresOn }}. Si vous ne l’attendiez pas, vous pouvez ignorer cet e-mail.',
    ],
    signature: signatures.membership.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Einladung zum Mitgliederportal von {{ member.name }}',
    greeting: 'Guten Tag,',
    paragraphs: [
      '{{ invitedBy }} lädt Sie in das Mitgliederportal von {{ member.name }} (Mitglied {{ member.number }}) ein, als {{ role }}.',
      'Um anzunehmen, öffnen Sie die Einladung und melden Sie sich mit dieser E-Mail-Adresse an:',
      { text: '{{ link }}', html: htmlLink('link', 'Einladung öffnen') },
      'Die Einladung gilt bis {{ expiresOn }}. Wenn Sie sie nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    ],
    signature: signatures.membership.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Invitación al portal de socios de {{ member.name }}',
    greeting: 'Hola:',
    paragraphs: [
      '{{ invitedBy }} le invita al portal de socios de {{ member.name }} (socio {{ member.number }}), como {{ role }}.',
      'Para aceptar, abra la invitación e inicie sesión con esta dirección de correo electrónico:',
      { text: '{{ link }}', html: htmlLink('link', 'Abrir la invitación') },
      'La invitación es válida hasta el {{ expiresOn }}. Si no la esperaba, puede ignorar este correo.',
    ],
    signature: signatures.membership.es,
  }),
};
