import type { TAuthUser, TRedirectResult } from '@ops/contract';
import { getActionLink, withoutQueryString } from './action-link';
import { validateEmail } from './validation';

/** The prompt's wording of spec §4. */
export const emailConfirmationPrompt = 'Please provide your email for confirmation';

/** What the page load needs from the browser and the API; tests pass fakes. */
export type SignInOnLoadDeps = {
  href: string;
  getEmailForSignIn: () => string | null;
  forgetEmailForSignIn: () => void;
  /** window.prompt: null when the person cancels. */
  prompt: (message: string) => string | null;
  completeSignInLink: (email: string, code: string) => Promise<TAuthUser>;
  getRedirectResult: () => Promise<TRedirectResult>;
  /** history.replaceState to this path, keeping the router's history state. */
  replaceUrl: (path: string) => void;
  logError: (...data: unknown[]) => void;
};

export type SignInOnLoadOutcome = {
  /** The user a link or a redirect signed in, if any. */
  user: TAuthUser | null;
  /** Why a sign-in link or a redirect did not sign in (also logged), for the error box. */
  error: unknown;
};

/**
 * Spec §4 "Link completion on load": an e-mailed sign-in link is completed with the e-mail kept
 * in local storage, or asked for; the query string is then cleared (a reload must not use the
 * code again) and the stored e-mail removed. Any other address checks for the pending result
 * of a sign-in by redirect. Spec §8: these sign-in errors are logged; they are also returned so
 * the sign-in screen can say why the link did not work.
 */
export async function signInOnLoad(deps: SignInOnLoadDeps): Promise<SignInOnLoadOutcome> {
  const link = getActionLink(deps.href);
  if (link?.mode === 'signIn') {
    const email = deps.getEmailForSignIn() ?? deps.prompt(emailConfirmationPrompt)?.trim() ?? '';
    // Spec §5: the e-mail must be provided. The link stays in the address, so a reload asks again.
    const problem =
      email === ''
        ? 'An email address is needed to complete sign-in with the link.'
        : validateEmail(email);
    if (problem !== null) {
      const error = new Error(problem);
      deps.logError('Sign-in link not completed:', error);
      return { user: null, error };
    }
    try {
      const user = await deps.completeSignInLink(email, link.code);
      deps.forgetEmailForSignIn();
      return { user, error: null };
    } catch (error) {
      deps.logError('Sign-in with the e-mailed link failed:', error);
      return { user: null, error };
    } finally {
      // Used or refused, the code is spent: a reload would only fail again.
      deps.replaceUrl(withoutQueryString(deps.href));
    }
  }
  try {
    const { result } = await deps.getRedirectResult();
    if (result === null) return { user: null, error: null };
    if ('user' in result) return { user: result.user, error: null };
    deps.logError('Sign-in by redirect failed:', result.error);
    return { user: null, error: result.error };
  } catch (error) {
    // Not a sign-in error to show: nobody asked for one on this load.
    deps.logError('The redirect sign-in result could not be read:', error);
    return { user: null, error: null };
  }
}
