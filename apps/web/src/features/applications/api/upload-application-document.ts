import type { ApplicationDocumentType, TApplicationDocumentUploadResult } from '@ops/contract';
import { ApiError } from '@ops/ui/api-client';
import { useInvalidatingMutation } from '@/lib/mutation';
import { applicationWritten } from './application-written';
import { applicationPath } from './get-application';

/** The API's error answer of a non-JSON request (an upload), as apiRequest reads it. */
async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as {
      error?: { code: string; message: string; issues?: ApiError['issues'] };
    };
    if (body.error) {
      return new ApiError(body.error.code, body.error.message, response.status, body.error.issues);
    }
  } catch {
    // Not JSON: described by its status below.
  }
  return new ApiError('unknown', `The server answered ${response.status}`, response.status);
}

export async function uploadDocument(
  aid: string,
  type: ApplicationDocumentType,
  file: File,
): Promise<TApplicationDocumentUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await fetch(
    `${applicationPath(aid)}/documents?type=${encodeURIComponent(type)}`,
    {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    },
  );
  if (!response.ok) throw await errorOf(response);
  return (await response.json()) as TApplicationDocumentUploadResult;
}

export function useUploadDocument(aid: string) {
  const { sets, invalidates } = applicationWritten(
    aid,
    (result: TApplicationDocumentUploadResult) => result.application,
  );
  return useInvalidatingMutation({
    mutationFn: ({ type, file }: { type: ApplicationDocumentType; file: File }) =>
      uploadDocument(aid, type, file),
    sets,
    invalidates,
  });
}
