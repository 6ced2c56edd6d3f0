import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import type { SignInOnLoadOutcome } from '@ops/ui/sign-in/sign-in-on-load';
import { authQueryKeys } from './query-keys';

/** Ends the session; an already ended one (401) counts as signed out. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/api/auth/sign-out', { method: 'POST' });
  } catch (error) {
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
}

const keptKeys = [authQueryKeys.me, authQueryKeys.signInOnLoad].map((key) => JSON.stringify(key));

/**
 * Forgets everything the signed-in person saw: the user becomes null at once (the gate shows
 * the sign-in screen and the console unmounts), then every other cached query is dropped.
 */
export function clearSessionData(queryClient: QueryClient): void {
  queryClient.setQueryData(authQueryKeys.me, null);
  queryClient.setQueryData<SignInOnLoadOutcome>(authQueryKeys.signInOnLoad, (outcome) =>
    outcome ? { user: null, error: null } : outcome,
  );
  queryClient.removeQueries({
    predicate: (query) => !keptKeys.includes(JSON.stringify(query.queryKey)),
  });
}

/** The sign-out action: running, error and result states (spec §4). */
export function useSignOut() {
  return useInvalidatingMutation({
    mutationFn: signOut,
    onSuccess: (_result, _variables, queryClient) => clearSessionData(queryClient),
  });
}
