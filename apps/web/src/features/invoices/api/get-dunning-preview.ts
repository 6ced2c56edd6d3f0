import type { TDunningPreview } from '@ops/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { dunningQueryKeys } from './query-keys';

/** A run records its notices in batches, each announced row by row: refetch once per burst. */
const refetchAfterMs = 500;

export function getDunningPreview(asOf: string, signal?: AbortSignal): Promise<TDunningPreview> {
  return apiRequest<TDunningPreview>(
    `/api/dunning/preview?${new URLSearchParams({ asOf }).toString()}`,
    { signal },
  );
}

export function dunningPreviewQueryOptions(asOf: string) {
  return queryOptions({
    queryKey: dunningQueryKeys.of('preview', asOf),
    queryFn: ({ signal }) => getDunningPreview(asOf, signal),
    // What a run would send is read fresh each time the preview is asked for: a preview is not
    // kept once the dialog stops showing it (an old one must never be what someone runs).
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * What a dunning run on `asOf` would send (nothing is written), fetched while `asOf` is set.
 * Another run (the schedule's, another operator's), or a change of the levels, while it is on
 * screen fetches it again; payments arriving meanwhile do not (the run reads them itself).
 */
export function useDunningPreview(asOf: string | null) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveChanges(
    asOf === null
      ? []
      : ['dunning_notices', 'dunning_levels', 'dunning_minimums', 'dunning_settings'],
    () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: dunningQueryKeys.of('preview') });
      }, refetchAfterMs);
    },
  );
  return useQuery({ ...dunningPreviewQueryOptions(asOf ?? ''), enabled: asOf !== null });
}
