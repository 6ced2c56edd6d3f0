import type { TApplicationDetail } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { applicationWritten } from './application-written';
import { documentHref } from './get-application';

export type DocumentDeletion = { documentId: string; version: number };

/** Deletes a stored document; answers the application as it now is. */
export function deleteDocument(
  aid: string,
  { documentId, version }: DocumentDeletion,
): Promise<TApplicationDetail> {
  return apiRequest<TApplicationDetail>(`${documentHref(aid, documentId)}?version=${version}`, {
    method: 'DELETE',
  });
}

export function useDeleteDocument(aid: string) {
  return useInvalidatingMutation({
    mutationFn: (deletion: DocumentDeletion) => deleteDocument(aid, deletion),
    ...applicationWritten(aid, (application: TApplicationDetail) => application),
  });
}
