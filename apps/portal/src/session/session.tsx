import type { TAuthUser } from '@ops/contract';
import { isApiError } from '@ops/ui/api-client';
import { getActionLink, withoutQueryString } from '@ops/ui/sign-in/action-link';
import { getEmailForSignIn, setEmailForSignIn } from '@ops/ui/sign-in/storage';
import { createContext, use, useCallback, useEffect, useState, type ReactNode } from 'react';
import { isPortalLanguage, type PortalLanguage } from '../i18n/languages';
import { useLanguage } from '../i18n/language-provider';
import { authApi } from './auth-api';

/**
 * Who is signed in to the portal, and the e-mailed link this page was opened with, if any. A
 * sign-in link is completed on load with the address this browser asked it for; opened in
 * another browser (a phone's mail app, another device), the page asks for that address first
 * (`confirm`), never taking one from the link (login CSRF, as on the console).
 */
export type PortalSession =
  | { state: 'loading' }
  | { state: 'signed-out'; linkError: unknown }
  | { state: 'confirm'; code: string; error: unknown }
  | { state: 'signed-in'; user: TAuthUser };

type SessionContextValue = {
  session: PortalSession;
  completeLink: (email: string, code: string) => Promise<void>;
  signOut: () => Promise<void>;
  /** The language switcher: this browser's language, and the signed-in person's preferred one. */
  chooseLanguage: (language: PortalLanguage) => void;
};

const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider.');
  return value;
}

/** The link's query string goes once it is used: a reload must not try the code again. */
function forgetLinkInAddress() {
  window.history.replaceState(window.history.state, '', withoutQueryString(window.location.href));
}

/** Where a link that could not be used leaves the person: asked again, or signed out. */
function afterRefusedLink(error: unknown, code: string): PortalSession {
  // Another address than the link's: the code is still good, so ask again.
  if (isApiError(error, 'auth/invalid-email')) return { state: 'confirm', code, error };
  forgetLinkInAddress();
  return { state: 'signed-out', linkError: error };
}

async function completeLinkSession(
  email: string,
  code: string,
  language: PortalLanguage,
): Promise<PortalSession> {
  try {
    const user = await authApi.completeLink(email, code, language);
    setEmailForSignIn(null);
    forgetLinkInAddress();
    return { state: 'signed-in', user };
  } catch (error) {
    return afterRefusedLink(error, code);
  }
}

async function probeSession(): Promise<PortalSession> {
  try {
    const probe = await authApi.probe();
    return probe.signedIn
      ? { state: 'signed-in', user: probe.user }
      : { state: 'signed-out', linkError: null };
  } catch (error) {
    return { state: 'signed-out', linkError: error };
  }
}

/**
 * A link's completion, once per code and page: React's development mode runs an effect twice,
 * and a second completion of a single-use code could only fail.
 */
const completions = new Map<string, Promise<PortalSession>>();

function completeLinkOnce(
  email: string,
  code: string,
  language: PortalLanguage,
): Promise<PortalSession> {
  let completion = completions.get(code);
  if (!completion) {
    completion = completeLinkSession(email, code, language);
    completions.set(code, completion);
  }
  return completion;
}

/** The page's first state: a link opened where nobody asked for it asks for its address. */
function initialSession(): PortalSession {
  const link = getActionLink(window.location.href);
  if (link?.mode === 'signIn' && !getEmailForSignIn()) {
    return { state: 'confirm', code: link.code, error: null };
  }
  return { state: 'loading' };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<PortalSession>(initialSession);
  const { language, setLanguage } = useLanguage();
  const signedInUid = session.state === 'signed-in' ? session.user.uid : null;
  const preferredLanguage = session.state === 'signed-in' ? session.user.preferredLanguage : null;

  // Signed in, the portal speaks the person's preferred language, on whichever device; only
  // when the person changes (a sign-in), so that a choice in the switcher is never undone.
  useEffect(() => {
    if (preferredLanguage && isPortalLanguage(preferredLanguage)) setLanguage(preferredLanguage);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new signed-in person only
  }, [signedInUid]);

  useEffect(() => {
    let isCurrent = true;
    const link = getActionLink(window.location.href);
    const email = getEmailForSignIn();
    if (link?.mode === 'signIn' && !email) return;
    const work =
      link?.mode === 'signIn' && email
        ? completeLinkOnce(email, link.code, language)
        : probeSession();
    void work.then((next) => {
      if (isCurrent) setSession(next);
    });
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the page's link, once, in the language it opened in
  }, []);

  const completeLink = useCallback(
    async (email: string, code: string) => {
      setSession(await completeLinkSession(email, code, language));
    },
    [language],
  );

  const chooseLanguage = useCallback(
    (next: PortalLanguage) => {
      setLanguage(next);
      if (session.state !== 'signed-in' || session.user.preferredLanguage === next) return;
      // Kept for the next visit and the person's e-mails; the screen has switched already.
      void authApi.setLanguage(next).then(
        (user) => setSession({ state: 'signed-in', user }),
        () => undefined,
      );
    },
    [session, setLanguage],
  );

  const signOut = useCallback(async () => {
    await authApi.signOut();
    setSession({ state: 'signed-out', linkError: null });
  }, []);

  return (
    <SessionContext value={{ session, completeLink, signOut, chooseLanguage }}>
      {children}
    </SessionContext>
  );
}
