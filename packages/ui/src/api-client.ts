import type { TFieldIssue } from '@ops/contract';
import { backgroundRequestHeader, isPersonIdle } from './activity';

// Only types come from @ops/contract in browser code that every visitor loads: a value import
// pulls its zod schemas into the bundle (about 25 KB gzip), which the sign-in budget cannot pay.

/** An error answer of the API (`{"error": {"code", "message", "issues"?}}`), or a broken answer. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The contract's error code ('auth/wrong-password', 'unauthenticated', ...). */
  readonly code: string;
  /** HTTP status of the answer. */
  readonly status: number;
  /** Validation problems, one per field, when the request was refused as invalid. */
  readonly issues: TFieldIssue[] | undefined;

  constructor(code: string, message: string, status: number, issues?: TFieldIssue[]) {
    super(message);
    this.code = code;
    this.status = status;
    this.issues = issues;
  }
}

/** True for an API error answer, optionally one with the given code. */
export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type ErrorBody = { error: { code: string; message: string; issues?: TFieldIssue[] } };

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const { error } = body;
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    'message' in error &&
    typeof error.message === 'string'
  );
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON payload of a POST, PATCH or DELETE; one without a payload sends `{}`. */
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Calls the API of apps/server: JSON both ways, the session cookie sent along. Resolves with the
 * answer's JSON (typed by the caller from the contract); rejects with an ApiError for an error
 * answer, or with fetch's TypeError when no answer came (see isNetworkError).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal: options.signal ?? null,
  };
  if (method === 'GET' && isPersonIdle()) {
    init.headers = { ...init.headers, [backgroundRequestHeader]: '1' };
  }
  if (method !== 'GET') {
    // An empty body with a JSON content type is refused by the server, so send an empty object.
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = JSON.stringify(options.body ?? {});
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    if (isErrorBody(body)) {
      const { code, message, issues } = body.error;
      throw new ApiError(code, message, response.status, issues);
    }
    throw new ApiError(
      'unknown',
      `The server answered ${response.status} ${response.statusText}`.trim(),
      response.status,
    );
  }
  if (body === undefined) {
    // Spec §8's wording for an answer that is not JSON.
    throw new ApiError('internal', 'Response is not valid JSON object.', response.status);
  }
  return body as T;
}
