import { describe, expect, it } from 'vitest';
import { FunctionsError } from '@/lib/callable';
import { SearchApiError, SearchCommunicationError } from '../api/search-client';
import { describeSearchError } from './search-error-message';

describe('describeSearchError', () => {
  it('tells an API error (with code, status and link) from a communication error', () => {
    const api = new SearchApiError(
      {
        message: 'Index `x` not found.',
        code: 'index_not_found',
        type: 'invalid_request',
        link: 'https://l',
      },
      404,
    );
    expect(describeSearchError(api)).toEqual({
      title: 'The search service refused the query',
      message: 'Index `x` not found. (index_not_found, HTTP 404)',
      link: 'https://l',
    });
    expect(describeSearchError(new SearchCommunicationError('Failed to fetch'))).toEqual({
      title: 'The search service could not be reached',
      message: 'Failed to fetch',
    });
  });

  it('names a failed searchParams call and anything else', () => {
    expect(describeSearchError(new FunctionsError('unauthenticated', 'Sign in.'))).toEqual({
      title: 'Search is not available',
      message: 'Sign in. (unauthenticated)',
    });
    expect(describeSearchError(new Error('boom')).message).toBe('boom');
  });
});
