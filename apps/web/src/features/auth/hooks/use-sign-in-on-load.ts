import { useQuery, useQueryClient } from '@tanstack/react-query';
import { signInOnLoadQueryOptions } from '../api/sign-in-on-load';

/**
 * The page load's sign-in link completion or redirect check (spec §4): settled once it is
 * done, with the error to show on the sign-in screen, if any.
 */
export function useSignInOnLoad(): { isSettled: boolean; error: unknown } {
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(signInOnLoadQueryOptions(queryClient));
  return { isSettled: data !== undefined || isError, error: data?.error ?? null };
}
