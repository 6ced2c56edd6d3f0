import type { TPaymentDetail } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { paymentQueryKeys } from './query-keys';

export const paymentPath = (sid: string) => `/api/payments/${encodeURIComponent(sid)}`;

export function getPayment(sid: string, signal?: AbortSignal): Promise<TPaymentDetail> {
  return apiRequest<TPaymentDetail>(paymentPath(sid), { signal });
}

export function paymentQueryOptions(sid: string) {
  return queryOptions({
    queryKey: paymentQueryKeys.detail(sid),
    queryFn: ({ signal }) => getPayment(sid, signal),
  });
}

/**
 * One card-payment invoice, refetched when it changes anywhere (a webhook event arriving, an
 * operator linking it) or when our invoice or member it shows changes.
 */
export function usePayment(sid: string) {
  useRecordFollowsChanges({
    table: 'stripe_invoices',
    id: sid,
    queryKey: paymentQueryKeys.detail(sid),
    relatedTables: ['stripe_events', 'invoices', 'members'],
  });
  return useQuery(paymentQueryOptions(sid));
}
