import { areaKeys } from '@/lib/query-keys';

/** The payments area (card-payment invoices): its list views and each payment's detail. */
export const paymentQueryKeys = areaKeys('payments');
