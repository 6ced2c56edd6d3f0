import type { TInvoicePdfMatchResult } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';

/** Which invoice each file name matches (or the rule it breaks), in the order of the names. */
export function matchInvoicePdfs(fileNames: readonly string[]): Promise<TInvoicePdfMatchResult> {
  return apiRequest<TInvoicePdfMatchResult>('/api/invoices/pdfs/match', { body: { fileNames } });
}
