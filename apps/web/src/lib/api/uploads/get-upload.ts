import type { TUploadView } from '@ops/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { uploadPath, uploadQueryKeys, type UploadApi } from './upload-api';

/** How often the screen asks for progress while a step runs. */
const pollMs = 400;

/** Whether the upload is still moving: a step runs, or the follow-up of its commit. */
export function isUploadMoving(upload: TUploadView | undefined, followUpKey: string): boolean {
  if (!upload) return false;
  const result = upload.result as Record<string, unknown> | null;
  return (
    upload.status === 'validating' ||
    upload.status === 'committing' ||
    (upload.status === 'committed' && result?.[followUpKey] === null)
  );
}

export function getUpload(api: UploadApi, id: string, signal?: AbortSignal): Promise<TUploadView> {
  return apiRequest<TUploadView>(uploadPath(api, id), { signal });
}

export function uploadQueryOptions(
  api: UploadApi,
  followUpKey: string,
  id: string,
  isPolling: boolean,
) {
  return queryOptions({
    queryKey: uploadQueryKeys(api).upload(id),
    queryFn: ({ signal }) => getUpload(api, id, signal),
    // While a step runs (here or in another tab), and while the commit's follow-up runs.
    refetchInterval: (query) =>
      isPolling || isUploadMoving(query.state.data, followUpKey) ? pollMs : false,
  });
}

export function useUpload(api: UploadApi, followUpKey: string, id: string, isPolling: boolean) {
  return useQuery(uploadQueryOptions(api, followUpKey, id, isPolling));
}
