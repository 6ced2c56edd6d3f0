import { useEffect, useState } from 'react';
import type { CompiledMessages, PortalLanguage } from './languages';

/**
 * A language's messages as they load (a chunk each), with the language they are of: null until
 * the first are there, then the last loaded; an answer for a language left meanwhile is dropped.
 * The portal's own messages and the screens' sets load so. `load` is stable (a module's function
 * or a memoised one): a new one loads again.
 */
export function useLoadedMessages(
  language: PortalLanguage,
  load: (language: PortalLanguage) => Promise<CompiledMessages>,
) {
  const [loaded, setLoaded] = useState<{
    language: PortalLanguage;
    messages: CompiledMessages;
  } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void load(language).then((messages) => {
      if (isCurrent) setLoaded({ language, messages });
    });
    return () => {
      isCurrent = false;
    };
  }, [language, load]);
  return loaded;
}
