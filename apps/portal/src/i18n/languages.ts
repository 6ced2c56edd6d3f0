import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Language } from '@ops/contract/values';

/**
 * The portal's languages: the federation's four working languages, each named in itself in the
 * switcher. Only the chosen one's messages are loaded (a chunk each), so the first screen pays
 * for one language.
 */
export const portalLanguages = ['en', 'fr', 'de', 'es'] as const satisfies readonly Language[];
export type PortalLanguage = (typeof portalLanguages)[number];

export const languageNames: Record<PortalLanguage, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
};

/** A language's messages, parsed by the build (vite.config.ts): ICU syntax trees by id. */
export type CompiledMessages = Record<string, MessageFormatElement[]>;

const loaders: Record<PortalLanguage, () => Promise<CompiledMessages>> = {
  en: () => import('virtual:portal-messages/en').then((module) => module.default),
  fr: () => import('virtual:portal-messages/fr').then((module) => module.default),
  de: () => import('virtual:portal-messages/de').then((module) => module.default),
  es: () => import('virtual:portal-messages/es').then((module) => module.default),
};

export function loadMessages(language: PortalLanguage): Promise<CompiledMessages> {
  return loaders[language]();
}

export function isPortalLanguage(value: unknown): value is PortalLanguage {
  return typeof value === 'string' && (portalLanguages as readonly string[]).includes(value);
}

const storageKey = 'portalLanguage';

/** The language chosen in this browser before, else the browser's first one we speak, else English. */
export function initialLanguage(
  stored: string | null,
  browserLanguages: readonly string[],
): PortalLanguage {
  if (isPortalLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isPortalLanguage(primary)) return primary;
  }
  return 'en';
}

export function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(storageKey) ?? null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: PortalLanguage): void {
  try {
    globalThis.localStorage?.setItem(storageKey, language);
  } catch {
    // Private windows may refuse: the choice then lasts for this page only.
  }
}
