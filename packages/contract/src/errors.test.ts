import { describe, expect, it } from 'vitest';
import { errorCodeForHttpStatus, httpStatusByErrorCode } from './errors';

describe('error codes and HTTP statuses (spec §8)', () => {
  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [409, 'aborted'],
    [429, 'resource-exhausted'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [503, 'unavailable'],
    [504, 'deadline-exceeded'],
  ] as const)('status %i is %s, both ways', (status, code) => {
    expect(errorCodeForHttpStatus(status)).toBe(code);
    expect(httpStatusByErrorCode[code]).toBe(status);
  });

  it('maps any other status to unknown', () => {
    expect(errorCodeForHttpStatus(418)).toBe('unknown');
    expect(errorCodeForHttpStatus(502)).toBe('unknown');
  });
});
