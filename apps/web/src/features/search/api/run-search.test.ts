import type { TSearchParams, TSearchResponse } from '@ops/contract';
import { describe, expect, it, vi } from 'vitest';
import { runSearch, type RunSearchDeps } from './run-search';
import { SearchApiError, SearchCommunicationError } from './search-client';

const answer: TSearchResponse = {
  hits: [],
  estimatedTotalHits: 0,
  query: 'a',
  processingTimeMs: 0,
  limit: 20,
  offset: 0,
};

const refused = new SearchApiError(
  { message: 'The provided API key is invalid.', code: 'invalid_api_key', type: 'auth', link: '' },
  403,
);

function deps(...outcomes: (TSearchResponse | Error)[]) {
  let count = 0;
  const getParams = vi.fn(async (): Promise<TSearchParams> => ({
    host: '',
    apiKey: `key-${++count}`,
    index: 'ops',
    expiresAt: '2099-01-01T00:00:00.000Z',
  }));
  const forgetParams = vi.fn();
  const search = vi.fn(async () => {
    const next = outcomes.shift();
    if (next instanceof Error) throw next;
    if (!next) throw new Error('no more outcomes');
    return next;
  });
  return { getParams, forgetParams, search } satisfies RunSearchDeps;
}

describe('runSearch', () => {
  it('searches with the cached parameters', async () => {
    const d = deps(answer);
    await expect(runSearch({ q: 'a' }, undefined, d)).resolves.toBe(answer);
    expect(d.search).toHaveBeenCalledWith(
      expect.objectContaining({ apiKey: 'key-1' }),
      { q: 'a' },
      undefined,
    );
    expect(d.forgetParams).not.toHaveBeenCalled();
  });

  it('forgets a refused key and tries once more with new parameters', async () => {
    const d = deps(refused, answer);
    await expect(runSearch({ q: 'a' }, undefined, d)).resolves.toBe(answer);
    expect(d.forgetParams).toHaveBeenCalledWith(expect.objectContaining({ apiKey: 'key-1' }));
    expect(d.search).toHaveBeenLastCalledWith(
      expect.objectContaining({ apiKey: 'key-2' }),
      { q: 'a' },
      undefined,
    );
  });

  it('gives up after the second refusal', async () => {
    const d = deps(refused, refused, answer);
    await expect(runSearch({ q: 'a' }, undefined, d)).rejects.toBe(refused);
    expect(d.search).toHaveBeenCalledTimes(2);
  });

  it('does not retry other errors', async () => {
    const failure = new SearchCommunicationError('down');
    const d = deps(failure, answer);
    await expect(runSearch({ q: 'a' }, undefined, d)).rejects.toBe(failure);
    expect(d.search).toHaveBeenCalledOnce();
  });

  it('stops when the search was cancelled while the parameters were fetched', async () => {
    const d = deps(answer);
    const controller = new AbortController();
    controller.abort();
    await expect(runSearch({ q: 'a' }, controller.signal, d)).rejects.toThrow();
    expect(d.search).not.toHaveBeenCalled();
  });
});
