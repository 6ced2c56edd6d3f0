import type { TAuthUser, TSessionProbe } from '@ops/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import type { SignInOnLoadOutcome } from '@ops/ui/sign-in/sign-in-on-load';
import { authQueryKeys } from './query-keys';

/**
 * The signed-in user, or null when nobody is signed in. Asked of `/api/auth/session`, not of
 * `/api/auth/me`: the cookie is HttpOnly, so every page load has to ask, and on the sign-in page
 * the answer is "nobody", which /me gives as a 401 that Chromium logs as a failed request on
 * every load (issue 32). The probe answers that as a 200; /me keeps its 401 for other callers.
 */
export async function getMe(): Promise<TAuthUser | null> {
  const probe = await apiRequest<TSessionProbe>('/api/auth/session');
  return probe.signedIn ? probe.user : null;
}

export function meQueryOptions() {
  // Checked again when the window regains focus after 30 s (the provider's staleTime), so a
  // sign-out or an ended session in another tab brings the sign-in screen here too.
  return queryOptions({ queryKey: authQueryKeys.me, queryFn: getMe });
}

/** The signed-in user: `data` is undefined while unknown, null when signed out. */
export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Puts the user a sign-in answered into the cache, so the gate moves on without another round
 * trip. A /me request still under way was sent before the session existed: it is cancelled.
 * An error kept from the page load is no longer worth showing.
 */
export async function setSignedInUser(queryClient: QueryClient, user: TAuthUser): Promise<void> {
  await queryClient.cancelQueries({ queryKey: authQueryKeys.me });
  const previous = queryClient.getQueryData<TAuthUser | null>(authQueryKeys.me);
  if (previous?.uid !== user.uid) {
    // A status cached in an earlier session may be outdated: the stream will answer afresh.
    // (Not when the same session is confirmed: nothing would answer again.)
    queryClient.removeQueries({ queryKey: authQueryKeys.operators });
  }
  queryClient.setQueryData(authQueryKeys.me, user);
  queryClient.setQueryData<SignInOnLoadOutcome>(authQueryKeys.signInOnLoad, (outcome) =>
    outcome ? { user: outcome.user, error: null } : outcome,
  );
}
