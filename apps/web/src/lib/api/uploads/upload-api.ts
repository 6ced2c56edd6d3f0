import type { QueryKey } from '@tanstack/react-query';
import { areaKeys } from '@/lib/query-keys';

/** Where an import's API lives and what its commit changes on other screens. */
export type UploadApi = {
  /** `/api/members/uploads` */
  basePath: string;
  /** Cache key root of the import ('member-uploads'). */
  key: string;
  /** Queries a commit makes stale (the imported area's lists and details). */
  invalidatesOnCommit: readonly QueryKey[];
};

/** Cache keys of an import's uploads: one upload, and its invalid rows under it. */
export function uploadQueryKeys(api: UploadApi) {
  const keys = areaKeys(api.key);
  return {
    upload: (id: string) => keys.detail(id),
    invalidRows: (id: string) => [...keys.detail(id), 'invalid-rows'] as const,
  };
}

export const uploadPath = (api: UploadApi, id: string) => `${api.basePath}/${id}`;
