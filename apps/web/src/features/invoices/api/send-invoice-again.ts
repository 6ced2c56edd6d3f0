import type { TDocumentSendRequest, TInvoiceSendResult } from '@ops/contract';
import { auditQueryKeys } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';
import { invoicePath } from './get-invoice';

export function sendInvoiceAgain(
  iid: string,
  body: TDocumentSendRequest,
): Promise<TInvoiceSendResult> {
  return apiRequest<TInvoiceSendResult>(`${invoicePath(iid)}/send`, { method: 'POST', body });
}

/** Send again (issue 32): the invoice's history (the send) and the e-mail log refresh. */
export function useSendInvoiceAgain(iid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TDocumentSendRequest) => sendInvoiceAgain(iid, body),
    invalidates: () => [auditQueryKeys.record('invoices', iid), areaKeys('emails').all],
  });
}
