import type { TUserBulkResult, TUserBulkSelection } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';

/** Disables or enables the selected users (or every user the view matches). */
export function setUsersDisabled(
  selection: TUserBulkSelection,
  disabled: boolean,
): Promise<TUserBulkResult> {
  return apiRequest<TUserBulkResult>('/api/users/bulk/disabled', {
    method: 'POST',
    body: { selection, disabled },
  });
}
