import type { TSearchParams, TSearchRequest, TSearchResponse } from '@ops/contract';

// The browser side of the search service (spec §7: POST indexes/{product}/search), with the
// errors of the Meilisearch JS client (spec §8): an API error when the service answered with
// its error JSON, a communication error when no usable answer came.

/** The search service answered with an error (Meilisearch's `{message, code, type, link}`). */
export class SearchApiError extends Error {
  override name = 'SearchApiError';
  /** e.g. invalid_api_key, index_not_found, invalid_search_q */
  readonly code: string;
  /** auth, invalid_request, internal or system */
  readonly type: string;
  /** Where the code is explained. */
  readonly link: string;
  readonly httpStatus: number;

  constructor(
    body: { message: string; code: string; type: string; link: string },
    httpStatus: number,
  ) {
    super(body.message);
    this.code = body.code;
    this.type = body.type;
    this.link = body.link;
    this.httpStatus = httpStatus;
  }
}

/** No usable answer: the network failed, or the answer was not the service's JSON. */
export class SearchCommunicationError extends Error {
  override name = 'SearchCommunicationError';

  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** What the palette and the test box may ask; the service fills in the defaults. */
export type SearchRequest = Pick<TSearchRequest, 'q'> & Partial<Omit<TSearchRequest, 'q'>>;

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

function isApiErrorBody(
  body: unknown,
): body is { message: string; code: string; type: string; link: string } {
  if (typeof body !== 'object' || body === null) return false;
  const { message, code, type, link } = body as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    typeof code === 'string' &&
    (type === undefined || typeof type === 'string') &&
    (link === undefined || typeof link === 'string')
  );
}

function isSearchResponse(body: unknown): body is TSearchResponse {
  return (
    typeof body === 'object' && body !== null && Array.isArray((body as { hits?: unknown }).hits)
  );
}

/** `host` without a trailing slash, so `${host}/indexes/…` never has two. */
function baseUrl(host: string): string {
  return host.replace(/\/+$/, '');
}

/**
 * Searches the index of `params` (from `searchParams`) with its key. Resolves with the
 * service's answer; rejects with SearchApiError or SearchCommunicationError, or with the
 * AbortError of `signal` untouched (a cancelled search is not a failure to show).
 */
export async function searchIndex(
  params: Pick<TSearchParams, 'host' | 'apiKey' | 'index'>,
  request: SearchRequest,
  signal?: AbortSignal,
  /** The fetch to use (tests); by default the browser's. */
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<TSearchResponse> {
  const url = `${baseUrl(params.host)}/indexes/${encodeURIComponent(params.index)}/search`;
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${params.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(request),
      signal: signal ?? null,
    });
    text = await response.text();
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    const reason = error instanceof Error && error.message ? `: ${error.message}` : '';
    throw new SearchCommunicationError(`The search service could not be reached${reason}`, error);
  }

  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const status = `${response.status} ${response.statusText}`.trim();
    throw new SearchCommunicationError(
      `The search service answered ${status} with a body that is not JSON.`,
      error,
    );
  }
  if (!response.ok) {
    if (isApiErrorBody(body)) {
      throw new SearchApiError(
        {
          message: body.message,
          code: body.code,
          type: body.type || 'internal',
          link: body.link || '',
        },
        response.status,
      );
    }
    throw new SearchCommunicationError(
      `The search service answered ${`${response.status} ${response.statusText}`.trim()} without an error description.`,
    );
  }
  if (!isSearchResponse(body)) {
    throw new SearchCommunicationError('The search service answered without a list of hits.');
  }
  return body;
}

/** The key was refused: it expired or was revoked, so new search parameters may help. */
export function isRefusedKeyError(error: unknown): boolean {
  return (
    error instanceof SearchApiError &&
    (error.code === 'invalid_api_key' || error.httpStatus === 401 || error.httpStatus === 403)
  );
}
