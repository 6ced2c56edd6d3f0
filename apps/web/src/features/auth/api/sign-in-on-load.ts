import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getEmailForSignIn, rememberEmail, setEmailForSignIn } from '@ops/ui/sign-in/storage';
import { signInOnLoad, type SignInOnLoadOutcome } from '@ops/ui/sign-in/sign-in-on-load';
import { completeSignInLink } from './complete-sign-in-link';
import { getRedirectResult } from './get-redirect-result';
import { setSignedInUser } from './me';
import { authQueryKeys } from './query-keys';

let pageLoadOutcome: Promise<SignInOnLoadOutcome> | undefined;

/**
 * Spec §4's link completion (or redirect check) for this page load, run once whatever asks for
 * it: a second run would use the link's one-time code again or prompt twice.
 */
export function runSignInOnLoad(): Promise<SignInOnLoadOutcome> {
  pageLoadOutcome ??= signInOnLoad({
    href: window.location.href,
    getEmailForSignIn: () => getEmailForSignIn(),
    forgetEmailForSignIn: () => setEmailForSignIn(null),
    prompt: (message) => window.prompt(message),
    completeSignInLink,
    getRedirectResult,
    // The router's own state stays in the entry; only the address loses its query string.
    replaceUrl: (path) => window.history.replaceState(window.history.state, '', path),
    // A warning, one line: the page shows the person what went wrong (a spent link is theirs,
    // not the program's error), and the console keeps only what support needs (issue 32).
    logError: (line) => console.warn(line),
  });
  return pageLoadOutcome;
}

export function signInOnLoadQueryOptions(queryClient: QueryClient) {
  return queryOptions({
    queryKey: authQueryKeys.signInOnLoad,
    queryFn: async () => {
      const outcome = await runSignInOnLoad();
      if (outcome.user) {
        // Spec §3's remembered e-mail, as after a password sign-in: opening the same link again
        // later (it is spent) finds the form filled in, with a new link one click away.
        rememberEmail(outcome.user.email);
        await setSignedInUser(queryClient, outcome.user);
      }
      return outcome;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/**
 * The page load's sign-in link completion or redirect check (spec §4): settled once it is
 * done, with the error to show on the sign-in screen, if any, and `link` when that error is a
 * sign-in link's (the screen offers a new one).
 */
export function useSignInOnLoad(): {
  isSettled: boolean;
  error: unknown;
  link: SignInOnLoadOutcome['link'];
} {
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(signInOnLoadQueryOptions(queryClient));
  return {
    isSettled: data !== undefined || isError,
    error: data?.error ?? null,
    link: data?.error ? data.link : undefined,
  };
}
