import type * as contract from '@ops/contract';

// Copies of a few @ops/contract values. Browser code only imports types from the contract: a
// value import would bring its zod schemas into the sign-in bundle (see ../api-client.ts).
// `satisfies` against the contract's own types makes any drift a type error.

/** Query-string parameters of e-mailed action links. */
export const actionLinkParams = {
  mode: 'mode',
  code: 'oobCode',
  email: 'email',
} as const satisfies typeof contract.actionLinkParams;

/** Values of `mode` in e-mailed action links. */
export const actionLinkModes = {
  signIn: 'signIn',
  resetPassword: 'resetPassword',
} as const satisfies typeof contract.actionLinkModes;

/**
 * The server's answer when the e-mail a link names may not be taken from it (an e-mailed link,
 * not one printed to the terminal): the page then confirms the e-mail as spec §4 says.
 */
export const emailConfirmationRequired =
  'auth/email-confirmation-required' satisfies contract.AuthErrorCode;

/** What the sign-in form accepts as a password (spec §5). */
export const minimumSignInPasswordLength: (typeof contract.constants)['minimumPasswordLength'] = 6;

/** What a new password must have at least (the server's policy is stricter than spec §5). */
export const minimumNewPasswordLength: (typeof contract.passwordPolicy)['minimumLength'] = 12;
