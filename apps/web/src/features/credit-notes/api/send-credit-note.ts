import type { TCreditNoteSendResult, TDocumentSendRequest } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';

export function sendCreditNote(
  cnid: string,
  body: TDocumentSendRequest,
): Promise<TCreditNoteSendResult> {
  return apiRequest<TCreditNoteSendResult>(`/api/credit-notes/${encodeURIComponent(cnid)}/send`, {
    method: 'POST',
    body,
  });
}

/** E-mails a credit note again (issue 32); the e-mail log refreshes. */
export function useSendCreditNote(cnid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TDocumentSendRequest) => sendCreditNote(cnid, body),
    invalidates: () => [areaKeys('emails').all],
  });
}
