import * as contract from '@ops/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callableCodeByHttpStatus,
  callableTimeoutMs,
  callFunction,
  codeForHttpStatus,
  FunctionsError,
  isFunctionsError,
} from './callable';

type FetchCall = { url: string; init: RequestInit };

/** A fetch answering `body` (a string is sent as is, anything else as JSON) with `status`. */
function answering(status: number, body: unknown) {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

/** The FunctionsError a call rejects with (fails the test if it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<FunctionsError> {
  const error = await promise.then(
    () => expect.fail('the call should have failed'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FunctionsError);
  return error as FunctionsError;
}

afterEach(() => vi.useRealTimers());

describe('callFunction', () => {
  it('POSTs {"data": …} to /functions/{name} with the session cookie, and resolves with result', async () => {
    const { fetch, calls } = answering(200, { result: { host: 'h', apiKey: 'k' } });
    await expect(callFunction('searchParams', { a: 1 }, { fetch })).resolves.toEqual({
      host: 'h',
      apiKey: 'k',
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/functions/searchParams');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.credentials).toBe('same-origin');
    expect(call?.init.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(String(call?.init.body))).toEqual({ data: { a: 1 } });
  });

  it('sends undefined input as null, as the SDK encodes it', async () => {
    const { fetch, calls } = answering(200, { result: null });
    await expect(callFunction('f', undefined, { fetch })).resolves.toBeNull();
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ data: null });
  });

  it('accepts the legacy `data` field of the answer', async () => {
    const { fetch } = answering(200, { data: 42 });
    await expect(callFunction('f', {}, { fetch })).resolves.toBe(42);
  });

  it('treats any 2xx status as success', async () => {
    const { fetch } = answering(202, { result: 'ok' });
    await expect(callFunction('f', {}, { fetch })).resolves.toBe('ok');
  });

  it.each(Object.entries(callableCodeByHttpStatus).map(([status, code]) => [Number(status), code]))(
    'maps HTTP %i without an error body to %s, the code as message',
    async (status, code) => {
      const { fetch } = answering(status, 'not json');
      const error = await failureOf(callFunction('f', {}, { fetch }));
      expect(error.code).toBe(code);
      expect(error.message).toBe(code);
    },
  );

  it.each([418, 502, 302])('maps any other status (%i) to unknown', async (status) => {
    const { fetch } = answering(status, {});
    expect((await failureOf(callFunction('f', {}, { fetch }))).code).toBe('unknown');
  });

  it('refines code, message and details from the error body', async () => {
    const { fetch } = answering(400, {
      error: { status: 'UNAUTHENTICATED', message: 'Sign in first.', details: { why: 'x' } },
    });
    const error = await failureOf(callFunction('f', {}, { fetch }));
    expect(error.code).toBe('unauthenticated');
    expect(error.message).toBe('Sign in first.');
    expect(error.details).toEqual({ why: 'x' });
  });

  it('uses the status string as message when the error body has none', async () => {
    const { fetch } = answering(500, { error: { status: 'FAILED_PRECONDITION' } });
    const error = await failureOf(callFunction('f', {}, { fetch }));
    expect(error.code).toBe('failed-precondition');
    expect(error.message).toBe('FAILED_PRECONDITION');
  });

  it('keeps the HTTP code and takes the message when the error body has no status', async () => {
    const { fetch } = answering(403, { error: { message: 'Operators only.' } });
    const error = await failureOf(callFunction('f', {}, { fetch }));
    expect(error.code).toBe('permission-denied');
    expect(error.message).toBe('Operators only.');
  });

  it('fails as internal when the error body names an unknown status', async () => {
    const { fetch } = answering(400, { error: { status: 'NO_SUCH_STATUS', message: 'x' } });
    const error = await failureOf(callFunction('f', {}, { fetch }));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('internal');
  });

  it('fails on an error body even with a 200 status', async () => {
    const { fetch } = answering(200, { error: { status: 'NOT_FOUND', message: 'No such.' } });
    const error = await failureOf(callFunction('f', {}, { fetch }));
    expect(error.code).toBe('not-found');
    expect(error.message).toBe('No such.');
  });

  it('succeeds when the error body says OK (the SDK does the same)', async () => {
    const { fetch } = answering(200, { error: { status: 'OK' }, result: 1 });
    await expect(callFunction('f', {}, { fetch })).resolves.toBe(1);
  });

  it.each([
    ['text', 'hello'],
    ['an empty body', ''],
    ['a JSON array', [1, 2]],
    ['a JSON string', '"result"'],
    ['JSON null', 'null'],
  ])('fails as internal when a 2xx answer is %s', async (_case, body) => {
    const { fetch } = answering(200, body);
    const error = await failureOf(callFunction('f', {}, { fetch }));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Response is not valid JSON object.');
  });

  it('fails as internal when the answer has neither result nor data', async () => {
    const { fetch } = answering(200, { other: 1 });
    const error = await failureOf(callFunction('f', {}, { fetch }));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('Response is missing data field.');
  });

  it('fails as internal, saying so, when no answer came (network failure)', async () => {
    const cause = new TypeError('Failed to fetch');
    const fetch = vi.fn(() => Promise.reject(cause)) as unknown as typeof globalThis.fetch;
    const error = await failureOf(callFunction('f', {}, { fetch }));
    expect(error.code).toBe('internal');
    expect(error.message).toMatch(/network failure/);
    expect(error.cause).toBe(cause);
  });

  it('fails as deadline-exceeded after 70 000 ms by default, and aborts the request', async () => {
    vi.useFakeTimers();
    expect(callableTimeoutMs).toBe(70_000);
    let requestSignal: AbortSignal | undefined;
    // A server that never answers, nor reacts to the abort.
    const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      requestSignal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    }) as unknown as typeof globalThis.fetch;
    const call = failureOf(callFunction('f', {}, { fetch }));
    await vi.advanceTimersByTimeAsync(69_999);
    expect(requestSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(error.code).toBe('deadline-exceeded');
    expect(requestSignal?.aborted).toBe(true);
  });

  it('honours a shorter timeout, including a body that never ends', async () => {
    vi.useFakeTimers();
    const neverEndingBody = new ReadableStream({ start: () => undefined });
    const fetch = vi.fn(
      async () => new Response(neverEndingBody, { status: 200 }),
    ) as unknown as typeof globalThis.fetch;
    const call = failureOf(callFunction('f', {}, { fetch, timeoutMs: 5_000 }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await call).code).toBe('deadline-exceeded');
  });

  it('clears its timer once answered', async () => {
    vi.useFakeTimers();
    const { fetch } = answering(200, { result: 1 });
    await callFunction('f', {}, { fetch });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails as cancelled when the caller aborts, already or while waiting', async () => {
    const fetch = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError')));
        }),
    ) as unknown as typeof globalThis.fetch;
    const controller = new AbortController();
    const call = failureOf(callFunction('f', {}, { fetch, signal: controller.signal }));
    controller.abort();
    expect((await call).code).toBe('cancelled');

    const before = failureOf(callFunction('f', {}, { fetch, signal: AbortSignal.abort() }));
    expect((await before).code).toBe('cancelled');
  });

  it('encodes the function name in the path', async () => {
    const { fetch, calls } = answering(200, { result: 1 });
    await callFunction('a/b', {}, { fetch });
    expect(calls[0]?.url).toBe('/functions/a%2Fb');
  });
});

describe('codeForHttpStatus and isFunctionsError', () => {
  it('reads 2xx as ok and 0 (no answer) as unknown', () => {
    expect(codeForHttpStatus(200)).toBe('ok');
    expect(codeForHttpStatus(299)).toBe('ok');
    expect(codeForHttpStatus(0)).toBe('unknown');
  });

  it('recognises a FunctionsError, optionally by code', () => {
    const error = new FunctionsError('not-found', 'x');
    expect(isFunctionsError(error)).toBe(true);
    expect(isFunctionsError(error, 'not-found')).toBe(true);
    expect(isFunctionsError(error, 'internal')).toBe(false);
    expect(isFunctionsError(new Error('x'))).toBe(false);
  });
});

describe('copies of contract values', () => {
  it('the status table matches the contract (HTTP status → STATUS → code)', () => {
    const fromContract = Object.fromEntries(
      Object.entries(contract.callableStatusByHttpStatus).map(([status, name]) => [
        status,
        name.toLowerCase().replaceAll('_', '-'),
      ]),
    );
    expect(callableCodeByHttpStatus).toEqual(fromContract);
    expect(callableTimeoutMs).toBe(contract.constants.functionTimeoutMs);
  });
});
