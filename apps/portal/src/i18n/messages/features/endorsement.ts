import { featureMessages } from './feature-messages';

/** The words of the portal's endorsement (see feature-messages.ts). */
export const endorsementMessages = featureMessages({
  en: {},
  fr: {},
  de: {},
  es: {},
});
