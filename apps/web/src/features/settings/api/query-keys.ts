import { areaKeys } from '@/lib/query-keys';

/** Bank accounts: the list kit's root ('bank-accounts') holds the details too. */
export const bankAccountQueryKeys = areaKeys('bank-accounts');

/** Countries: the list views, each country's detail and its association candidates. */
export const countryQueryKeys = areaKeys('countries');

/** Dunning (issue 17): the settings of the levels; the invoices and members name the root too. */
export const dunningQueryKeys = areaKeys('dunning');
