import type { TInvoiceRenewalPreview } from '@ops/contract/renewal-preview';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { invoiceQueryKeys } from './query-keys';

export function getRenewalPreview(
  year: number,
  signal?: AbortSignal,
): Promise<TInvoiceRenewalPreview> {
  return apiRequest<TInvoiceRenewalPreview>(`/api/invoices/renewals/preview?year=${year}`, {
    signal,
  });
}

/**
 * What the renewal run for a year would issue now (read only; under the invoices' keys, so a
 * finished run or any invoice change makes it fresh again). Null year: nothing to preview.
 */
export function useRenewalPreview(year: number | null) {
  return useQuery({
    queryKey: invoiceQueryKeys.of('renewal-preview', year ?? 0),
    queryFn: ({ signal }) => getRenewalPreview(year ?? 0, signal),
    enabled: year !== null,
  });
}
