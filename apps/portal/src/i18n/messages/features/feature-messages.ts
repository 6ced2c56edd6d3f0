/**
 * A feature's own messages in the four languages, in one file beside its siblings, so that the
 * features of the portal grow without editing one shared list: `en.ts`, `fr.ts`, `de.ts` and
 * `es.ts` spread each feature's part. The English ids are the source; a language lacking one is a
 * type error here, and `messages.test.ts` checks the arguments and that nothing is copied.
 */
export function featureMessages<const Source extends Record<string, string>>(messages: {
  en: Source;
  fr: Record<keyof Source, string>;
  de: Record<keyof Source, string>;
  es: Record<keyof Source, string>;
}) {
  return messages;
}
