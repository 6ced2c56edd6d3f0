// The build's parsed messages (vite.config.ts, compiledMessages).
declare module 'virtual:portal-messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}

// The member side's messages, in their own chunks (member-messages.ts).
declare module 'virtual:portal-member-messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}

// The public directory's messages, in their own chunks (directory-messages.ts).
declare module 'virtual:portal-directory-messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const messages: Record<string, MessageFormatElement[]>;
  export default messages;
}
