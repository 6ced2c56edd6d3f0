import { compose, htmlLink, memberGreeting, signatures, type KindDefaults } from './compose';

/** Rule 2's last step: the certificate of a paid year, with its public check. */
export const certificateDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Your membership certificate {{ certificate.year }} ({{ certificate.number }})',
    greeting: memberGreeting.en,
    paragraphs: [
      'Thank you for your payment. Your membership certificate {{ certificate.number }} for {{ certificate.year }} has been issued.',
      'Anyone can check that it is genuine at this address, which its QR code also carries:',
      {
        text: '{{ certificate.verificationUrl }}',
        html: htmlLink('certificate.verificationUrl', 'Check the certificate'),
      },
    ],
    signature: signatures.membership.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Votre certificat de membre {{ certificate.year }} ({{ certificate.number }})',
    greeting: memberGreeting.fr,
    paragraphs: [
      'Nous vous remercions de votre paiement. Votre certificat de membre {{ certificate.number }} pour {{ certificate.year }} a été émis.',
      'Chacun peut en vérifier l’authenticité à l’adresse suivante, que contient aussi son code QR :',
      {
        text: '{{ certificate.verificationUrl }}',
        html: htmlLink('certificate.verificationUrl', 'Vérifier le certificat'),
      },
    ],
    signature: signatures.membership.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Ihr Mitgliedschaftszertifikat {{ certificate.year }} ({{ certificate.number }})',
    greeting: memberGreeting.de,
    paragraphs: [
      'vielen Dank für Ihre Zahlung. Ihr Mitgliedschaftszertifikat {{ certificate.number }} für {{ certificate.year }} wurde ausgestellt.',
      'Seine Echtheit kann jede Person unter folgender Adresse prüfen, die auch sein QR-Code enthält:',
      {
        text: '{{ certificate.verificationUrl }}',
        html: htmlLink('certificate.verificationUrl', 'Zertifikat prüfen'),
      },
    ],
    signature: signatures.membership.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Su certificado de socio {{ certificate.year }} ({{ certificate.number }})',
    greeting: memberGreeting.es,
    paragraphs: [
      'Le agradecemos su pago. Se ha emitido su certificado de socio {{ certificate.number }} para {{ certificate.year }}.',
      'Cualquier persona puede comprobar su autenticidad en la siguiente dirección, que también figura en su código QR:',
      {
        text: '{{ certificate.verificationUrl }}',
        html: htmlLink('certificate.verificationUrl', 'Comprobar el certificado'),
      },
    ],
    signature: signatures.membership.es,
  }),
};
