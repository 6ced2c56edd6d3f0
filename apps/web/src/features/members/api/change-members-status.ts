import type {
  TListSelection,
  TMembersBulkStatusRequest,
  TMembersBulkStatusResult,
} from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';

/** Changes the status of the selected members, each with the reason in its history. */
export function changeMembersStatus(
  selection: TListSelection,
  status: TMembersBulkStatusRequest['status'],
  reason: string,
): Promise<TMembersBulkStatusResult> {
  return apiRequest<TMembersBulkStatusResult>('/api/members/bulk/status', {
    method: 'POST',
    body: { selection, status, reason },
  });
}
