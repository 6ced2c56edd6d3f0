import type { TEmailRetryResult } from '@ops/contract';
import { auditQueryKeys } from '@/components/detail';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { emailPath } from './get-email';
import { emailQueryKeys } from './query-keys';

export function retryEmail(eid: string): Promise<TEmailRetryResult> {
  return apiRequest<TEmailRetryResult>(`${emailPath(eid)}/retry`, { method: 'POST', body: {} });
}

/** Sends a failed e-mail back to the outbox; the list and the open detail refresh. */
export function useRetryEmail(eid: string) {
  return useInvalidatingMutation({
    mutationFn: () => retryEmail(eid),
    invalidates: () => [emailQueryKeys.all, auditQueryKeys.record('emails', eid)],
  });
}
