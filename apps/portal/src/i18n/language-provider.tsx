import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import {
  initialLanguage,
  loadMessages,
  readStoredLanguage,
  storeLanguage,
  type PortalLanguage,
} from './languages';
import { useLoadedMessages } from './use-loaded-messages';

type LanguageContextValue = {
  language: PortalLanguage;
  setLanguage: (language: PortalLanguage) => void;
};

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = use(LanguageContext);
  if (!value) throw new Error('useLanguage needs a LanguageProvider.');
  return value;
}

/**
 * The portal's language: the one chosen in this browser, else the browser's own; its messages
 * are loaded before the first screen shows (a small chunk), and `<html lang>` follows it so
 * screen readers speak the right language.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<PortalLanguage>(() =>
    initialLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]),
  );
  const loaded = useLoadedMessages(language, loadMessages);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = (next: PortalLanguage) => {
    storeLanguage(next);
    setLanguageState(next);
  };

  if (!loaded) return null;
  return (
    <LanguageContext value={{ language, setLanguage }}>
      <IntlProvider locale={loaded.language} messages={loaded.messages} defaultLocale="en">
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
