import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getEmailForSignIn, setEmailForSignIn } from '../utils/storage';
import { signInOnLoad, type SignInOnLoadOutcome } from '../utils/sign-in-on-load';
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
    logError: (...data) => console.error(...data),
  });
  return pageLoadOutcome;
}

export function signInOnLoadQueryOptions(queryClient: QueryClient) {
  return queryOptions({
    queryKey: authQueryKeys.signInOnLoad,
    queryFn: async () => {
      const outcome = await runSignInOnLoad();
      if (outcome.user) await setSignedInUser(queryClient, outcome.user);
      return outcome;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/**
 * The page load's sign-in link completion or redirect check (spec §4): settled once it is
 * done, with the error to show on the sign-in screen, if any.
 */
export function useSignInOnLoad(): { isSettled: boolean; error: unknown } {
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(signInOnLoadQueryOptions(queryClient));
  return { isSettled: data !== undefined || isError, error: data?.error ?? null };
}
