import type { TCreditNoteIssueRequest, TCreditNoteResult } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { creditableInvoicePath } from './get-creditable-invoice';
import { moneyChangedKeys } from './query-keys';

export function issueCreditNote(iid: string, body: TCreditNoteIssueRequest) {
  return apiRequest<TCreditNoteResult>(creditableInvoicePath(iid), { method: 'POST', body });
}

/** Issues a credit note on an invoice; the invoice, its member and the lists refresh. */
export function useIssueCreditNote(iid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TCreditNoteIssueRequest) => issueCreditNote(iid, body),
    invalidates: () => moneyChangedKeys,
  });
}
