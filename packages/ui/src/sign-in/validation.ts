import { minimumNewPasswordLength, minimumSignInPasswordLength } from './constants';

// The server's e-mail rule (zod's z.email() after trimming): checking it here shows a red field
// error instead of a refused request.
const emailPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

function characterCount(value: string): number {
  return [...value].length;
}

/** The e-mail as it is sent: without surrounding spaces. */
export function normalizeEmail(value: string): string {
  return value.trim();
}

/** First problem of the e-mail field (required, spec §5), or null. */
export function validateEmail(value: string): string | null {
  const email = normalizeEmail(value);
  if (email === '') return 'Enter your email address.';
  if (!emailPattern.test(email)) return 'Enter a valid email address, such as name@example.com.';
  return null;
}

/** First problem of the sign-in password field (required, at least 6 characters), or null. */
export function validatePassword(value: string): string | null {
  if (value === '') return 'Enter your password.';
  if (characterCount(value) < minimumSignInPasswordLength) {
    return `Password should be at least ${minimumSignInPasswordLength} characters.`;
  }
  return null;
}

/** First problem of a new password, by the length the server's policy asks for, or null. */
export function validateNewPassword(value: string): string | null {
  if (value === '') return 'Choose a new password.';
  if (characterCount(value) < minimumNewPasswordLength) {
    return `Use at least ${minimumNewPasswordLength} characters (this one has ${characterCount(value)}).`;
  }
  return null;
}

/** First problem of the repeated new password, or null. */
export function validatePasswordConfirmation(
  password: string,
  confirmation: string,
): string | null {
  if (confirmation === '') return 'Repeat the new password.';
  if (confirmation !== password) return 'The two passwords do not match.';
  return null;
}
