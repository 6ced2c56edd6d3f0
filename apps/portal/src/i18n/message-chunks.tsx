import { useCallback, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLanguage } from './language-provider';
import type { CompiledMessages, PortalLanguage } from './languages';
import { useLoadedMessages } from './use-loaded-messages';

/** How a set of messages of its own loads, per language (a chunk each, made by the build). */
export type MessageChunkLoaders = Record<PortalLanguage, () => Promise<CompiledMessages>>;

/**
 * Around a screen: the current language's messages of the sets it names (each a chunk of its
 * own: the member side's, the directory's), loaded together and added to the portal's; the
 * screen shows once they are loaded. `sets` is a stable list (a module's constant).
 */
export function MessageChunks({
  sets,
  children,
}: {
  sets: readonly MessageChunkLoaders[];
  children: ReactNode;
}) {
  const { language } = useLanguage();
  const intl = useIntl();
  const load = useCallback(
    (language: PortalLanguage) =>
      Promise.all(sets.map((set) => set[language]())).then(
        (chunks) => Object.assign({}, ...chunks) as CompiledMessages,
      ),
    [sets],
  );
  const loaded = useLoadedMessages(language, load);
  if (loaded?.language !== language) return null;
  return (
    <IntlProvider
      locale={intl.locale}
      defaultLocale="en"
      // The portal's own are compiled too (language-provider.tsx): one kind of message.
      messages={{ ...(intl.messages as CompiledMessages), ...loaded.messages }}
    >
      {children}
    </IntlProvider>
  );
}
