import type { TLinkPaymentRequest, TLinkPaymentResult, TPaymentDetail } from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listQueryKeys } from '@/components/data-list';
import { auditQueryKeys, useRecordFollowsChanges } from '@/components/detail';
import { apiRequest } from '@/lib/api-client';

/** Query keys under the Payments list's root, so a list refresh reaches the detail too. */
export const paymentQueryKeys = {
  all: listQueryKeys.all('payments'),
  detail: (sid: string) => ['payments', 'detail', sid] as const,
};

export function paymentQueryOptions(sid: string) {
  return queryOptions({
    queryKey: paymentQueryKeys.detail(sid),
    queryFn: ({ signal }) =>
      apiRequest<TPaymentDetail>(`/api/payments/${encodeURIComponent(sid)}`, { signal }),
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

/** Links the card-payment invoice to one of our invoices; the list and the detail refresh. */
export function useLinkPayment(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLinkPaymentRequest) =>
      apiRequest<TLinkPaymentResult>(`/api/payments/${encodeURIComponent(sid)}/link`, {
        method: 'POST',
        body,
      }),
    onSuccess: (result) => {
      queryClient.setQueryData(paymentQueryKeys.detail(sid), result.payment);
      void queryClient.invalidateQueries({ queryKey: paymentQueryKeys.all });
      void queryClient.invalidateQueries({
        queryKey: auditQueryKeys.record('stripe_invoices', sid),
      });
    },
  });
}
