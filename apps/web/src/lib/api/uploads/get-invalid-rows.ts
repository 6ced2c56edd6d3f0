import type { TUploadInvalidRows } from '@ops/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@ops/ui/api-client';
import { uploadPath, uploadQueryKeys, type UploadApi } from './upload-api';

const invalidRowsPage = 100;

export function getInvalidRows(
  api: UploadApi,
  id: string,
  after: number,
  signal?: AbortSignal,
): Promise<TUploadInvalidRows> {
  return apiRequest<TUploadInvalidRows>(
    `${uploadPath(api, id)}/invalid-rows?after=${after}&limit=${invalidRowsPage}`,
    { signal },
  );
}

export function invalidRowsQueryOptions(api: UploadApi, id: string) {
  return infiniteQueryOptions({
    queryKey: uploadQueryKeys(api).invalidRows(id),
    queryFn: ({ pageParam, signal }) => getInvalidRows(api, id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
  });
}

/** The invalid rows of a validated upload, 100 at a time, by line. */
export function useInvalidRows(api: UploadApi, id: string, isEnabled: boolean) {
  return useInfiniteQuery({ ...invalidRowsQueryOptions(api, id), enabled: isEnabled });
}

/** The download of the rejected rows (line, reason, original cells) as CSV. */
export function rejectedRowsHref(api: UploadApi, id: string): string {
  return `${uploadPath(api, id)}/rejected.csv`;
}
