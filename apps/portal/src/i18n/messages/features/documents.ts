import { featureMessages } from './feature-messages';

/** The words of the portal's documents (see feature-messages.ts). */
export const documentsMessages = featureMessages({
  en: {},
  fr: {},
  de: {},
  es: {},
});
