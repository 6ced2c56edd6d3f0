import { directoryMessages } from './messages/features/directory';

/**
 * The public directory's messages (issue 35), a set apart from the applicants' and the member
 * side's: compiled by the build into their own chunk per language
 * (`virtual:portal-directory-messages/…`) and loaded by the screens that show the directory's
 * entries (`directory-messages-provider.tsx`): `PORTAL_URL/directory`, with no session, and the
 * member's directory entry, whose preview is the directory's card. Neither the first screen nor
 * the member chunk carries them.
 */
export const directoryPageMessages = {
  en: directoryMessages.en,
  fr: directoryMessages.fr,
  de: directoryMessages.de,
  es: directoryMessages.es,
};

export type DirectoryMessageId = keyof typeof directoryPageMessages.en;
