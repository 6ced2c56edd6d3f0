import type {
  TEndorsement,
  TEndorsementDecisionRequest,
  TEndorsementRequestList,
} from '@ops/contract/portal-endorsements';
import { apiRequest } from '@ops/ui/api-client';
import { sendFile, type UploadProgress } from '../applications/documents-api';

const base = (token: string) => `/api/endorsements/${encodeURIComponent(token)}`;

/** The national association's endorsement link (the operating contract's `/api/endorsements`). */
export const endorsementApi = {
  get: (token: string) => apiRequest<TEndorsement>(base(token)),
  answer: (token: string, answer: TEndorsementDecisionRequest) =>
    apiRequest<TEndorsement>(base(token), { body: answer }),
  attachLetter: (token: string, file: File, onProgress: (progress: UploadProgress) => void) =>
    sendFile<TEndorsement>(
      `${base(token)}/letter?${new URLSearchParams({ fileName: file.name }).toString()}`,
      file,
      { onProgress },
    ),
  /** What waits for the signed-in person's association (its owner and admin users). */
  requests: () => apiRequest<TEndorsementRequestList>('/api/endorsement-requests'),
  documentHref: (token: string, id: string) => `${base(token)}/documents/${encodeURIComponent(id)}`,
};
