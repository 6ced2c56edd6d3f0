import { compose, htmlLink, signatures, type KindDefaults } from './compose';

/**
 * The national association is asked to endorse an application (issue 34), with its link to the
 * portal's endorsement page. The link carries a secret (sealed by the outbox, like a sign-in
 * link): keep `{{ link }}` whole. Sent again as a reminder at 7 and 14 days (`reminder` true).
 */
export const applicationEndorsementRequestedDefaults: KindDefaults = {
  en: compose({
    language: 'en',
    subject:
      '{% if reminder %}Reminder: {% endif %}Endorsement requested: membership application {{ application.number }}',
    greeting: 'Dear colleagues of {{ association.name }},',
    paragraphs: [
      '{{ application.legalName }}{% if application.countryName %} ({{ application.countryName }}){% endif %} has applied for membership (application {{ application.number }}). Membership needs the endorsement of its national association.',
      'Please read the application and endorse or decline it on this page (no account needed):',
      { text: '{{ link }}', html: htmlLink('link', 'Open the application') },
      'The link works until {{ expiresOn }}. If you decline, please tell us why.',
    ],
    signature: signatures.membership.en,
  }),
  fr: compose({
    language: 'fr',
    subject:
      '{% if reminder %}Rappel : {% endif %}Demande d’aval : demande d’adhésion {{ application.number }}',
    greeting: 'Chères et chers collègues de {{ association.name }},',
    paragraphs: [
      '{{ application.legalName }}{% if application.countryName %} ({{ application.countryName }}){% endif %} a demandé à devenir membre (demande {{ application.number }}). L’adhésion requiert l’aval de son association nationale.',
      'Veuillez consulter la demande et lui donner ou refuser votre aval sur cette page (aucun compte n’est nécessaire) :',
      { text: '{{ link }}', html: htmlLink('link', 'Ouvrir la demande') },
      'Le lien est valable jusqu’au {{ expiresOn }}. Si vous refusez, merci de nous en indiquer le motif.',
    ],
    signature: signatures.membership.fr,
  }),
  de: compose({
    language: 'de',
    subject:
      '{% if reminder %}Erinnerung: {% endif %}Bitte um Befürwortung: Mitgliedschaftsantrag {{ application.number }}',
    greeting: 'Sehr geehrte Damen und Herren von {{ association.name }},',
    paragraphs: [
      '{{ application.legalName }}{% if application.countryName %} ({{ application.countryName }}){% endif %} hat die Mitgliedschaft beantragt (Antrag {{ application.number }}). Die Mitgliedschaft setzt die Befürwortung des nationalen Verbands voraus.',
      'Bitte prüfen Sie den Antrag und befürworten oder lehnen Sie ihn auf dieser Seite ab (kein Konto nötig):',
      { text: '{{ link }}', html: htmlLink('link', 'Antrag öffnen') },
      'Der Link gilt bis zum {{ expiresOn }}. Wenn Sie ablehnen, nennen Sie uns bitte den Grund.',
    ],
    signature: signatures.membership.de,
  }),
  es: compose({
    language: 'es',
    subject:
      '{% if reminder %}Recordatorio: {% endif %}Solicitud de aval: solicitud de afiliación {{ application.number }}',
    greeting: 'Estimados colegas de {{ association.name }}:',
    paragraphs: [
      '{{ application.legalName }}{% if application.countryName %} ({{ application.countryName }}){% endif %} ha solicitado la afiliación (solicitud {{ application.number }}). La afiliación requiere el aval de su asociación nacional.',
      'Consulte la solicitud y aválela o recházela en esta página (no se necesita cuenta):',
      { text: '{{ link }}', html: htmlLink('link', 'Abrir la solicitud') },
      'El enlace es válido hasta el {{ expiresOn }}. Si la rechaza, indíquenos el motivo.',
    ],
    signature: signatures.membership.es,
  }),
};
