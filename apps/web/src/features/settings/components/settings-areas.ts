import { paths } from '@/config/paths';

export type SettingsArea = {
  label: string;
  href: string;
  /** One line: what the area holds. */
  description: string;
  /**
   * Shown inside the settings view, under its section tabs (bank accounts, countries); the
   * others are screens of their own that the settings home links to.
   */
  isSettingsSection?: boolean;
};

/**
 * Every settings area, in the order the settings home lists them. The coming issues add their
 * areas here, one entry each (jobs, dunning, e-mail templates, exchange rates), and so appear on
 * the home without other changes.
 */
export const settingsAreas: readonly SettingsArea[] = [
  {
    label: 'Bank accounts',
    href: paths.bankAccounts.getHref(),
    description:
      'The accounts invoices are paid to: IBAN, QR-IBAN for Swiss QR-bills, BIC, and the default account of each currency.',
    isSettingsSection: true,
  },
  {
    label: 'Countries',
    href: paths.countries.getHref(),
    description:
      'Region, World Bank income group, fee category, default currency and national association of every country.',
    isSettingsSection: true,
  },
  {
    label: 'Payment tolerances',
    href: paths.paymentTolerances.getHref(),
    description:
      'How much short a payment may be and still pay its invoice, written off as bank charges, per currency.',
    isSettingsSection: true,
  },
  {
    label: 'Membership billing',
    href: paths.membershipBilling.getHref(),
    description:
      'How an approval bills a new member’s first year: the whole year, next year from a cut-off month, or the months left.',
    isSettingsSection: true,
  },
  {
    label: 'Member portal',
    href: paths.memberPortalSettings.getHref(),
    description:
      'Which company-data fields members change in the portal at once; a change of any other field is a request staff approve or decline.',
    isSettingsSection: true,
  },
  {
    label: 'Dunning',
    href: paths.dunningSettings.getHref(),
    description:
      'The reminder levels chasing unpaid invoices (days after due, e-mail, PDF), minimum amounts per currency and the recent-payment pause.',
    isSettingsSection: true,
  },
  {
    label: 'Exchange rates',
    href: paths.exchangeRates.getHref(),
    description:
      'CHF for one unit of each other currency, per month: the reports’ CHF equivalents. Entered or imported from CSV.',
    isSettingsSection: true,
  },
  {
    label: 'Jobs',
    href: paths.jobs.getHref(),
    description:
      'Scheduled and background jobs: when each runs (Europe/Zurich), what is running now and the last runs; run now, pause and resume.',
    isSettingsSection: true,
  },
  {
    label: 'Backups',
    href: paths.backups.getHref(),
    description:
      'The nightly backup of the database: how many days backups are kept, the backup folder, and the recent backups with their size and checksum.',
    isSettingsSection: true,
  },
  {
    label: 'E-mail templates',
    href: paths.emailTemplates.getHref(),
    description:
      'The wording of every e-mail the console sends, in English, French, German and Spanish: edit, preview, test and revert.',
    isSettingsSection: true,
  },
  {
    label: 'Operators',
    href: paths.operators.getHref(),
    description: 'Who may use this console, with which roles; grant and revoke access.',
  },
  {
    label: 'Search indexes',
    href: paths.searchIndexes.getHref(),
    description: 'The indexes behind the search palette: their state, rebuilds and a test search.',
  },
];
