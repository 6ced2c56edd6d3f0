import type { TAuthUser, TRedirectResult } from '@ops/contract';
import { isApiError } from '@ops/ui/api-client';
import { getActionLink, getLinkEmail, withoutQueryString, type ActionLink } from './action-link';
import { emailConfirmationRequired } from './constants';
import { validateEmail } from './validation';

/** The prompt's wording of spec §4. */
export const emailConfirmationPrompt = 'Please provide your email for confirmation';

/** What the page load needs from the browser and the API; tests pass fakes. */
export type SignInOnLoadDeps = {
  href: string;
  getEmailForSignIn: () => string | null;
  forgetEmailForSignIn: () => void;
  /** window.prompt, blank: null when the person cancels. */
  prompt: (message: string) => string | null;
  /** `emailFromLink`: the e-mail was read from the link (a terminal's link, issue 20). */
  completeSignInLink: (
    email: string,
    code: string,
    options?: { emailFromLink?: boolean },
  ) => Promise<TAuthUser>;
  getRedirectResult: () => Promise<TRedirectResult>;
  /** history.replaceState to this path, keeping the router's history state. */
  replaceUrl: (path: string) => void;
  /** Spec §8 logs sign-in errors: one line (describeSignInError), never an error's stack. */
  logError: (line: string) => void;
};

export type SignInOnLoadOutcome = {
  /** The user a link or a redirect signed in, if any. */
  user: TAuthUser | null;
  /** Why a sign-in link or a redirect did not sign in (also logged), for the error box. */
  error: unknown;
  /**
   * Set when `error` is a sign-in link's (not a redirect's): the sign-in screen then offers a
   * new link next to it, to `email`, the address this browser or its person gave for the link
   * (null when none was given, or when it came from the link itself: completeWithLinkEmail).
   */
  link?: { email: string | null };
};

/**
 * The one line a sign-in error is logged as (issue 32): its message and code. The Error itself
 * made the console print its stack, which says nothing about a spent link and buries the line
 * that does; the page shows the person the same error in its box.
 */
export function describeSignInError(error: unknown): string {
  const field = (key: string): string | undefined => {
    if (typeof error !== 'object' || error === null || !(key in error)) return undefined;
    const value = (error as Record<string, unknown>)[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const message =
    typeof error === 'string' && error !== '' ? error : (field('message') ?? 'Unknown error');
  const code = field('code');
  const line =
    code !== undefined ? `${message} (${code})` : `${field('name') ?? 'Error'}: ${message}`;
  return line.replace(/\s+/g, ' ').trim();
}

/**
 * The e-mail a sign-in link is completed with (spec §4): the one this browser asked the link for
 * (local storage), or the person's answer to the prompt, which starts blank. Never the e-mail
 * the link names: anyone can append their own to their own e-mailed link and send it to a
 * colleague, whose one careless OK would sign into the sender's account (login CSRF).
 */
function emailToConfirm(deps: SignInOnLoadDeps): string | null {
  return deps.getEmailForSignIn() ?? deps.prompt(emailConfirmationPrompt);
}

type LinkAttempt = SignInOnLoadOutcome | 'confirm the e-mail';

/**
 * Issue 20: a link printed to the server's terminal names its e-mail, and the browser it is
 * opened in never asked for it: sign-in completes with that e-mail at once, the server told
 * where the e-mail came from. It accepts that only for a code it gave to the terminal; for an
 * e-mailed link it answers auth/email-confirmation-required (the code stays usable), and the
 * e-mail is then confirmed as spec §4 says. A link whose e-mail this browser asked for needs no
 * such step.
 */
async function completeWithLinkEmail(
  deps: SignInOnLoadDeps,
  link: ActionLink,
): Promise<LinkAttempt> {
  const named = getLinkEmail(deps.href);
  if (named === null || named === deps.getEmailForSignIn() || validateEmail(named) !== null) {
    return 'confirm the e-mail';
  }
  try {
    const user = await deps.completeSignInLink(named, link.code, { emailFromLink: true });
    deps.forgetEmailForSignIn();
    deps.replaceUrl(withoutQueryString(deps.href));
    return { user, error: null };
  } catch (error) {
    if (isApiError(error, emailConfirmationRequired)) return 'confirm the e-mail';
    deps.logError(
      `Sign-in with the link printed to the terminal failed: ${describeSignInError(error)}`,
    );
    deps.replaceUrl(withoutQueryString(deps.href));
    // Not the e-mail the link names for the new link: a used or expired code cannot tell a
    // terminal's link from an e-mailed one with someone's `email` appended (see emailToConfirm).
    return { user: null, error, link: { email: null } };
  }
}

/**
 * Spec §4 "Link completion on load": an e-mailed sign-in link is completed with the e-mail kept
 * in local storage, or asked for; the query string is then cleared (a reload must not use the
 * code again) and the stored e-mail removed. Any other address checks for the pending result
 * of a sign-in by redirect. Spec §8: these sign-in errors are logged, one line each; they are
 * also returned so the sign-in screen can say why the link did not work, keep the address and
 * offer a new link beside the error (issue 32). A link printed to the server's terminal is
 * completed first with the e-mail it names (completeWithLinkEmail), without a prompt.
 */
export async function signInOnLoad(deps: SignInOnLoadDeps): Promise<SignInOnLoadOutcome> {
  const link = getActionLink(deps.href);
  if (link?.mode === 'signIn') {
    const attempt = await completeWithLinkEmail(deps, link);
    if (attempt !== 'confirm the e-mail') return attempt;
    const email = (emailToConfirm(deps) ?? '').trim();
    // Spec §5: the e-mail must be provided. The link stays in the address, so a reload asks again.
    const problem =
      email === ''
        ? 'An email address is needed to complete sign-in with the link.'
        : validateEmail(email);
    if (problem !== null) {
      deps.logError(`Sign-in link not completed: ${problem}`);
      return { user: null, error: new Error(problem), link: { email: null } };
    }
    try {
      const user = await deps.completeSignInLink(email, link.code);
      deps.forgetEmailForSignIn();
      return { user, error: null };
    } catch (error) {
      deps.logError(`Sign-in with the e-mailed link failed: ${describeSignInError(error)}`);
      // The address stays in the form, and the way to a new link beside the error (issue 32).
      return { user: null, error, link: { email } };
    } finally {
      // Used or refused, the code is spent: a reload would only fail again.
      deps.replaceUrl(withoutQueryString(deps.href));
    }
  }
  try {
    const { result } = await deps.getRedirectResult();
    if (result === null) return { user: null, error: null };
    if ('user' in result) return { user: result.user, error: null };
    deps.logError(`Sign-in by redirect failed: ${describeSignInError(result.error)}`);
    return { user: null, error: result.error };
  } catch (error) {
    // Not a sign-in error to show: nobody asked for one on this load.
    deps.logError(`The redirect sign-in result could not be read: ${describeSignInError(error)}`);
    return { user: null, error: null };
  }
}
