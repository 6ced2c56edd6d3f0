import { UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getErrorMessage } from './error-message';

describe('getErrorMessage', () => {
  it('shows the message of an Error', () => {
    expect(getErrorMessage(new Error('Database unreachable'))).toBe('Database unreachable');
  });

  it('shows status, status text and text data of a route error response', () => {
    expect(getErrorMessage(new ErrorResponse(404, 'Not Found', 'No member m1'))).toBe(
      '404 Not Found: No member m1',
    );
    expect(getErrorMessage(new ErrorResponse(403, 'Forbidden', { reason: 'role' }))).toBe(
      '403 Forbidden',
    );
  });

  it('shows a thrown string, and "Unknown error" when nothing can be said', () => {
    expect(getErrorMessage('Session expired')).toBe('Session expired');
    expect(getErrorMessage(undefined)).toBe('Unknown error');
    expect(getErrorMessage({})).toBe('Unknown error');
  });
});
