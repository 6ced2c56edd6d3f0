import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLanguage } from './language-provider';
import type { CompiledMessages, PortalLanguage } from './languages';

const loaders: Record<PortalLanguage, () => Promise<CompiledMessages>> = {
  en: () => import('virtual:portal-member-messages/en').then((module) => module.default),
  fr: () => import('virtual:portal-member-messages/fr').then((module) => module.default),
  de: () => import('virtual:portal-member-messages/de').then((module) => module.default),
  es: () => import('virtual:portal-member-messages/es').then((module) => module.default),
};

/**
 * Around a member screen: the member side's messages of the current language (a chunk of its
 * own, see member-messages.ts) added to the portal's, shown once they are loaded.
 */
export function MemberMessages({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const intl = useIntl();
  const [loaded, setLoaded] = useState<{
    language: PortalLanguage;
    messages: CompiledMessages;
  } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void loaders[language]().then((messages) => {
      if (isCurrent) setLoaded({ language, messages });
    });
    return () => {
      isCurrent = false;
    };
  }, [language]);
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
