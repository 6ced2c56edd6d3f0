import type { ReactNode } from 'react';
import { MessageChunks, type MessageChunkLoaders } from './message-chunks';

/** The public directory's messages, a chunk per language (directory-messages.ts). */
export const directoryMessageLoaders: MessageChunkLoaders = {
  en: () => import('virtual:portal-directory-messages/en').then((module) => module.default),
  fr: () => import('virtual:portal-directory-messages/fr').then((module) => module.default),
  de: () => import('virtual:portal-directory-messages/de').then((module) => module.default),
  es: () => import('virtual:portal-directory-messages/es').then((module) => module.default),
};

const directorySets = [directoryMessageLoaders];

/**
 * Around the public directory (`PORTAL_URL/directory`, with or without a session): its messages
 * of the current language (a chunk of their own, see directory-messages.ts) added to the
 * portal's, shown once they are loaded.
 */
export function DirectoryMessages({ children }: { children: ReactNode }) {
  return <MessageChunks sets={directorySets}>{children}</MessageChunks>;
}
