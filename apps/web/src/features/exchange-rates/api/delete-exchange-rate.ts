import type { TExchangeRateDeleteResult, TExchangeRateParams } from '@ops/contract/exchange-rates';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { exchangeRateQueryKeys } from './query-keys';
import { exchangeRatePath } from './save-exchange-rate';

export type ExchangeRateDelete = TExchangeRateParams & { version: number };

export function deleteExchangeRate({
  version,
  ...params
}: ExchangeRateDelete): Promise<TExchangeRateDeleteResult> {
  return apiRequest<TExchangeRateDeleteResult>(
    `${exchangeRatePath(params)}?version=${encodeURIComponent(version)}`,
    { method: 'DELETE' },
  );
}

/** Deletes a rate read at `version` (a 409 when it moved meanwhile). */
export function useDeleteExchangeRate() {
  return useInvalidatingMutation({
    mutationFn: deleteExchangeRate,
    invalidates: () => [exchangeRateQueryKeys.all],
    invalidatesAfterError: () => [exchangeRateQueryKeys.all],
  });
}
