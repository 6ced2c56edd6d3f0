import type { TUploadView } from '@ops/contract';
import { ApiError } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { uploadQueryKeys, type UploadApi } from './upload-api';

/**
 * Sends the chosen file as it is (the server detects encoding and separator); the body streams
 * from the file, so a 50 MB file never sits in a string.
 */
export async function uploadFile(api: UploadApi, file: File): Promise<TUploadView> {
  const response = await fetch(`${api.basePath}?filename=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': 'application/octet-stream' },
    body: file,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(
      error?.code ?? 'unknown',
      error?.message ?? `The server answered ${response.status}`,
      response.status,
    );
  }
  return body as TUploadView;
}

export function useUploadFile(api: UploadApi) {
  return useInvalidatingMutation({
    mutationFn: (file: File) => uploadFile(api, file),
    sets: (upload) => [[uploadQueryKeys(api).upload(upload.id), upload]],
  });
}
