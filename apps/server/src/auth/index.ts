/**
 * The auth area's public surface (our authentication provider): what other areas and the
 * composition roots may use. Everything else in `auth/` is its own.
 */

// The account record (a person's user row and password): the console's user administration,
// operator grants and the CLI create and find accounts the way sign-in does.
export { createUser, findUserByEmail, setUserPassword } from './accounts';
// Sessions: the access guard (`http/access.ts`) reads one per request, the event streams and the
// search service check one, and user administration ends a person's sessions.
export {
  checkSession,
  findSession,
  findSessionByReference,
  revokeUserSessions,
  sessionCookieNameFor,
  sessionReference,
  type SessionContext,
  type SessionPolicy,
} from './sessions';
// The same secret tokens and their hashes serve the endorsement links (`applications/endorsement`).
export { newSecretToken, sha256 } from './sessions';
// Single-use sign-in codes: an administrator sends a person a sign-in link (`users/sessions.ts`).
export { issueActionCode, ownContinueUrl } from './action-codes';
// A sign-in link printed instead of e-mailed: the ready banner and `ops sign-in-link` (issue 20),
// and the member portal's `ops portal-sign-in-link` (issue 35).
export {
  issuePortalTerminalSignInLink,
  issueTerminalSignInLink,
  SignInLinkRefused,
  type TerminalSignInLink,
} from './terminal-sign-in-link';
// The attempt counters, built once by `app.ts` and shared with user administration's links.
export { createThrottle, type Throttle } from './throttle';
// The password rule, which the CLI checks before it sets one.
export { passwordProblem } from './password';
// The hourly clean-up, a scheduled job (`jobs/tasks/`).
export { deleteExpiredAuthData, type AuthCleanUp } from './maintenance';
