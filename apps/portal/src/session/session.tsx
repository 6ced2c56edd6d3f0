import type { TAuthUser } from '@ops/contract';
import { isApiError } from '@ops/ui/api-client';
import { getActionLink, withoutQueryString } from '@ops/ui/sign-in/action-link';
import { getEmailForSignIn, setEmailForSignIn } from '@ops/ui/sign-in/storage';
import { createContext, use, useCallback, useEffect, useState, type ReactNode } from 'react';
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

async function completeLinkSession(email: string, code: string): Promise<PortalSession> {
  try {
    const user = await authApi.completeLink(email, code);
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

function completeLinkOnce(email: string, code: string): Promise<PortalSession> {
  let completion = completions.get(code);
  if (!completion) {
    completion = completeLinkSession(email, code);
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

  useEffect(() => {
    let isCurrent = true;
    const link = getActionLink(window.location.href);
    const email = getEmailForSignIn();
    if (link?.mode === 'signIn' && !email) return;
    const work =
      link?.mode === 'signIn' && email ? completeLinkOnce(email, link.code) : probeSession();
    void work.then((next) => {
      if (isCurrent) setSession(next);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  const completeLink = useCallback(async (email: string, code: string) => {
    setSession(await completeLinkSession(email, code));
  }, []);

  const signOut = useCallback(async () => {
    await authApi.signOut();
    setSession({ state: 'signed-out', linkError: null });
  }, []);

  return <SessionContext value={{ session, completeLink, signOut }}>{children}</SessionContext>;
}
