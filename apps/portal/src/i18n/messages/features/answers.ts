import { featureMessages } from './feature-messages';

/** The words of the portal's answers (see feature-messages.ts). */
export const answersMessages = featureMessages({
  en: {},
  fr: {},
  de: {},
  es: {},
});
