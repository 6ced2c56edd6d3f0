import type {
  ApplicationDocumentType,
  TApplicationActionRequest,
  TApplicationActionResult,
  TApplicationDetail,
  TApplicationDocumentUploadResult,
} from '@ops/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isVersionConflict } from '@/components/detail/conflict-notice';
import { auditQueryKeys } from '@/components/detail/record-history';
import { useRecordFollowsChanges } from '@/components/detail/use-record-follows-changes';
import { ApiError, apiRequest } from '@/lib/api-client';

/** Cache keys of one application's detail (apart from the list's root, 'applications'). */
export const applicationQueryKeys = {
  detail: (aid: string) => ['application', aid],
} as const;

/** The cache roots of the lists an application's change shows in. */
const listRoots = [['applications'], ['members'], ['invoices']];

export const applicationPath = (aid: string) => `/api/applications/${encodeURIComponent(aid)}`;

/** Where a stored document's bytes are served (inline, with its content type). */
export function documentHref(aid: string, documentId: string): string {
  return `${applicationPath(aid)}/documents/${encodeURIComponent(documentId)}`;
}

export function applicationQueryOptions(aid: string) {
  return queryOptions({
    queryKey: applicationQueryKeys.detail(aid),
    queryFn: ({ signal }) => apiRequest<TApplicationDetail>(applicationPath(aid), { signal }),
  });
}

export function useApplication(aid: string) {
  return useQuery(applicationQueryOptions(aid));
}

/** After a write: show the answer at once, refetch its history and the lists it shows in. */
function useAfterWrite(aid: string) {
  const queryClient = useQueryClient();
  return {
    onSuccess: (application: TApplicationDetail) => {
      queryClient.setQueryData(applicationQueryKeys.detail(aid), application);
      void queryClient.invalidateQueries({ queryKey: auditQueryKeys.record('applications', aid) });
      for (const queryKey of listRoots) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (error: unknown) => {
      // Someone changed it meanwhile: fetch what it is now, so the person sees it.
      if (isVersionConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: applicationQueryKeys.detail(aid) });
      }
    },
  };
}

/** One step of the review workflow; answers the application as it now is and the outcome. */
export function useApplicationAction(aid: string) {
  const after = useAfterWrite(aid);
  return useMutation({
    mutationFn: (request: TApplicationActionRequest) =>
      apiRequest<TApplicationActionResult>(`${applicationPath(aid)}/actions`, {
        method: 'POST',
        body: request,
      }),
    onSuccess: (result) => after.onSuccess(result.application),
    onError: after.onError,
  });
}

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
  const after = useAfterWrite(aid);
  return useMutation({
    mutationFn: ({ type, file }: { type: ApplicationDocumentType; file: File }) =>
      uploadDocument(aid, type, file),
    onSuccess: (result) => after.onSuccess(result.application),
  });
}

export function useDeleteDocument(aid: string) {
  const after = useAfterWrite(aid);
  return useMutation({
    mutationFn: ({ documentId, version }: { documentId: string; version: number }) =>
      apiRequest<TApplicationDetail>(`${documentHref(aid, documentId)}?version=${version}`, {
        method: 'DELETE',
      }),
    onSuccess: after.onSuccess,
    onError: after.onError,
  });
}

/**
 * Keeps the open application current: a change by anyone else (or changes that may have been
 * missed while disconnected) refetches it and its history within about a second; a change of
 * its member or invoices refetches the detail (their numbers and status show on it).
 */
export function useApplicationFollowChanges(aid: string) {
  useRecordFollowsChanges({
    table: 'applications',
    id: aid,
    queryKey: applicationQueryKeys.detail(aid),
    relatedTables: ['members', 'invoices'],
  });
}
