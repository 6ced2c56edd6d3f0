import type {
  MemberUploadMode,
  TMemberUpload,
  TMemberUploadInvalidRows,
  TMemberUploadMapping,
} from '@ops/contract';
import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** Cache keys of the upload screen. */
export const memberUploadQueryKeys = {
  upload: (id: string) => ['member-uploads', id] as const,
  invalidRows: (id: string) => ['member-uploads', id, 'invalid-rows'] as const,
};

const base = '/api/members/uploads';

/** How often the screen asks for progress while a step runs. */
const pollMs = 400;

/**
 * Sends the chosen file as it is (the server detects encoding and separator); the body streams
 * from the file, so a 50 MB file never sits in a string.
 */
export async function uploadMembersFile(file: File): Promise<TMemberUpload> {
  const response = await fetch(`${base}?filename=${encodeURIComponent(file.name)}`, {
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
  return body as TMemberUpload;
}

export function memberUploadQueryOptions(id: string, isPolling: boolean) {
  return queryOptions({
    queryKey: memberUploadQueryKeys.upload(id),
    queryFn: ({ signal }) => apiRequest<TMemberUpload>(`${base}/${id}`, { signal }),
    // While a step runs (here or in another tab), and while the search index catches up.
    refetchInterval: (query) => {
      const upload = query.state.data;
      const isRunning =
        upload?.status === 'validating' ||
        upload?.status === 'committing' ||
        (upload?.status === 'committed' && upload.result?.searchIndexedAt === null);
      return isPolling || isRunning ? pollMs : false;
    },
  });
}

export function useMemberUpload(id: string | null, isPolling: boolean) {
  return useQuery({
    ...memberUploadQueryOptions(id ?? '', isPolling),
    enabled: id !== null,
  });
}

export function useUploadMembersFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMembersFile,
    onSuccess: (upload) =>
      queryClient.setQueryData(memberUploadQueryKeys.upload(upload.id), upload),
  });
}

export function useValidateMemberUpload(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: TMemberUploadMapping) =>
      apiRequest<TMemberUpload>(`${base}/${id}/validate`, { body: { mapping } }),
    onSuccess: async (upload) => {
      queryClient.setQueryData(memberUploadQueryKeys.upload(id), upload);
      await queryClient.resetQueries({ queryKey: memberUploadQueryKeys.invalidRows(id) });
    },
  });
}

export function useCommitMemberUpload(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: MemberUploadMode) =>
      apiRequest<TMemberUpload>(`${base}/${id}/commit`, { body: { mode } }),
    onSuccess: async (upload) => {
      queryClient.setQueryData(memberUploadQueryKeys.upload(id), upload);
      // The members list and details show the new and changed members.
      await queryClient.invalidateQueries({ queryKey: ['members'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: memberUploadQueryKeys.upload(id) }),
  });
}

const invalidRowsPage = 100;

/** The invalid rows of a validated upload, 100 at a time, by line. */
export function useInvalidRows(id: string, isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: memberUploadQueryKeys.invalidRows(id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TMemberUploadInvalidRows>(
        `${base}/${id}/invalid-rows?after=${pageParam}&limit=${invalidRowsPage}`,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
    enabled: isEnabled,
  });
}

/** The download of the rejected rows (line, reason, original cells) as CSV. */
export function rejectedRowsHref(id: string): string {
  return `${base}/${id}/rejected.csv`;
}
