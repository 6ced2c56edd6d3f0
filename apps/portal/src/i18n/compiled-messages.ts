import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Messages } from './messages/en';

/**
 * A language's messages parsed into ICU syntax trees, as FormatJS recommends for production: the
 * browser then formats without the ICU parser (the build aliases it to its `no-parser` build),
 * about a third of react-intl's weight off the first screen's budget. The build calls this for
 * each language (vite.config.ts); a message that does not parse fails the build.
 */
export function compileMessages(
  messages: Messages | Record<string, string>,
): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, parse(message)]));
}
