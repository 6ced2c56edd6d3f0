import { areaKeys } from '@/lib/query-keys';

/** The invoices area: its list views, details, the draft's bank accounts, renewal runs. */
export const invoiceQueryKeys = areaKeys('invoices');

/** The invoice fixes screen: the summary and each check's pages (apart from the invoices area). */
export const invoiceFixesQueryKeys = areaKeys('invoice-fixes');

/**
 * Dunning (issue 17): the run's preview per as-of day. The root is the settings screen's too
 * (named, not imported), so a change of the levels reaches the preview.
 */
export const dunningQueryKeys = areaKeys('dunning');
