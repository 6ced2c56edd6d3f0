import type { AuthErrorCode } from '@ops/contract';

/** Spec §8: the sentence shown for each authentication error code the catalogue names. */
export const authErrorMessages: Partial<Record<AuthErrorCode, string>> = {
  'auth/wrong-password': 'Wrong password!',
  'auth/internal-error':
    'An unexpected error occurred. Please try again in a few minutes; if the problem persists, report it to the support mailbox.',
  'auth/user-not-found':
    'There is no existing user record corresponding to the provided identifier.',
  'auth/email-already-exists':
    'The provided email is already in use by an existing user. Please use sign-in with a magic link instead.',
  'auth/invalid-email': 'The provided email address is invalid.',
  'auth/invalid-password':
    'The provided password is invalid. It must be a string with at least six characters.',
  'auth/invalid-phone-number':
    'The provided phone number is invalid. It must be a non-empty E.164 standard compliant identifier string.',
  'auth/phone-number-already-exists':
    'The provided phone number is already in use by an existing user.',
  'auth/project-not-found': 'The project is unavailable at the moment.',
};

function readString(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' && field !== '' ? field : undefined;
}

function withFullStop(sentence: string): string {
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * The text of the 'Authentication Error' box (spec §8) for anything a sign-in step threw: an
 * API error with its code, an Error, a string.
 */
export function getAuthErrorMessage(error: unknown): string {
  const code = readString(error, 'code');
  const message = typeof error === 'string' && error !== '' ? error : readString(error, 'message');
  if (code === undefined) return message ?? 'Unknown error';
  const known = (authErrorMessages as Record<string, string | undefined>)[code];
  if (known !== undefined) return known;
  // Any other code: the server's sentence when there is one (it says what happened), then what
  // the spec asks for, so that support can find the case.
  const prefix = message === undefined ? '' : `${withFullStop(message)} `;
  return `${prefix}Please try again later, and if the problem persists, report this error code: ${code}`;
}
