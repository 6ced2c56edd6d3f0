import { areaKeys } from '@/lib/query-keys';

/** The invoices area: its list views, details, the draft's bank accounts, renewal runs. */
export const invoiceQueryKeys = areaKeys('invoices');

/** The invoice fixes screen: the summary and each check's pages (apart from the invoices area). */
export const invoiceFixesQueryKeys = areaKeys('invoice-fixes');
