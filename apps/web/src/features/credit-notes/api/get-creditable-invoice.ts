import type { TCreditableInvoice } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { creditNoteQueryKeys } from './query-keys';

export const creditableInvoicePath = (iid: string) =>
  `/api/invoices/${encodeURIComponent(iid)}/credit-notes`;

export function getCreditableInvoice(iid: string, signal?: AbortSignal) {
  return apiRequest<TCreditableInvoice>(creditableInvoicePath(iid), { signal });
}

export function creditableInvoiceQueryOptions(iid: string) {
  return queryOptions({
    queryKey: creditNoteQueryKeys.of('creditable', iid),
    queryFn: ({ signal }) => getCreditableInvoice(iid, signal),
  });
}

/** What a credit note can still take of each line of an invoice (read when the dialog opens). */
export function useCreditableInvoice(iid: string, isEnabled = true) {
  return useQuery({ ...creditableInvoiceQueryOptions(iid), enabled: isEnabled });
}
