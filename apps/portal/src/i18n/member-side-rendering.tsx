import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { compileMessages } from './compiled-messages';
import { memberMessages } from './member-messages';
import { de } from './messages/de';
import { en } from './messages/en';
import { es } from './messages/es';
import { fr } from './messages/fr';

const portalMessages = { en, fr, de, es };
export type PortalLanguage = keyof typeof portalMessages;

/**
 * For the member side's tests: the HTML of a part rendered as the member screens show it, in a
 * language with the portal's messages and the member side's (loaded together there).
 */
export const renderMemberSide = (language: PortalLanguage, node: ReactNode) =>
  renderToString(
    <IntlProvider
      locale={language}
      messages={compileMessages({ ...portalMessages[language], ...memberMessages[language] })}
      defaultLocale="en"
    >
      {node}
    </IntlProvider>,
  );

/** The words of rendered HTML as a person reads them: the tags out, the escaped quotes back. */
export const textOfHtml = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
