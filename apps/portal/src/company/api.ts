import type {
  TChangeRequestCreate,
  TChangeRequestCreated,
  TPortalChangeRequest,
  TPortalChangeRequests,
} from '@ops/contract/change-requests';
import { apiRequest } from '@ops/ui/api-client';
import { sendFile, type UploadProgress } from '../applications/documents-api';
import { membershipApi } from '../membership/api';

const documentPath = (id: string) => `/api/change-requests/${encodeURIComponent(id)}/document`;

/**
 * The member's company data and its change requests (issue 35), for the signed-in user's member:
 * read it, change it (the direct fields at once, the others as a request to staff), follow the
 * requests, attach a document to a pending one.
 */
export const companyApi = {
  get: membershipApi.company,
  /** Owners and admins only (else 403): at least one field, each by the member edit's rules. */
  requestChange: (request: TChangeRequestCreate) =>
    apiRequest<TChangeRequestCreated>('/api/change-requests', { body: request }),
  requests: () => apiRequest<TPortalChangeRequests>('/api/change-requests'),
  /** Owners and admins take back a pending request (a decided one is a 400). */
  withdraw: (id: string) =>
    apiRequest<TPortalChangeRequest>(`/api/change-requests/${encodeURIComponent(id)}/withdraw`, {
      method: 'POST',
    }),
  /** The file as the raw body, as the applications' documents (PDF, PNG, JPEG, 10 MB). */
  attachDocument: (
    id: string,
    file: File,
    options: { onProgress: (progress: UploadProgress) => void; signal?: AbortSignal },
  ) =>
    sendFile<TPortalChangeRequest>(
      `${documentPath(id)}?${new URLSearchParams({ fileName: file.name }).toString()}`,
      file,
      options,
    ),
  documentHref: documentPath,
};
