import { z } from 'zod';
import { ZEmail } from './email';
import { languageSchema } from './languages';

/**
 * Sign-in methods in the spec's vocabulary (spec §2 step 2): the authentication provider answers
 * the lookup with these names, and the sign-in screen shows one form per method.
 */
export const signInMethods = ['password', 'emailLink', 'microsoft'] as const;
export const ZSignInMethod = z.enum(signInMethods).describe('A way to sign in');
export type TSignInMethod = z.infer<typeof ZSignInMethod>;

/**
 * Error codes of the authentication provider (spec §8). The API answers them in the same
 * `{"error": {"code", "message"}}` shape as every other error; the sign-in screen maps them to
 * the spec's messages.
 */
export const authErrorCodes = [
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/user-disabled',
  'auth/too-many-requests',
  'auth/invalid-email',
  'auth/invalid-password',
  'auth/weak-password',
  'auth/expired-action-code',
  'auth/invalid-action-code',
  'auth/invalid-continue-uri',
  'auth/operation-not-allowed',
  'auth/invalid-credential',
  'auth/account-exists-with-different-credential',
  'auth/internal-error',
  'auth/email-already-exists',
  'auth/invalid-phone-number',
  'auth/phone-number-already-exists',
  'auth/project-not-found',
  // Not in spec §8 (issue 20): a link's own e-mail was offered for a link that was e-mailed, not
  // printed to the terminal; the sign-in page then confirms the e-mail as spec §4 says.
  'auth/email-confirmation-required',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];

/** HTTP status of each authentication error code. */
export const httpStatusByAuthErrorCode: Record<AuthErrorCode, number> = {
  'auth/wrong-password': 400,
  'auth/user-not-found': 400,
  'auth/user-disabled': 403,
  'auth/too-many-requests': 429,
  'auth/invalid-email': 400,
  'auth/invalid-password': 400,
  'auth/weak-password': 400,
  'auth/expired-action-code': 400,
  'auth/invalid-action-code': 400,
  'auth/invalid-continue-uri': 400,
  'auth/operation-not-allowed': 400,
  'auth/invalid-credential': 400,
  'auth/account-exists-with-different-credential': 409,
  'auth/internal-error': 500,
  'auth/email-already-exists': 409,
  'auth/invalid-phone-number': 400,
  'auth/phone-number-already-exists': 409,
  'auth/project-not-found': 404,
  'auth/email-confirmation-required': 400,
};

/** The signed-in user as the spec exposes it (spec §3). */
export const ZAuthUser = z
  .object({
    uid: z.string().describe('User id'),
    email: z.string().describe('E-mail address'),
    displayName: z.string().nullable().describe('Name to show, when the user gave one'),
    photoURL: z.string().nullable().describe('Address of the profile photo, when there is one'),
    preferredLanguage: languageSchema.describe(
      'The language of their e-mails and of the member portal (issue 34)',
    ),
  })
  .describe('The signed-in user');
export type TAuthUser = z.infer<typeof ZAuthUser>;

/**
 * GET /api/auth/session: the sign-in page's own "is anyone signed in here?" (issue 32). The
 * cookie is HttpOnly, so the page has to ask, and "nobody" is the usual answer on that page, not
 * an error: it is a 200 with `signedIn: false`, the same for no cookie, a made-up, expired or
 * ended one, so the browser logs no failed request. With a valid session the answer carries the
 * session's own user, as `/api/auth/me` does (which keeps its 401 for every other caller).
 */
export const ZSessionProbe = z
  .discriminatedUnion('signedIn', [
    z.object({ signedIn: z.literal(true), user: ZAuthUser }),
    z.object({ signedIn: z.literal(false) }),
  ])
  .describe('Whether this browser is signed in, and as whom');
export type TSessionProbe = z.infer<typeof ZSessionProbe>;

/** The signed-in user's operator record, or null: its existence alone makes an operator. */
export const ZOperatorRecord = z
  .object({
    uid: z.string(),
    roles: z.array(z.enum(['admin', 'finance', 'membership', 'read-only'])),
    active: z.boolean(),
    updatedAt: z.string().describe('ISO time of the last change'),
  })
  .describe('An operator record');
export type TOperatorRecord = z.infer<typeof ZOperatorRecord>;

/**
 * A page address of the console to come back to after a link or a redirect. The server only
 * accepts addresses on its own origin (no open redirect).
 */
const ZContinueUrl = z.url().max(2048).describe('Address of the console page to come back to');

export const ZSignInMethodsRequest = z.object({ email: ZEmail }).describe('Whose methods');
export const ZSignInMethodsResponse = z
  .object({ methods: z.array(ZSignInMethod) })
  .describe('The sign-in methods of that account; [] for an unknown e-mail');
export type TSignInMethodsResponse = z.infer<typeof ZSignInMethodsResponse>;

export const ZPasswordSignInRequest = z
  .object({
    email: ZEmail,
    // The sign-in form accepts the spec's floor; what may be *set* is stricter (passwordPolicy).
    password: z.string().min(1).max(1024).describe('The password'),
  })
  .describe('Sign in with e-mail and password');

export const ZSendEmailLinkRequest = z
  .object({
    email: ZEmail,
    continueUrl: ZContinueUrl,
    language: languageSchema
      .optional()
      .describe(
        "The page's language, for the e-mail to an address that has no account yet (the member portal); a user's e-mail is in their preferred language",
      ),
  })
  .describe('Send a sign-in link to this address, coming back to continueUrl');

export const ZCompleteEmailLinkRequest = z
  .object({
    email: ZEmail,
    code: z.string().min(1).max(200).describe('The oobCode of the link'),
    emailFromLink: z
      .boolean()
      .optional()
      .describe(
        'True when the e-mail was read from the link itself, not from this browser or its ' +
          'person: accepted only for a link printed to the server terminal, otherwise refused ' +
          'with auth/email-confirmation-required (the code stays usable)',
      ),
    language: languageSchema
      .optional()
      .describe(
        "The page's language: a newcomer's account, made by this first verified sign-in at the member portal, keeps it as its preferred language",
      ),
  })
  .describe('Complete sign-in with the code of an e-mailed link');

/** PUT /api/auth/me/language on the member portal: the person's choice in the language switcher. */
export const ZPreferredLanguageRequest = z
  .object({ language: languageSchema })
  .describe("The signed-in person's preferred language");

export const ZSendPasswordResetRequest = z
  .object({ email: ZEmail, continueUrl: ZContinueUrl })
  .describe('Send a password-reset link to this address, coming back to continueUrl');

export const ZCheckPasswordResetRequest = z
  .object({ code: z.string().min(1).max(200) })
  .describe('Which account a password-reset code belongs to');
export const ZCheckPasswordResetResponse = z.object({ email: z.string() });

export const ZCompletePasswordResetRequest = z
  .object({
    code: z.string().min(1).max(200).describe('The oobCode of the link'),
    password: z.string().min(1).max(1024).describe('The new password (policy: 12+, not common)'),
  })
  .describe('Set a new password with the code of an e-mailed link');

export const ZStartMicrosoftSignInRequest = z
  .object({ continueUrl: ZContinueUrl })
  .describe('Start Microsoft sign-in by redirect, coming back to continueUrl');
export const ZStartMicrosoftSignInResponse = z
  .object({ url: z.string().describe('Where to send the browser') })
  .describe('The identity provider address');

/** The outcome of a sign-in by redirect, read once after coming back (spec §4). */
export const ZRedirectResult = z
  .object({
    result: z
      .union([
        z.object({ user: ZAuthUser }),
        z.object({ error: z.object({ code: z.string(), message: z.string() }) }),
      ])
      .nullable()
      .describe('null when no redirect sign-in is pending'),
  })
  .describe('The pending redirect sign-in result');
export type TRedirectResult = z.infer<typeof ZRedirectResult>;

export const ZOk = z.object({ ok: z.literal(true) }).describe('Done');

/**
 * Query-string parameters of e-mailed action links, as the hosted provider names them; the
 * sign-in screen recognises a sign-in link by `mode=signIn` and an `oobCode`. A link printed to
 * the server's terminal (issue 20) also names its `email`: the browser it is opened in never
 * asked for the link, so it signs in with that e-mail, and the server accepts it only for a
 * code it gave to the terminal (`emailFromLink`). Anyone can append `email` to an e-mailed
 * link, so the page never offers it in its confirmation prompt.
 */
export const actionLinkParams = { mode: 'mode', code: 'oobCode', email: 'email' } as const;
export const actionLinkModes = { signIn: 'signIn', resetPassword: 'resetPassword' } as const;

/**
 * A read the browser made by itself while its person was away (a list refetched after someone
 * else's change): the session is checked but this request does not count as its activity.
 */
export const backgroundRequestHeader = 'x-ops-background';

/** Lifetime of e-mailed sign-in and password-reset codes. */
export const actionCodeLifetimeMs = 15 * 60 * 1000;
