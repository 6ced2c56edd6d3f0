import type { TDunningReport, TDunningRunRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { dunningQueryKeys, invoiceQueryKeys } from './query-keys';

/** Runs dunning for a day now; answers the run's report once every level is recorded. */
export function runDunning(body: TDunningRunRequest): Promise<TDunningReport> {
  return apiRequest<TDunningReport>('/api/dunning/runs', { method: 'POST', body });
}

/** The invoices' levels moved and the previews are spent: both are fetched again. */
export function useRunDunning() {
  return useInvalidatingMutation({
    mutationFn: runDunning,
    invalidates: () => [invoiceQueryKeys.all, dunningQueryKeys.all],
  });
}
