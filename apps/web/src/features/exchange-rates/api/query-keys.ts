import { areaKeys } from '@/lib/query-keys';

/** Exchange rates (issue 18): the one list of every rate; the reports name the root too. */
export const exchangeRateQueryKeys = areaKeys('exchange-rates');
