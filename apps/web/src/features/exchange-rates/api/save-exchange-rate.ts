import type {
  TExchangeRateParams,
  TExchangeRateSave,
  TExchangeRateSaveResult,
} from '@ops/contract/exchange-rates';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { exchangeRateQueryKeys } from './query-keys';

export type ExchangeRateSave = TExchangeRateParams & TExchangeRateSave;

/** The path of one currency's rate of one month. */
export function exchangeRatePath({ currency, month }: TExchangeRateParams): string {
  return `/api/exchange-rates/${encodeURIComponent(currency)}/${encodeURIComponent(month)}`;
}

export function saveExchangeRate({
  currency,
  month,
  ...body
}: ExchangeRateSave): Promise<TExchangeRateSaveResult> {
  return apiRequest<TExchangeRateSaveResult>(exchangeRatePath({ currency, month }), {
    method: 'PUT',
    body,
  });
}

/** Sets a new rate (no version) or changes one with the version read (a 409 when it moved). */
export function useSaveExchangeRate() {
  return useInvalidatingMutation({
    mutationFn: saveExchangeRate,
    invalidates: () => [exchangeRateQueryKeys.all],
    invalidatesAfterError: () => [exchangeRateQueryKeys.all],
  });
}
