// The callable protocol of the cloud functions (spec §7, §8), with the semantics of the Firebase
// JS SDK's functions client: `POST /functions/{name}` with `{"data": …}`, answered
// `{"result": …}` or `{"error": {status, message, details?}}`. Only types may come from
// @ops/contract here (see api-client.ts); the status table is mirrored and checked by a test.

/** The callable error codes (gRPC's, written the Firebase way). */
export type FunctionsErrorCode =
  | 'ok'
  | 'cancelled'
  | 'unknown'
  | 'invalid-argument'
  | 'deadline-exceeded'
  | 'not-found'
  | 'already-exists'
  | 'permission-denied'
  | 'resource-exhausted'
  | 'failed-precondition'
  | 'aborted'
  | 'out-of-range'
  | 'unimplemented'
  | 'internal'
  | 'unavailable'
  | 'data-loss'
  | 'unauthenticated';

/** Spec §9: a call that has not answered after this long fails as 'deadline-exceeded'. */
export const callableTimeoutMs = 70_000;

/** Spec §8's table: the code of an HTTP status (any other non-2xx status is 'unknown'). */
export const callableCodeByHttpStatus = {
  400: 'invalid-argument',
  401: 'unauthenticated',
  403: 'permission-denied',
  404: 'not-found',
  409: 'aborted',
  429: 'resource-exhausted',
  499: 'cancelled',
  500: 'internal',
  501: 'unimplemented',
  503: 'unavailable',
  504: 'deadline-exceeded',
} as const satisfies Record<number, FunctionsErrorCode>;

/** The `status` of an error body (`UNAUTHENTICATED`) → its code (`unauthenticated`). */
const codeByErrorStatus: Record<string, FunctionsErrorCode> = {
  OK: 'ok',
  CANCELLED: 'cancelled',
  UNKNOWN: 'unknown',
  INVALID_ARGUMENT: 'invalid-argument',
  DEADLINE_EXCEEDED: 'deadline-exceeded',
  NOT_FOUND: 'not-found',
  ALREADY_EXISTS: 'already-exists',
  PERMISSION_DENIED: 'permission-denied',
  RESOURCE_EXHAUSTED: 'resource-exhausted',
  FAILED_PRECONDITION: 'failed-precondition',
  ABORTED: 'aborted',
  OUT_OF_RANGE: 'out-of-range',
  UNIMPLEMENTED: 'unimplemented',
  INTERNAL: 'internal',
  UNAVAILABLE: 'unavailable',
  DATA_LOSS: 'data-loss',
  UNAUTHENTICATED: 'unauthenticated',
};

/** A failed call of a cloud function. */
export class FunctionsError extends Error {
  override name = 'FunctionsError';
  readonly code: FunctionsErrorCode;
  /** What the function attached to its error, if anything. */
  readonly details: unknown;

  constructor(code: FunctionsErrorCode, message: string, details?: unknown, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.details = details;
  }
}

/** True for a failed function call, optionally one with the given code. */
export function isFunctionsError(
  error: unknown,
  code?: FunctionsErrorCode,
): error is FunctionsError {
  return error instanceof FunctionsError && (code === undefined || error.code === code);
}

export function codeForHttpStatus(status: number): FunctionsErrorCode {
  if (status >= 200 && status < 300) return 'ok';
  return (callableCodeByHttpStatus as Record<number, FunctionsErrorCode>)[status] ?? 'unknown';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error an answer stands for, or null for a success: the HTTP status gives the code, and an
 * `error` member in the body refines code, message and details. As in the SDK, the body is read
 * whatever the status, and an unknown `status` string is an 'internal' error.
 */
export function errorForResponse(status: number, body: unknown): FunctionsError | null {
  let code = codeForHttpStatus(status);
  let message: string = code;
  let details: unknown;
  const error = isObject(body) ? body.error : undefined;
  if (isObject(error)) {
    if (typeof error.status === 'string') {
      const refined = codeByErrorStatus[error.status];
      if (refined === undefined) return new FunctionsError('internal', 'internal');
      code = refined;
      message = error.status;
    }
    if (typeof error.message === 'string') message = error.message;
    details = error.details;
  }
  return code === 'ok' ? null : new FunctionsError(code, message, details);
}

export type CallFunctionOptions = {
  /** Spec §9: 70 000 ms by default. */
  timeoutMs?: number;
  /** The fetch to use (tests); by default the browser's. */
  fetch?: typeof fetch;
  /** Aborting it fails the call as 'cancelled'. */
  signal?: AbortSignal;
};

/** What the function answered: its status and JSON body (null when the body was not JSON). */
type RawAnswer = { status: number; body: unknown };

async function post(
  fetchImpl: typeof fetch,
  url: string,
  data: unknown,
  signal: AbortSignal,
): Promise<RawAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ data: data === undefined ? null : data }),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    // The SDK reports this as 'internal' too: without an answer there is no telling a network
    // failure from a server that crashed before answering. Our message says which it was.
    throw new FunctionsError(
      'internal',
      'The function could not be reached: no answer came back (network failure).',
      undefined,
      error,
    );
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    if (signal.aborted) throw signal.reason;
    // A body that is not JSON is judged below like an empty one.
  }
  return { status: response.status, body };
}

/**
 * Calls the cloud function `name` with `data` (spec §7), authenticated by the session cookie.
 * Resolves with the function's `result`; rejects with a FunctionsError whose code follows
 * spec §8 (HTTP status, refined by the error body), 'deadline-exceeded' after the timeout,
 * 'cancelled' when `signal` aborts, 'internal' for a network failure or a malformed answer.
 */
export async function callFunction<TResult>(
  name: string,
  data: unknown,
  options: CallFunctionOptions = {},
): Promise<TResult> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? callableTimeoutMs;
  // One controller stops the request for either reason; `reason` tells them apart below.
  const controller = new AbortController();
  const timedOut = new FunctionsError('deadline-exceeded', 'deadline-exceeded');
  const cancelled = new FunctionsError('cancelled', 'The call was cancelled.', undefined);
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  const onAbort = () => controller.abort(cancelled);
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });

  // A fetch that ignores its signal (or a body that never ends) still loses this race.
  const stopped = new Promise<never>((_resolve, reject) => {
    const fail = () => reject(controller.signal.reason);
    if (controller.signal.aborted) fail();
    controller.signal.addEventListener('abort', fail, { once: true });
  });
  stopped.catch(() => undefined); // only observed through the race below

  let answer: RawAnswer;
  try {
    answer = await Promise.race([
      post(fetchImpl, `/functions/${encodeURIComponent(name)}`, data, controller.signal),
      stopped,
    ]);
  } catch (error) {
    if (error instanceof FunctionsError) throw error;
    throw new FunctionsError('internal', 'internal', undefined, error);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  const error = errorForResponse(answer.status, answer.body);
  if (error) throw error;
  if (!isObject(answer.body)) {
    throw new FunctionsError('internal', 'Response is not valid JSON object.');
  }
  // `result` is the protocol's field; `data` is what early versions of it answered.
  const result = answer.body.result !== undefined ? answer.body.result : answer.body.data;
  if (result === undefined) throw new FunctionsError('internal', 'Response is missing data field.');
  return result as TResult;
}
