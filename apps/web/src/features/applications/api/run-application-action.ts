import type { TApplicationActionRequest, TApplicationActionResult } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { applicationWritten } from './application-written';
import { applicationPath } from './get-application';

export function runApplicationAction(
  aid: string,
  request: TApplicationActionRequest,
): Promise<TApplicationActionResult> {
  return apiRequest<TApplicationActionResult>(`${applicationPath(aid)}/actions`, {
    method: 'POST',
    body: request,
  });
}

/** One step of the review workflow; answers the application as it now is and the outcome. */
export function useApplicationAction(aid: string) {
  return useInvalidatingMutation({
    mutationFn: (request: TApplicationActionRequest) => runApplicationAction(aid, request),
    ...applicationWritten(aid, (result: TApplicationActionResult) => result.application),
  });
}
