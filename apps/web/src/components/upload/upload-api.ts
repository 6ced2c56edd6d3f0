import type { TUploadInvalidRows, TUploadView, UploadMapping, UploadMode } from '@ops/contract';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/** Where an import's API lives and what its commit changes on other screens. */
export type UploadApi = {
  /** `/api/members/uploads` */
  basePath: string;
  /** Cache key prefix of the import ('member-uploads'). */
  key: string;
  /** Queries a commit makes stale (the imported area's lists and details). */
  invalidatesOnCommit: readonly QueryKey[];
};

const keys = (api: UploadApi) => ({
  upload: (id: string) => [api.key, id] as const,
  invalidRows: (id: string) => [api.key, id, 'invalid-rows'] as const,
});

/** How often the screen asks for progress while a step runs. */
const pollMs = 400;

/**
 * Sends the chosen file as it is (the server detects encoding and separator); the body streams
 * from the file, so a 50 MB file never sits in a string.
 */
async function uploadFile(api: UploadApi, file: File): Promise<TUploadView> {
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

export function useUpload(api: UploadApi, followUpKey: string, id: string, isPolling: boolean) {
  return useQuery({
    queryKey: keys(api).upload(id),
    queryFn: ({ signal }) => apiRequest<TUploadView>(`${api.basePath}/${id}`, { signal }),
    // While a step runs (here or in another tab), and while the commit's follow-up runs.
    refetchInterval: (query) =>
      isPolling || isUploadMoving(query.state.data, followUpKey) ? pollMs : false,
  });
}

export function useUploadFile(api: UploadApi) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(api, file),
    onSuccess: (upload) => queryClient.setQueryData(keys(api).upload(upload.id), upload),
  });
}

export function useValidateUpload(api: UploadApi, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: UploadMapping) =>
      apiRequest<TUploadView>(`${api.basePath}/${id}/validate`, { body: { mapping } }),
    onSuccess: async (upload) => {
      queryClient.setQueryData(keys(api).upload(id), upload);
      await queryClient.resetQueries({ queryKey: keys(api).invalidRows(id) });
    },
  });
}

export function useCommitUpload(api: UploadApi, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: UploadMode) =>
      apiRequest<TUploadView>(`${api.basePath}/${id}/commit`, { body: { mode } }),
    onSuccess: async (upload) => {
      queryClient.setQueryData(keys(api).upload(id), upload);
      await Promise.all(
        api.invalidatesOnCommit.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: keys(api).upload(id) }),
  });
}

const invalidRowsPage = 100;

/** The invalid rows of a validated upload, 100 at a time, by line. */
export function useInvalidRows(api: UploadApi, id: string, isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: keys(api).invalidRows(id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TUploadInvalidRows>(
        `${api.basePath}/${id}/invalid-rows?after=${pageParam}&limit=${invalidRowsPage}`,
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
    enabled: isEnabled,
  });
}

/** The download of the rejected rows (line, reason, original cells) as CSV. */
export function rejectedRowsHref(api: UploadApi, id: string): string {
  return `${api.basePath}/${id}/rejected.csv`;
}
