import { Button } from '@ops/ui/button';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/screens';
import { languageNames, portalLanguages, isPortalLanguage } from '../i18n/languages';
import { useLanguage } from '../i18n/language-provider';
import { Message, useMessages } from '../i18n/message';
import { useSession } from '../session/session';

/**
 * Every portal screen's frame, phone first: the portal's name, the language switcher and, when
 * signed in, who and how to sign out; then the screen in one readable column.
 */
export function Layout({ children }: { children: ReactNode }) {
  const t = useMessages();
  const languageId = useId();
  const { language } = useLanguage();
  const { session, signOut, chooseLanguage } = useSession();
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        <Message id="layout.skipToContent" />
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to={paths.home.getHref()} className="min-w-0">
            <span className="block text-lg font-semibold text-sky-900">
              <Message id="portal.name" />
            </span>
            <span className="block text-xs text-slate-600">
              <Message id="portal.federation" />
            </span>
          </Link>
          <div className="flex items-center gap-2">
            <label htmlFor={languageId} className="text-sm text-slate-700">
              <Message id="layout.language" />
            </label>
            <select
              id={languageId}
              value={language}
              onChange={(event) => {
                if (isPortalLanguage(event.target.value)) chooseLanguage(event.target.value);
              }}
              className="min-h-11 rounded-md border border-slate-300 bg-white px-2 text-sm"
            >
              {portalLanguages.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageNames[code]}
                </option>
              ))}
            </select>
          </div>
        </div>
        {session.state === 'signed-in' ? (
          <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 pb-3 text-sm text-slate-700">
            <span className="break-all">
              {t('layout.signedInAs', { email: session.user.email })}
            </span>
            <Button variant="secondary" className="min-h-11" onClick={() => void signOut()}>
              <Message id="layout.signOut" />
            </Button>
          </div>
        ) : null}
      </header>
      <main id="content" className="mx-auto max-w-3xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}
