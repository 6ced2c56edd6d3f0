import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
} from '@tanstack/react-query';

/** A cache entry an answer fills at once: the query's key and its new data. */
export type CacheEntry = readonly [queryKey: QueryKey, data: unknown];

export type InvalidatingMutationOptions<TResult, TVariables> = {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** Entries the answer replaces at once (a detail shows the record as it now is). */
  sets?: (result: TResult, variables: TVariables) => readonly CacheEntry[];
  /**
   * Queries the write made stale (lists, histories, related records), invalidated by key after
   * `sets`: those on screen are fetched again, the others when next shown. Not awaited.
   */
  invalidates?: (result: TResult, variables: TVariables) => readonly QueryKey[];
  /** Queries to invalidate after a failure (a version conflict: the record as it now is). */
  invalidatesAfterError?: (error: Error, variables: TVariables) => readonly QueryKey[];
  /** Anything else after a success, once the cache is updated; a returned promise is awaited. */
  onSuccess?: (result: TResult, variables: TVariables, queryClient: QueryClient) => unknown;
  /** Anything else after a failure; a returned promise is awaited. */
  onError?: (error: Error, variables: TVariables, queryClient: QueryClient) => unknown;
};

/** Fills the answered entries, then invalidates the stale queries by key (not awaited). */
export function followWrite(
  queryClient: QueryClient,
  entries: readonly CacheEntry[] = [],
  staleKeys: readonly QueryKey[] = [],
): void {
  for (const [queryKey, data] of entries) queryClient.setQueryData(queryKey, data);
  for (const queryKey of staleKeys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * The one mutation style of the console: a fetcher, then the cache follows by key (answer set,
 * stale queries invalidated), so no screen refreshes by hand. Hooks in `features/<area>/api/`
 * build on it; a screen adds its own reaction with `mutate(variables, { onSuccess })`.
 */
export function useInvalidatingMutation<TResult, TVariables = void>({
  mutationFn,
  sets,
  invalidates,
  invalidatesAfterError,
  onSuccess,
  onError,
}: InvalidatingMutationOptions<TResult, TVariables>): UseMutationResult<
  TResult,
  Error,
  TVariables
> {
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TVariables>({
    mutationFn: (variables) => mutationFn(variables),
    onSuccess: (result, variables) => {
      followWrite(queryClient, sets?.(result, variables), invalidates?.(result, variables));
      return onSuccess?.(result, variables, queryClient);
    },
    onError: (error, variables) => {
      followWrite(queryClient, [], invalidatesAfterError?.(error, variables));
      return onError?.(error, variables, queryClient);
    },
  });
}
