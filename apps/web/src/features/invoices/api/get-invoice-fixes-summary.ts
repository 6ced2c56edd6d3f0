import type { TInvoiceFixesSummary } from '@ops/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { useLiveChanges } from '@/lib/live-changes';
import { invoiceFixesQueryKeys } from './query-keys';

/** How many invoices each check finds. */
export function getInvoiceFixesSummary(signal?: AbortSignal): Promise<TInvoiceFixesSummary> {
  return apiRequest<TInvoiceFixesSummary>('/api/invoices/fixes', { signal });
}

export function invoiceFixesSummaryQueryOptions() {
  return queryOptions({
    queryKey: invoiceFixesQueryKeys.of('summary'),
    queryFn: ({ signal }) => getInvoiceFixesSummary(signal),
  });
}

export function useInvoiceFixesSummary() {
  return useQuery(invoiceFixesSummaryQueryOptions());
}

/**
 * Another operator's change to invoices, members or card payments (or our own) may add or settle
 * findings: fetch the checks again when the change stream says so.
 */
export function useLiveInvoiceFixes() {
  const queryClient = useQueryClient();
  useLiveChanges(['invoices', 'members', 'stripe_invoices'], () => {
    void queryClient.invalidateQueries({ queryKey: invoiceFixesQueryKeys.all });
  });
}
