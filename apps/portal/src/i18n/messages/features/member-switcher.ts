import { featureMessages } from './feature-messages';

/**
 * The words of the member switcher (issue 35): a group's person, a user of several members,
 * chooses the one the portal acts for. Each member's line says its role with `colleagues.role`.
 * In the member chunk (`member-messages.ts`), like the rest of the member side.
 */
export const memberSwitcherMessages = featureMessages({
  en: {
    'memberSwitcher.label': 'Acting for',
    'memberSwitcher.help':
      'You may act for {count, plural, one {# member} other {# members}}. Choosing another one opens the portal again for it: its invoices, company data and colleagues.',
    'memberSwitcher.switching': 'Opening the portal for {member}…',
    'memberSwitcher.notYours':
      'You can no longer act for that member. Reload the page to see the members you may act for.',
    'memberSwitcher.failed': 'The member could not be switched. Please try again.',
  },
  fr: {
    'memberSwitcher.label': 'Vous agissez pour',
    'memberSwitcher.help':
      'Vous pouvez agir pour {count, plural, one {# membre} other {# membres}}. En choisir un autre rouvre le portail pour celui-ci : ses factures, les données de l’entreprise et les collègues.',
    'memberSwitcher.switching': 'Ouverture du portail pour {member}…',
    'memberSwitcher.notYours':
      'Vous ne pouvez plus agir pour ce membre. Rechargez la page pour voir les membres pour lesquels vous pouvez agir.',
    'memberSwitcher.failed': 'Le changement de membre n’a pas abouti. Veuillez réessayer.',
  },
  de: {
    'memberSwitcher.label': 'Sie handeln für',
    'memberSwitcher.help':
      'Sie können für {count, plural, one {# Mitglied} other {# Mitglieder}} handeln. Wenn Sie ein anderes wählen, öffnet sich das Portal neu für dieses: seine Rechnungen, Firmendaten und Kollegen.',
    'memberSwitcher.switching': 'Das Portal wird für {member} geöffnet…',
    'memberSwitcher.notYours':
      'Sie können nicht mehr für dieses Mitglied handeln. Laden Sie die Seite neu, um die Mitglieder zu sehen, für die Sie handeln können.',
    'memberSwitcher.failed':
      'Das Mitglied konnte nicht gewechselt werden. Bitte versuchen Sie es erneut.',
  },
  es: {
    'memberSwitcher.label': 'Actúa en nombre de',
    'memberSwitcher.help':
      'Puede actuar en nombre de {count, plural, one {# miembro} other {# miembros}}. Si elige otro, el portal se abre de nuevo para él: sus facturas, los datos de la empresa y los colegas.',
    'memberSwitcher.switching': 'Abriendo el portal para {member}…',
    'memberSwitcher.notYours':
      'Ya no puede actuar en nombre de ese miembro. Vuelva a cargar la página para ver los miembros en cuyo nombre puede actuar.',
    'memberSwitcher.failed': 'No se pudo cambiar de miembro. Vuelva a intentarlo.',
  },
});
