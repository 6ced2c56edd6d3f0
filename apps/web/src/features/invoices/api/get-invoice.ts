import type { TInvoiceDetail } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { invoiceQueryKeys } from './query-keys';

export const invoicePath = (iid: string) => `/api/invoices/${encodeURIComponent(iid)}`;
export const invoicePdfPath = (iid: string) => `${invoicePath(iid)}/pdf`;

export function getInvoice(iid: string, signal?: AbortSignal): Promise<TInvoiceDetail> {
  return apiRequest<TInvoiceDetail>(invoicePath(iid), { signal });
}

export function invoiceQueryOptions(iid: string) {
  return queryOptions({
    queryKey: invoiceQueryKeys.detail(iid),
    queryFn: ({ signal }) => getInvoice(iid, signal),
  });
}

/**
 * One invoice, refetched (with its history) when it, its member, a certificate or its dunning
 * notices (issue 17) change.
 */
export function useInvoice(iid: string) {
  useRecordFollowsChanges({
    table: 'invoices',
    id: iid,
    queryKey: invoiceQueryKeys.detail(iid),
    relatedTables: ['members', 'certificates', 'dunning_notices'],
  });
  return useQuery(invoiceQueryOptions(iid));
}
