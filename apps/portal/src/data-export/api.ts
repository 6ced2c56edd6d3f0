import type { TDataExport, TDataExportState } from '@ops/contract/data-exports';
import { apiRequest } from '@ops/ui/api-client';

const exportPath = '/api/data-export';

/**
 * "Download our data" (issue 35), for the signed-in user's member: the newest export and whether
 * this user may ask for one (owners and admins), and asking for one. The ZIP itself is the
 * export's `downloadUrl`, a plain link.
 */
export const dataExportApi = {
  get: () => apiRequest<TDataExportState>(exportPath),
  /** 202 with the export; one already queued or running comes back as it is. Staff: 403. */
  request: () => apiRequest<TDataExport>(exportPath, { method: 'POST' }),
};
