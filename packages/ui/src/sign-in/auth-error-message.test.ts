import { describe, expect, it } from 'vitest';
import { ApiError } from '@ops/ui/api-client';
import { getAuthErrorMessage } from './auth-error-message';

function authError(code: string, message = 'Server sentence') {
  return new ApiError(code, message, 400);
}

describe('getAuthErrorMessage (spec §8)', () => {
  it('auth/wrong-password', () => {
    expect(getAuthErrorMessage(authError('auth/wrong-password'))).toBe('Wrong password!');
  });

  it('auth/internal-error: try again in a few minutes, then the support mailbox', () => {
    const text = getAuthErrorMessage(authError('auth/internal-error'));
    expect(text).toMatch(/unexpected error/);
    expect(text).toMatch(/try again in a few minutes/);
    expect(text).toMatch(/support mailbox/);
  });

  it('auth/user-not-found', () => {
    expect(getAuthErrorMessage(authError('auth/user-not-found'))).toBe(
      'There is no existing user record corresponding to the provided identifier.',
    );
  });

  it('auth/email-already-exists: already in use, use the magic link', () => {
    const text = getAuthErrorMessage(authError('auth/email-already-exists'));
    expect(text).toMatch(/already in use/);
    expect(text).toMatch(/sign-in with a magic link/);
  });

  it('auth/invalid-email', () => {
    expect(getAuthErrorMessage(authError('auth/invalid-email'))).toBe(
      'The provided email address is invalid.',
    );
  });

  it('auth/invalid-password: a string with at least six characters', () => {
    expect(getAuthErrorMessage(authError('auth/invalid-password'))).toMatch(
      /must be a string with at least six characters/,
    );
  });

  it('auth/invalid-phone-number: a non-empty E.164 identifier', () => {
    expect(getAuthErrorMessage(authError('auth/invalid-phone-number'))).toMatch(
      /non-empty E\.164 standard compliant identifier/,
    );
  });

  it('auth/phone-number-already-exists', () => {
    expect(getAuthErrorMessage(authError('auth/phone-number-already-exists'))).toBe(
      'The provided phone number is already in use by an existing user.',
    );
  });

  it('auth/project-not-found', () => {
    expect(getAuthErrorMessage(authError('auth/project-not-found'))).toMatch(
      /project is unavailable/,
    );
  });

  it('any other code: says what happened, asks to try again later and names the code', () => {
    expect(getAuthErrorMessage(authError('auth/expired-action-code', 'The link has expired'))).toBe(
      'The link has expired. Please try again later, and if the problem persists, report this error code: auth/expired-action-code',
    );
    expect(getAuthErrorMessage({ code: 'resource-exhausted' })).toBe(
      'Please try again later, and if the problem persists, report this error code: resource-exhausted',
    );
  });

  it('no code: the error message', () => {
    expect(getAuthErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(getAuthErrorMessage('A plain sentence')).toBe('A plain sentence');
  });

  it("no code and no message: 'Unknown error'", () => {
    expect(getAuthErrorMessage(new Error(''))).toBe('Unknown error');
    expect(getAuthErrorMessage(undefined)).toBe('Unknown error');
    expect(getAuthErrorMessage(null)).toBe('Unknown error');
    expect(getAuthErrorMessage({})).toBe('Unknown error');
  });
});
