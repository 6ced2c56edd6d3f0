import type { TInvoiceRenewalRun } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';

export type RenewalRequest = { year: number; sendEmails: boolean };

/** Starts the renewal run of a year; answers the run, followed by `useRenewalRun`. */
export function startRenewal({ year, sendEmails }: RenewalRequest): Promise<TInvoiceRenewalRun> {
  return apiRequest<TInvoiceRenewalRun>('/api/invoices/renewals', {
    method: 'POST',
    body: { year, sendEmails },
  });
}

/** Nothing is stale yet: the run's end invalidates the invoices (see useRenewalRun). */
export function useStartRenewal() {
  return useInvalidatingMutation({ mutationFn: startRenewal });
}
