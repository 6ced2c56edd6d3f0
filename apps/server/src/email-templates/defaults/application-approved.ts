import { type KindDefaults, toApplicant } from './compose';

/** Rule 1's e-mail: the application approved, the member numbered, the first invoice issued. */
export const applicationApprovedDefaults: KindDefaults = {
  en: toApplicant('en', {
    subject: 'Your membership application {{ application.number }} has been approved',
    paragraphs: [
      'We are pleased to tell you that the membership of {{ application.legalName }} has been approved. Your membership number is {{ member.number }}.',
      'The first membership invoice, {{ invoice.number }} over {{ invoice.total }}, {% if invoice.dueDate %}is due on {{ invoice.dueDate }}{% else %}follows separately{% endif %}. The membership becomes active with its payment.',
    ],
  }),
  fr: toApplicant('fr', {
    subject: 'Votre demande d’adhésion {{ application.number }} a été acceptée',
    paragraphs: [
      'Nous avons le plaisir de vous informer que l’adhésion de {{ application.legalName }} a été acceptée. Votre numéro de membre est le {{ member.number }}.',
      'La première facture de cotisation, {{ invoice.number }}, d’un montant de {{ invoice.total }}, {% if invoice.dueDate %}est payable au {{ invoice.dueDate }}{% else %}vous parviendra séparément{% endif %}. L’adhésion prend effet dès son paiement.',
    ],
  }),
  de: toApplicant('de', {
    subject: 'Ihr Mitgliedschaftsantrag {{ application.number }} wurde angenommen',
    paragraphs: [
      'wir freuen uns, Ihnen mitteilen zu können, dass die Mitgliedschaft von {{ application.legalName }} angenommen wurde. Ihre Mitgliedsnummer lautet {{ member.number }}.',
      'Die erste Beitragsrechnung, {{ invoice.number }} über {{ invoice.total }}, {% if invoice.dueDate %}ist am {{ invoice.dueDate }} fällig{% else %}folgt separat{% endif %}. Die Mitgliedschaft wird mit ihrer Bezahlung wirksam.',
    ],
  }),
  es: toApplicant('es', {
    subject: 'Su solicitud de afiliación {{ application.number }} ha sido aprobada',
    paragraphs: [
      'Nos complace comunicarle que la afiliación de {{ application.legalName }} ha sido aprobada. Su número de socio es {{ member.number }}.',
      'La primera factura de cuota, {{ invoice.number }}, por un importe de {{ invoice.total }}, {% if invoice.dueDate %}vence el {{ invoice.dueDate }}{% else %}se le enviará por separado{% endif %}. La afiliación será efectiva una vez abonada.',
    ],
  }),
};
