import { colleagueMessages } from './messages/features/colleagues';
import { companyMessages } from './messages/features/company';
import { dataExportMessages } from './messages/features/data-export';
import { directoryEntryMessages } from './messages/features/directory-entry';
import { memberSwitcherMessages } from './messages/features/member-switcher';
import { membershipMessages } from './messages/features/membership';

/**
 * The member side's messages (issue 35), a set apart from the applicants' (`messages/en.ts`…):
 * compiled by the build into their own chunk per language (`virtual:portal-member-messages/…`)
 * and loaded by the member screens only (`member-messages-provider.tsx`), so that the first
 * screen of the portal (`/apply`) stays within its 100 KB. A member feature adds its part here.
 */
export const memberMessages = {
  en: {
    ...membershipMessages.en,
    ...memberSwitcherMessages.en,
    ...colleagueMessages.en,
    ...companyMessages.en,
    ...dataExportMessages.en,
    ...directoryEntryMessages.en,
  },
  fr: {
    ...membershipMessages.fr,
    ...memberSwitcherMessages.fr,
    ...colleagueMessages.fr,
    ...companyMessages.fr,
    ...dataExportMessages.fr,
    ...directoryEntryMessages.fr,
  },
  de: {
    ...membershipMessages.de,
    ...memberSwitcherMessages.de,
    ...colleagueMessages.de,
    ...companyMessages.de,
    ...dataExportMessages.de,
    ...directoryEntryMessages.de,
  },
  es: {
    ...membershipMessages.es,
    ...memberSwitcherMessages.es,
    ...colleagueMessages.es,
    ...companyMessages.es,
    ...dataExportMessages.es,
    ...directoryEntryMessages.es,
  },
};

export type MemberMessageId = keyof typeof memberMessages.en;
