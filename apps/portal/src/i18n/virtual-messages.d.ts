// The build's parsed messages (vite.config.ts, compiledMessages).
declare module 'virtual:portal-messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
