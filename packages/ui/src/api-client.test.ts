import { afterEach, describe, expect, it, vi } from 'vitest';
import * as contract from '@ops/contract';
import { backgroundRequestHeader, noteActivity, personIdleAfterMs } from './activity';
import { apiRequest, ApiError, isApiError } from './api-client';

function answer(status: number, body: string, statusText = '') {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(body, { status, statusText }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('GETs JSON with the session cookie and returns the answer', async () => {
    const fetch = answer(200, '{"uid":"u1"}');
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('/api/auth/me')).resolves.toEqual({ uid: 'u1' });
    const [path, init] = fetch.mock.calls[0] ?? [];
    expect(path).toBe('/api/auth/me');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
    expect(init?.body).toBeUndefined();
  });

  it('marks the reads made while the person is away, never the writes', async () => {
    expect(backgroundRequestHeader).toBe(contract.backgroundRequestHeader);
    vi.useFakeTimers();
    try {
      const fetch = answer(200, '{"ok":true}');
      vi.stubGlobal('fetch', fetch);
      noteActivity();
      await apiRequest('/api/members');
      vi.advanceTimersByTime(personIdleAfterMs + 1);
      await apiRequest('/api/members');
      await apiRequest('/api/members/bulk/status', { body: {} });
      noteActivity();
      await apiRequest('/api/members');
      const marked = fetch.mock.calls.map(
        ([, init]) => (init?.headers as Record<string, string>)[backgroundRequestHeader],
      );
      expect(marked).toEqual([undefined, '1', undefined, undefined]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('POSTs a JSON body, and {} when there is none', async () => {
    const fetch = answer(200, '{"ok":true}');
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/api/auth/methods', { body: { email: 'a@b.org' } });
    await apiRequest('/api/auth/sign-out', { method: 'POST' });
    const [first, second] = fetch.mock.calls.map(([, init]) => init);
    expect(first).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"a@b.org"}',
    });
    expect(second).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('throws the error answer as an ApiError with code, message, status and issues', async () => {
    const issues = [{ path: 'body.email', rule: 'invalid_format', message: 'Must be valid' }];
    vi.stubGlobal(
      'fetch',
      answer(400, JSON.stringify({ error: { code: 'invalid-argument', message: 'Bad', issues } })),
    );
    const error = await apiRequest('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'invalid-argument', message: 'Bad', status: 400, issues });
    expect(isApiError(error, 'invalid-argument')).toBe(true);
    expect(isApiError(error, 'auth/wrong-password')).toBe(false);
  });

  it('turns an error answer of another shape into an "unknown" ApiError naming the status', async () => {
    vi.stubGlobal('fetch', answer(502, '<html>Bad gateway</html>', 'Bad Gateway'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      code: 'unknown',
      status: 502,
      message: 'The server answered 502 Bad Gateway',
    });
  });

  it('refuses a successful answer that is not JSON with the wording of spec §8', async () => {
    vi.stubGlobal('fetch', answer(200, '<!doctype html>'));
    await expect(apiRequest('/api/x')).rejects.toMatchObject({
      code: 'internal',
      message: 'Response is not valid JSON object.',
    });
  });

  it('lets a network failure through as it is', async () => {
    const offline = new TypeError('Failed to fetch');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(offline)),
    );
    await expect(apiRequest('/api/x')).rejects.toBe(offline);
    expect(isApiError(offline)).toBe(false);
  });
});
