import { compose, memberGreeting, signatures, type KindDefaults } from './compose';
import { paymentParagraphs } from './payment';

/** An issued invoice, its PDF (with the QR-bill) attached: members have no console access. */
export const invoiceDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject: 'Invoice {{ invoice.number }} from the federation',
    greeting: memberGreeting.en,
    paragraphs: [
      'Please find attached invoice {{ invoice.number }} over {{ invoice.total }}{% if invoice.dueDate %}, due on {{ invoice.dueDate }}{% endif %}.{% if invoice.balance != invoice.total %} {{ invoice.balance }} of it remains to be paid.{% endif %}',
      ...paymentParagraphs('en'),
    ],
    after: ['Thank you for your membership.'],
    signature: signatures.finance.en,
  }),
  fr: compose({
    language: 'fr',
    subject: 'Facture {{ invoice.number }} de la fédération',
    greeting: memberGreeting.fr,
    paragraphs: [
      'Veuillez trouver ci-joint la facture {{ invoice.number }} d’un montant de {{ invoice.total }}{% if invoice.dueDate %}, payable au {{ invoice.dueDate }}{% endif %}.{% if invoice.balance != invoice.total %} Le solde restant à payer s’élève à {{ invoice.balance }}.{% endif %}',
      ...paymentParagraphs('fr'),
    ],
    after: ['Nous vous remercions de votre adhésion.'],
    signature: signatures.finance.fr,
  }),
  de: compose({
    language: 'de',
    subject: 'Rechnung {{ invoice.number }} des Verbands',
    greeting: memberGreeting.de,
    paragraphs: [
      'anbei erhalten Sie die Rechnung {{ invoice.number }} über {{ invoice.total }}{% if invoice.dueDate %}, zahlbar bis {{ invoice.dueDate }}{% endif %}.{% if invoice.balance != invoice.total %} Davon sind noch {{ invoice.balance }} offen.{% endif %}',
      ...paymentParagraphs('de'),
    ],
    after: ['Vielen Dank für Ihre Mitgliedschaft.'],
    signature: signatures.finance.de,
  }),
  es: compose({
    language: 'es',
    subject: 'Factura {{ invoice.number }} de la federación',
    greeting: memberGreeting.es,
    paragraphs: [
      'Adjuntamos la factura {{ invoice.number }} por un importe de {{ invoice.total }}{% if invoice.dueDate %}, con vencimiento el {{ invoice.dueDate }}{% endif %}.{% if invoice.balance != invoice.total %} Queda pendiente de pago un saldo de {{ invoice.balance }}.{% endif %}',
      ...paymentParagraphs('es'),
    ],
    after: ['Le agradecemos su afiliación.'],
    signature: signatures.finance.es,
  }),
};
