import type {
  TBulkEditPreview,
  TBulkEditRequest,
  TBulkEditResult,
  TBulkUndoResult,
} from '@ops/contract/bulk-edit';
import { apiRequest } from '@ops/ui/api-client';

/**
 * The list kit's bulk edit and undo (issue 19). The kit is shared by every area and may not
 * import a feature, so its writes live here; each takes the area's path from the list's
 * definition (`bulkEdit.apiPath`, e.g. '/api/members/bulk', and `bulkUndoPath`).
 */

/** What "Edit field" would do to the selection: counts and a sample before → after. */
export function previewBulkEdit(
  apiPath: string,
  body: Omit<TBulkEditRequest, 'previewedAt'>,
  signal?: AbortSignal,
): Promise<TBulkEditPreview> {
  return apiRequest<TBulkEditPreview>(`${apiPath}/edit/preview`, { method: 'POST', body, signal });
}

/** The change itself; rows changed after `previewedAt` are skipped and reported. */
export function runBulkEdit(apiPath: string, body: TBulkEditRequest): Promise<TBulkEditResult> {
  return apiRequest<TBulkEditResult>(`${apiPath}/edit`, { method: 'POST', body });
}

/** Gives the rows of a bulk action their previous values back (the action's undo handle). */
export function undoBulkAction(undoPath: string, operationId: string): Promise<TBulkUndoResult> {
  return apiRequest<TBulkUndoResult>(undoPath, { method: 'POST', body: { operationId } });
}
