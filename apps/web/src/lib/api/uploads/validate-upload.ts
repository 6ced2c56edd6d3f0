import type { TUploadView, UploadMapping } from '@ops/contract';
import { apiRequest } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { uploadPath, uploadQueryKeys, type UploadApi } from './upload-api';

/** Checks every row against the mapping; the upload then reports its progress and outcome. */
export function validateUpload(api: UploadApi, id: string, mapping: UploadMapping) {
  return apiRequest<TUploadView>(`${uploadPath(api, id)}/validate`, { body: { mapping } });
}

export function useValidateUpload(api: UploadApi, id: string) {
  return useInvalidatingMutation({
    mutationFn: (mapping: UploadMapping) => validateUpload(api, id, mapping),
    sets: (upload) => [[uploadQueryKeys(api).upload(id), upload]],
    // The invalid rows of an earlier validation are gone: start again from the first page.
    onSuccess: (_upload, _mapping, queryClient) =>
      queryClient.resetQueries({ queryKey: uploadQueryKeys(api).invalidRows(id) }),
  });
}
