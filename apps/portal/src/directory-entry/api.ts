import type { TDirectoryEntry, TDirectoryEntryUpdate } from '@ops/contract/directory';
import { apiRequest } from '@ops/ui/api-client';

/**
 * The member's entry in the public directory (issue 35), for the signed-in user's member: read
 * it (with its preview and why the public does not see it), and, for owners and admins (else
 * 403), list it or not and choose what it shows, at the version read (409 when stale).
 */
export const directoryEntryApi = {
  get: () => apiRequest<TDirectoryEntry>('/api/directory-entry'),
  save: (update: TDirectoryEntryUpdate) =>
    apiRequest<TDirectoryEntry>('/api/directory-entry', { method: 'PUT', body: update }),
};
