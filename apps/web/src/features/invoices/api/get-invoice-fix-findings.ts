import type { InvoiceFixCheck, TInvoiceFixFindingsPage } from '@ops/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { invoiceFixesQueryKeys } from './query-keys';

/** The findings page of one check, narrowed to that check's shape. */
export type InvoiceFindingsPageOf<C extends InvoiceFixCheck> = Extract<
  TInvoiceFixFindingsPage,
  { check: C }
>;

export function getInvoiceFixFindings<C extends InvoiceFixCheck>(
  check: C,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<InvoiceFindingsPageOf<C>> {
  return apiRequest<InvoiceFindingsPageOf<C>>(
    `/api/invoices/fixes/${check}?offset=${offset}&limit=${limit}`,
    { signal },
  );
}

export function invoiceFixFindingsQueryOptions<C extends InvoiceFixCheck>(
  check: C,
  offset: number,
  limit: number,
) {
  return queryOptions({
    queryKey: invoiceFixesQueryKeys.of(check, offset, limit),
    queryFn: ({ signal }) => getInvoiceFixFindings(check, offset, limit, signal),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceFixFindings<C extends InvoiceFixCheck>(
  check: C,
  offset: number,
  limit: number,
) {
  return useQuery(invoiceFixFindingsQueryOptions(check, offset, limit));
}
