import type { TInvoiceRenewalRun } from '@ops/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { invoiceQueryKeys } from './query-keys';

export function getRenewalRun(runId: string, signal?: AbortSignal): Promise<TInvoiceRenewalRun> {
  return apiRequest<TInvoiceRenewalRun>(`/api/invoices/renewals/${encodeURIComponent(runId)}`, {
    signal,
  });
}

/** A renewal run, polled every half second while it runs. */
export function useRenewalRun(runId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: invoiceQueryKeys.of('renewal', runId ?? ''),
    queryFn: async ({ signal }) => {
      const run = await getRenewalRun(runId ?? '', signal);
      if (run.status !== 'running')
        void queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all });
      return run;
    },
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 500 : false),
  });
}
