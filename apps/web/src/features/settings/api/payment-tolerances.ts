import type {
  TPaymentToleranceResult,
  TPaymentTolerances,
  TPaymentToleranceUpdate,
} from '@ops/contract/payment-tolerances';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveChanges } from '@/lib/live-changes';
import { useInvalidatingMutation } from '@/lib/mutation';
import { apiRequest } from '@ops/ui/api-client';
import { areaKeys } from '@/lib/query-keys';

/** Payment tolerances: one read of every currency, and a write of one. */
export const paymentToleranceQueryKeys = areaKeys('payment-tolerances');

const tolerancesPath = '/api/settings/payment-tolerances';

export function getPaymentTolerances(signal?: AbortSignal): Promise<TPaymentTolerances> {
  return apiRequest<TPaymentTolerances>(tolerancesPath, { signal });
}

export const paymentTolerancesQueryOptions = queryOptions({
  queryKey: paymentToleranceQueryKeys.all,
  queryFn: ({ signal }) => getPaymentTolerances(signal),
});

/** Every currency's tolerance, fetched again when anyone changes one. */
export function usePaymentTolerances() {
  const queryClient = useQueryClient();
  useLiveChanges(['payment_tolerances'], () => {
    void queryClient.invalidateQueries({ queryKey: paymentToleranceQueryKeys.all });
  });
  return useQuery(paymentTolerancesQueryOptions);
}

export function updatePaymentTolerance(
  currency: string,
  body: TPaymentToleranceUpdate,
): Promise<TPaymentToleranceResult> {
  return apiRequest<TPaymentToleranceResult>(`${tolerancesPath}/${encodeURIComponent(currency)}`, {
    method: 'PUT',
    body,
  });
}

/** Changes one currency's tolerance with the version read (a 409 when it moved meanwhile). */
export function useUpdatePaymentTolerance(currency: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TPaymentToleranceUpdate) => updatePaymentTolerance(currency, body),
    invalidates: () => [paymentToleranceQueryKeys.all],
  });
}
