import { describe, expect, it } from 'vitest';
import { isNetworkError } from './network-error';

describe('isNetworkError', () => {
  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed'])(
    'recognises the browser message %j',
    (message) => {
      expect(isNetworkError(new TypeError(message))).toBe(true);
    },
  );

  it('does not take a programming error or an HTTP error for a network failure', () => {
    expect(
      isNetworkError(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isNetworkError(new Error('Failed to fetch'))).toBe(false);
    expect(isNetworkError({ status: 503, message: 'unavailable' })).toBe(false);
  });
});
