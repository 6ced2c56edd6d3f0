import type { TStatementSendRequest, TStatementSendResult } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { areaKeys } from '@/lib/query-keys';
import { memberQueryKeys } from './query-keys';

export function sendStatement(
  mid: string,
  body: TStatementSendRequest,
): Promise<TStatementSendResult> {
  return apiRequest<TStatementSendResult>(
    `/api/members/${encodeURIComponent(mid)}/statement/send`,
    { method: 'POST', body },
  );
}

/** E-mails the member its statement of account; its e-mails (on the overview) refresh. */
export function useSendStatement(mid: string) {
  return useInvalidatingMutation({
    mutationFn: (body: TStatementSendRequest) => sendStatement(mid, body),
    invalidates: () => [memberQueryKeys.detail(mid), areaKeys('emails').all],
  });
}
