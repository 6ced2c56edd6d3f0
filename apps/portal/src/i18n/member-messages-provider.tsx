import type { ReactNode } from 'react';
import { MessageChunks, type MessageChunkLoaders } from './message-chunks';

/** The member side's messages, a chunk per language (member-messages.ts). */
export const memberMessageLoaders: MessageChunkLoaders = {
  en: () => import('virtual:portal-member-messages/en').then((module) => module.default),
  fr: () => import('virtual:portal-member-messages/fr').then((module) => module.default),
  de: () => import('virtual:portal-member-messages/de').then((module) => module.default),
  es: () => import('virtual:portal-member-messages/es').then((module) => module.default),
};

const memberSets = [memberMessageLoaders];

/**
 * Around a member screen: the member side's messages of the current language (a chunk of its
 * own, see member-messages.ts) added to the portal's, shown once they are loaded.
 */
export function MemberMessages({ children }: { children: ReactNode }) {
  return <MessageChunks sets={memberSets}>{children}</MessageChunks>;
}
