// Values from the zod-free module: every screen's shell reads these, the sign-in screen's too.
import { defaultOperatorPreferences, listRowHeights } from '@ops/contract/preference-values';
import type {
  TOperatorPreferences,
  TUpdateOperatorPreferencesRequest,
} from '@ops/contract/preferences';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';

/**
 * The signed-in operator's list preferences (issue 19): density, and the split of a list and
 * the record beside it. Kept on the server, so they follow the person to any browser. Nobody
 * else writes them, so they are read once per session (sign-out drops the cache) and a change
 * shows at once (optimistic), before the server has it.
 */
export const preferenceQueryKeys = areaKeys('preferences');

const preferencesPath = '/api/preferences';

export function getPreferences(signal?: AbortSignal): Promise<TOperatorPreferences> {
  return apiRequest<TOperatorPreferences>(preferencesPath, { signal });
}

export function updatePreferences(
  patch: TUpdateOperatorPreferencesRequest,
): Promise<TOperatorPreferences> {
  return apiRequest<TOperatorPreferences>(preferencesPath, { method: 'PATCH', body: patch });
}

export const preferencesQueryOptions = queryOptions({
  queryKey: preferenceQueryKeys.all,
  queryFn: ({ signal }) => getPreferences(signal),
  // Only this person changes them, and every change goes through the cache first.
  staleTime: Infinity,
  gcTime: Infinity,
});

/**
 * The operator's preferences; the defaults until the server's answer is in (or if it failed),
 * so that a list never waits for them: a compact list shows comfortable rows for that moment.
 */
export function usePreferences(): TOperatorPreferences {
  return useQuery(preferencesQueryOptions).data ?? defaultOperatorPreferences;
}

/** The row height of every list, in CSS pixels, from the operator's density. */
export function useListRowHeight(): number {
  return listRowHeights[usePreferences().density];
}

function applyLocally(queryClient: QueryClient, patch: TUpdateOperatorPreferencesRequest) {
  queryClient.setQueryData<TOperatorPreferences>(preferenceQueryKeys.all, (current) => ({
    ...(current ?? defaultOperatorPreferences),
    ...patch,
  }));
}

/** Writes of the preferences run one after the other: the last one a person made wins. */
const preferencesMutationScope = { id: 'preferences' };
const preferencesMutationKey = [...preferenceQueryKeys.all, 'update'] as const;

/**
 * Changes some preferences: the cache (and so every screen) follows at once, the server after.
 * Quick changes (arrow keys on the split) are sent in order, one at a time; a failed one puts
 * back what the server has.
 */
export function useUpdatePreferences(): (patch: TUpdateOperatorPreferencesRequest) => void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationKey: preferencesMutationKey,
    scope: preferencesMutationScope,
    mutationFn: updatePreferences,
    onMutate: async (patch) => {
      // A first read still on its way would answer what was there before: it is dropped, and
      // the change applied again over what it leaves.
      await queryClient.cancelQueries({ queryKey: preferenceQueryKeys.all, exact: true });
      applyLocally(queryClient, patch);
    },
    onSuccess: (answer) => {
      // The server's whole answer only when no later change is still on its way: that one is
      // in the cache already and must not flicker back.
      if (queryClient.isMutating({ mutationKey: preferencesMutationKey }) <= 1) {
        queryClient.setQueryData(preferenceQueryKeys.all, answer);
      }
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: preferenceQueryKeys.all, exact: true });
    },
  });
  return useCallback(
    (patch: TUpdateOperatorPreferencesRequest) => {
      // At once, in this very render pass: a dragged separator lets go without a jump back.
      applyLocally(queryClient, patch);
      mutate(patch);
    },
    [queryClient, mutate],
  );
}
