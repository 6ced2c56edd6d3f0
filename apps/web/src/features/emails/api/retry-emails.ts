import type { TEmailsBulkRetryResult, TListSelection } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';

/** Sends the failed e-mails of a selection back to the outbox (the list's bulk action). */
export function retryEmails(selection: TListSelection): Promise<TEmailsBulkRetryResult> {
  return apiRequest<TEmailsBulkRetryResult>('/api/emails/bulk/retry', {
    method: 'POST',
    body: { selection },
  });
}
