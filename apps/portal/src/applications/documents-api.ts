import type {
  TPortalApplication,
  TPortalDocumentUploadResult,
} from '@ops/contract/portal-applications';
import { ApiError, apiRequest } from '@ops/ui/api-client';

export type UploadProgress = { loaded: number; total: number };

/** The error answer of an XHR as the API client's ApiError; none when the body is not one. */
function apiErrorOf(request: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(request.responseText) as {
      error?: { code: string; message: string; issues?: ApiError['issues'] };
    };
    if (body.error) {
      return new ApiError(body.error.code, body.error.message, request.status, body.error.issues);
    }
  } catch {
    // Not JSON: a proxy's page, say; the status still says what happened.
  }
  return new ApiError(
    request.status === 413 ? 'payload-too-large' : 'unknown',
    request.statusText,
    request.status,
  );
}

const base = (aid: string) => `/api/applications/${encodeURIComponent(aid)}/documents`;

/**
 * Sends a file as it is (the raw body, its own content type) through XMLHttpRequest, whose
 * `upload.onprogress` reports the bytes sent, which `fetch` cannot; it rejects like
 * `apiRequest` (ApiError, or a TypeError when no answer came). The applicant's documents and
 * the association's endorsement letter both go this way.
 */
export function sendFile<Result>(
  url: string,
  file: File,
  options: { onProgress: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    // The server judges the file by its bytes; the type only picks its raw-body parser.
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      options.onProgress({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : file.size,
      });
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        options.onProgress({ loaded: file.size, total: file.size });
        resolve(JSON.parse(request.responseText) as Result);
      } else {
        reject(apiErrorOf(request));
      }
    };
    request.onerror = () => reject(new TypeError('The upload did not reach the server.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort());
    request.send(file);
  });
}

/** The portal's documents calls. */
export const documentsApi = {
  upload(
    aid: string,
    file: File,
    options: {
      type: string;
      replaces?: string | null;
      onProgress: (progress: UploadProgress) => void;
      signal?: AbortSignal;
    },
  ): Promise<TPortalDocumentUploadResult> {
    const query = new URLSearchParams({ type: options.type, fileName: file.name });
    if (options.replaces) query.set('replaces', options.replaces);
    return sendFile(`${base(aid)}?${query.toString()}`, file, options);
  },
  remove: (aid: string, id: string) =>
    apiRequest<TPortalApplication>(`${base(aid)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
