import { areaKeys } from '@/lib/query-keys';

const authKeys = areaKeys('auth');

/** Cache keys of the auth feature. A sign-out keeps `me` and `signInOnLoad` and drops the rest. */
export const authQueryKeys = {
  /** The signed-in user (null: signed out). */
  me: authKeys.of('me'),
  /** What the page load made of a sign-in link or a redirect (once per page load). */
  signInOnLoad: authKeys.of('sign-in-on-load'),
  /** The operator record of a user, pushed by the server (null: not an operator). */
  operator: (uid: string) => authKeys.of('operator', uid),
  /** Every cached operator record. */
  operators: authKeys.of('operator'),
  /** The account a password-reset code belongs to. */
  passwordResetCode: (code: string) => authKeys.of('password-reset-code', code),
};
