import { describe, expect, it, vi } from 'vitest';
import {
  isRefusedKeyError,
  SearchApiError,
  SearchCommunicationError,
  searchIndex,
} from './search-client';

const params = { host: 'https://search.example.org/', apiKey: 'secret', index: 'ops prod' };

const answer = {
  hits: [
    { id: 'member_m1', _type: 'member', name: 'Acme', description: 'CH', _firestore_id: 'm1' },
  ],
  estimatedTotalHits: 1,
  query: 'acme',
  processingTimeMs: 1,
  limit: 20,
  offset: 0,
};

type FetchCall = { url: string; init: RequestInit };

function answering(status: number, body: string, statusText = '') {
  const calls: FetchCall[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(body, { status, statusText });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the search should have failed'),
    (reason: unknown) => reason,
  );
}

describe('searchIndex', () => {
  it('POSTs the request to {host}/indexes/{index}/search with the key as Bearer token', async () => {
    const { fetch, calls } = answering(200, JSON.stringify(answer));
    const request = { q: 'acme', limit: 5, showRankingScore: true };
    await expect(searchIndex(params, request, undefined, fetch)).resolves.toEqual(answer);
    const [call] = calls;
    expect(call?.url).toBe('https://search.example.org/indexes/ops%20prod/search');
    expect(call?.init.method).toBe('POST');
    expect(call?.init.headers).toMatchObject({
      authorization: 'Bearer secret',
      'content-type': 'application/json',
    });
    expect(JSON.parse(String(call?.init.body))).toEqual(request);
  });

  it('passes the signal on to fetch', async () => {
    const { fetch, calls } = answering(200, JSON.stringify(answer));
    const controller = new AbortController();
    await searchIndex(params, { q: 'a' }, controller.signal, fetch);
    expect(calls[0]?.init.signal).toBe(controller.signal);
  });

  it('throws SearchApiError with message, code, type, link and status for an error answer', async () => {
    const body = {
      message: 'The provided API key is invalid.',
      code: 'invalid_api_key',
      type: 'auth',
      link: 'https://docs.meilisearch.com/errors#invalid_api_key',
    };
    const { fetch } = answering(403, JSON.stringify(body));
    const error = await failureOf(searchIndex(params, { q: 'a' }, undefined, fetch));
    expect(error).toBeInstanceOf(SearchApiError);
    expect(error).toMatchObject({ ...body, httpStatus: 403 });
    expect(isRefusedKeyError(error)).toBe(true);
  });

  it('throws SearchCommunicationError, with the cause, when the network fails', async () => {
    const cause = new TypeError('Failed to fetch');
    const fetch = vi.fn(() => Promise.reject(cause)) as unknown as typeof globalThis.fetch;
    const error = await failureOf(searchIndex(params, { q: 'a' }, undefined, fetch));
    expect(error).toBeInstanceOf(SearchCommunicationError);
    expect((error as Error).message).toBe(
      'The search service could not be reached: Failed to fetch',
    );
    expect((error as Error).cause).toBe(cause);
  });

  it('throws SearchCommunicationError for an answer that is not JSON', async () => {
    const { fetch } = answering(502, '<html>Bad gateway</html>', 'Bad Gateway');
    const error = await failureOf(searchIndex(params, { q: 'a' }, undefined, fetch));
    expect(error).toBeInstanceOf(SearchCommunicationError);
    expect((error as Error).message).toMatch(/502 Bad Gateway .*not JSON/);
  });

  it('throws SearchCommunicationError for a 200 that is not JSON either', async () => {
    const { fetch } = answering(200, 'ok');
    expect(await failureOf(searchIndex(params, { q: 'a' }, undefined, fetch))).toBeInstanceOf(
      SearchCommunicationError,
    );
  });

  it('throws SearchCommunicationError for JSON errors that are not the service’s', async () => {
    const { fetch } = answering(500, JSON.stringify({ oops: true }));
    expect(await failureOf(searchIndex(params, { q: 'a' }, undefined, fetch))).toBeInstanceOf(
      SearchCommunicationError,
    );
  });

  it('throws SearchCommunicationError for a success without hits', async () => {
    const { fetch } = answering(200, JSON.stringify({ results: [] }));
    expect(await failureOf(searchIndex(params, { q: 'a' }, undefined, fetch))).toBeInstanceOf(
      SearchCommunicationError,
    );
  });

  it('lets the AbortError of a cancelled search through untouched', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const fetch = vi.fn(() => Promise.reject(abort)) as unknown as typeof globalThis.fetch;
    const controller = new AbortController();
    controller.abort();
    expect(await failureOf(searchIndex(params, { q: 'a' }, controller.signal, fetch))).toBe(abort);
  });

  it('lets an AbortError through even while reading the body', async () => {
    const abort = new DOMException('aborted', 'AbortError');
    const fetch = vi.fn(async () => {
      const response = new Response('{}');
      vi.spyOn(response, 'text').mockRejectedValue(abort);
      return response;
    }) as unknown as typeof globalThis.fetch;
    expect(await failureOf(searchIndex(params, { q: 'a' }, undefined, fetch))).toBe(abort);
  });
});

describe('isRefusedKeyError', () => {
  const apiError = (code: string, status: number) =>
    new SearchApiError({ message: 'm', code, type: 'auth', link: '' }, status);

  it('is true for invalid_api_key, 401 and 403 only', () => {
    expect(isRefusedKeyError(apiError('invalid_api_key', 400))).toBe(true);
    expect(isRefusedKeyError(apiError('missing_authorization_header', 401))).toBe(true);
    expect(isRefusedKeyError(apiError('whatever', 403))).toBe(true);
    expect(isRefusedKeyError(apiError('index_not_found', 404))).toBe(false);
    expect(isRefusedKeyError(new SearchCommunicationError('x'))).toBe(false);
  });
});
