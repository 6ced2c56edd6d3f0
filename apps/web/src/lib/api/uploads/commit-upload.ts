import type { TUploadView, UploadMode } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { uploadPath, uploadQueryKeys, type UploadApi } from './upload-api';

/** Writes the valid rows in the chosen mode. */
export function commitUpload(api: UploadApi, id: string, mode: UploadMode) {
  return apiRequest<TUploadView>(`${uploadPath(api, id)}/commit`, { body: { mode } });
}

export function useCommitUpload(api: UploadApi, id: string) {
  return useInvalidatingMutation({
    mutationFn: (mode: UploadMode) => commitUpload(api, id, mode),
    sets: (upload) => [[uploadQueryKeys(api).upload(id), upload]],
    // Awaited: the imported area's screens are stale once the commit is reported.
    onSuccess: (_upload, _mode, queryClient) =>
      Promise.all(
        api.invalidatesOnCommit.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
    onError: (_error, _mode, queryClient) =>
      queryClient.invalidateQueries({ queryKey: uploadQueryKeys(api).upload(id) }),
  });
}
