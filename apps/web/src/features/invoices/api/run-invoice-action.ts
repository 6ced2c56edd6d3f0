import type {
  TInvoiceActionResult,
  TInvoiceIssueRequest,
  TInvoiceMarkPaidRequest,
  TInvoiceReasonRequest,
} from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';
import { invoicePath } from './get-invoice';
import { invoiceShown, invoiceStale } from './invoice-written';

type ActionBody =
  | { action: 'issue'; body: TInvoiceIssueRequest }
  | { action: 'mark-paid'; body: TInvoiceMarkPaidRequest }
  | { action: 'void' | 'uncollectible'; body: TInvoiceReasonRequest };

export function runInvoiceAction(
  iid: string,
  { action, body }: ActionBody,
): Promise<TInvoiceActionResult> {
  return apiRequest<TInvoiceActionResult>(`${invoicePath(iid)}/${action}`, {
    method: 'POST',
    body,
  });
}

/** A life-cycle move (issue, mark paid, void, uncollectible); answers what it caused. */
export function useInvoiceAction(iid: string) {
  return useInvalidatingMutation({
    mutationFn: (action: ActionBody) => runInvoiceAction(iid, action),
    sets: (result) => invoiceShown(result.invoice),
    invalidates: (result) => [
      ...invoiceStale(result.invoice),
      // Rule 2 changes the member and issues a certificate: their screens refresh too.
      areaKeys('members').lists,
      areaKeys('certificates').all,
    ],
  });
}
