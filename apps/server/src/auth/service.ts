import type { Language, TSignInMethod } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit } from '../db/audit';
import type { Config } from '../config';
import type { Database, User } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { linkEmailVariables, renderEmail } from '../email-templates';
import { getOutboxKey, queueEmail } from '../emails';
import { AppError } from '../errors';
import { createUser, findUserByEmail, setUserPassword } from './accounts';
import {
  consumeActionCode,
  findUsableActionCode,
  issueActionCode,
  ownContinueUrl,
  type ActionCodeKind,
} from './action-codes';
import { hashPassword, passwordProblem, verifyPassword } from './password';
import { revokeUserSessions } from './sessions';
import type { Face } from '../http/face';
import type { Throttle } from './throttle';

export type AuthContext = {
  db: Kysely<Database>;
  config: Config;
  throttle: Throttle;
  /** The caller's address, for per-IP throttling. */
  ip: string;
  /** The face signed in to (console or portal): its links, its codes, its methods. */
  face: Face;
};

function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/**
 * The sign-in methods of an account in the spec's vocabulary: `password` when it has one;
 * `emailLink` when it has no password or has signed in by link before; `microsoft` when Microsoft
 * sign-in is configured and the account is linked to a Microsoft identity or its domain is listed.
 * Unknown e-mail (and everyone, under enumeration protection): [].
 */
export async function getSignInMethods(
  context: AuthContext,
  email: string,
): Promise<TSignInMethod[]> {
  await context.throttle.consume('methodsPerIp', context.ip);
  await context.throttle.consume('methodsPerEmail', email);
  if (context.config.authEnumerationProtection) return [];
  const user = await findUserByEmail(context.db, email);
  if (!user || user.deleted_at) return [];
  const methods: TSignInMethod[] = [];
  if (user.password_hash) methods.push('password');
  if (!user.password_hash || user.sign_in_methods.includes('emailLink')) methods.push('emailLink');
  // Microsoft's redirect URI is the console's: the portal signs in by link and password only.
  const microsoft = context.face.audience === 'console' ? context.config.microsoft : undefined;
  if (microsoft) {
    const isLinked = await context.db
      .selectFrom('user_identities')
      .select('uid')
      .where('uid', '=', user.uid)
      .where('provider', '=', microsoft.issuer)
      .executeTakeFirst();
    if (isLinked || microsoft.domains.includes(emailDomain(email))) methods.push('microsoft');
  }
  return methods;
}

let timingHash: Promise<string> | undefined;
/** Verifying against a throwaway hash makes "no such user" take as long as "wrong password". */
function spendVerificationTime(password: string): Promise<boolean> {
  timingHash ??= hashPassword('a password nobody has, to spend the same time');
  return timingHash.then((hash) => verifyPassword(hash, password));
}

/** Records a successful sign-in: the method, the time, and an audit entry. */
export async function recordSignIn(
  db: Kysely<Database>,
  user: User,
  method: TSignInMethod,
): Promise<User> {
  return writeTransaction(db, async (trx) => {
    const methods = user.sign_in_methods.includes(method)
      ? user.sign_in_methods
      : [...user.sign_in_methods, method];
    const updated = await trx
      .updateTable('users')
      .set({ sign_in_methods: methods, last_sign_in_at: sql<Date>`now()` })
      .where('uid', '=', user.uid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(
      trx,
      { kind: 'user', uid: user.uid },
      {
        table: 'users',
        recordId: user.uid,
        action: 'sign-in',
        after: { method },
      },
    );
    return updated;
  });
}

/**
 * Password sign-in, throttled per account and per address on failures. Every attempt counts as
 * a failure before its password is verified (counting is atomic in PostgreSQL), so parallel
 * guesses cannot all pass a limit that none of them has counted against yet: at most the limit
 * of them reach argon2. An attempt that turns out not to be a failure gives its count back.
 */
export async function signInWithPassword(
  context: AuthContext,
  email: string,
  password: string,
): Promise<User> {
  await context.throttle.consume('passwordFailuresPerIp', context.ip);
  try {
    await context.throttle.consume('passwordFailuresPerAccount', email);
  } catch (error) {
    // A locked account verifies nothing, so this attempt is no failure of the address.
    await context.throttle.giveBack('passwordFailuresPerIp', context.ip);
    throw error;
  }
  const user = await findUserByEmail(context.db, email);
  const isMatch =
    user?.password_hash && !user.deleted_at
      ? await verifyPassword(user.password_hash, password)
      : await spendVerificationTime(password);
  if (!user || user.deleted_at || !isMatch) {
    if (!user && !context.config.authEnumerationProtection) {
      throw new AppError('auth/user-not-found', `There is no user with the e-mail ${email}.`);
    }
    throw new AppError('auth/wrong-password', 'The password is wrong.');
  }
  // The right password: no failure of the address.
  await context.throttle.giveBack('passwordFailuresPerIp', context.ip);
  if (user.disabled) {
    await context.throttle.giveBack('passwordFailuresPerAccount', email);
    throw new AppError('auth/user-disabled', 'This account has been disabled.');
  }
  await context.throttle.reset('passwordFailuresPerAccount', email);
  return recordSignIn(context.db, user, 'password');
}

/**
 * E-mails a link with a single-use code. For an unknown or disabled account nothing is sent, but
 * the answer is the same, so the endpoint tells nobody which e-mails have accounts.
 */
async function sendActionLink(
  context: AuthContext,
  kind: ActionCodeKind,
  email: string,
  continueUrl: string,
  language?: Language,
): Promise<void> {
  const url = ownContinueUrl(continueUrl, context.face.url);
  await context.throttle.consume('linksPerIp', context.ip);
  await context.throttle.consume('linksPerEmail', email);
  const outboxKey = await getOutboxKey(context.db);
  await writeTransaction(context.db, async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (user && (user.disabled || user.deleted_at)) return;
    // The portal is where people begin: an address without an account gets a link too, and
    // its account is made when the link is followed (completeSignInLink), never before.
    const isNewPerson = !user && kind === 'sign-in' && context.face.audience === 'portal';
    if (!user && !isNewPerson) return;
    const { link, code } = await issueActionCode(trx, {
      kind,
      user: user ?? { uid: null, email },
      continueUrl: url,
      audience: context.face.audience,
    });
    const emailKind = kind === 'sign-in' ? 'sign-in-link' : 'password-reset';
    // In the user's language (issue 17), a newcomer's in the page's; the template keeps the
    // link whole, so it can be sealed.
    const { subject, text, html } = await renderEmail(
      trx,
      emailKind,
      user?.preferred_language ?? language ?? 'en',
      linkEmailVariables(email, link),
    );
    await queueEmail(trx, context.config.mailFrom, {
      to: [email],
      subject,
      text,
      html,
      kind: emailKind,
      // A newcomer's e-mail belongs to no record yet: the log lists it under its address.
      ...(user ? { related: { table: 'users' as const, id: user.uid } } : {}),
      secret: { code, link, outboxKey },
    });
  });
}

/** `language`: the page's, for the e-mail to an address that has no account yet (the portal). */
export function sendSignInLink(
  context: AuthContext,
  email: string,
  continueUrl: string,
  language?: Language,
) {
  return sendActionLink(context, 'sign-in', email, continueUrl, language);
}

export function sendPasswordResetLink(context: AuthContext, email: string, continueUrl: string) {
  return sendActionLink(context, 'password-reset', email, continueUrl);
}

/**
 * Runs a code check; a failure counts against the caller's address. The attempt is counted
 * before the check (atomically), so parallel guesses cannot all pass the limit; one that turns
 * out not to be a refused code (it worked, or the server failed) gives its count back.
 */
async function countingFailures<T>(context: AuthContext, work: () => Promise<T>): Promise<T> {
  await context.throttle.consume('codeFailuresPerIp', context.ip);
  let isFailure = false;
  try {
    return await work();
  } catch (error) {
    // A link's e-mail refused for an e-mailed code is no guess: the code was right.
    isFailure =
      error instanceof AppError &&
      error.code !== 'auth/too-many-requests' &&
      error.code !== 'auth/email-confirmation-required';
    throw error;
  } finally {
    if (!isFailure) await context.throttle.giveBack('codeFailuresPerIp', context.ip);
  }
}

/**
 * The account of an address just verified by following a portal link issued to it before it had
 * one (issue 34): made now, audited, or the one made meanwhile (two links followed, an operator
 * adding the person) if there is one.
 */
async function accountOfVerifiedAddress(
  trx: Transaction<Database>,
  email: string,
  language: Language | undefined,
): Promise<User> {
  const existing = await findUserByEmail(trx, email);
  if (existing) return existing;
  return createUser(trx, portalSignUpActor, {
    email,
    createdBy: 'portal',
    preferredLanguage: language,
  });
}

/** Who makes an account on its first verified sign-in at the portal: the system, for the person. */
const portalSignUpActor = { kind: 'system', uid: null } as const;

/**
 * Completes sign-in by e-mailed link: the code must be usable and bound to this e-mail.
 * `emailFromLink` says the page took the e-mail from the link itself, not from its browser or
 * its person; that is accepted only for a link printed to the server's terminal (issue 20).
 * An e-mailed link with an `email` appended is someone's own link sent on to another person
 * (login CSRF): refused before anything else is checked, the code stays usable and the answer
 * only says to confirm the e-mail, which the page then does as spec §4 says.
 */
export function completeSignInLink(
  context: AuthContext,
  email: string,
  code: string,
  options: { emailFromLink?: boolean; language?: Language } = {},
): Promise<User> {
  return countingFailures(context, async () => {
    const user = await writeTransaction(context.db, async (trx) => {
      const row = await findUsableActionCode(trx, 'sign-in', code, context.face.audience);
      if (options.emailFromLink && row.issued_to !== 'terminal') {
        throw new AppError(
          'auth/email-confirmation-required',
          'Please confirm the e-mail address this link was sent to.',
        );
      }
      if (row.email !== email) {
        throw new AppError(
          'auth/invalid-email',
          'The e-mail address does not match the one the link was sent to.',
        );
      }
      const owner = row.uid
        ? await trx.selectFrom('users').selectAll().where('uid', '=', row.uid).executeTakeFirst()
        : await accountOfVerifiedAddress(trx, row.email, options.language);
      if (!owner || owner.deleted_at) {
        throw new AppError('auth/user-not-found', 'The account of this link no longer exists.');
      }
      if (owner.disabled)
        throw new AppError('auth/user-disabled', 'This account has been disabled.');
      await consumeActionCode(trx, row.code_hash);
      return owner;
    });
    return recordSignIn(context.db, user, 'emailLink');
  });
}

/**
 * The usable password-reset code of this face (console or portal): checking it for the form and
 * completing the reset look it up alike, a failure counted by the caller's `countingFailures`.
 */
function findPasswordResetCode(context: AuthContext, code: string) {
  return findUsableActionCode(context.db, 'password-reset', code, context.face.audience);
}

/** The e-mail a password-reset code belongs to, so the form can show whose password it sets. */
export function checkPasswordResetCode(context: AuthContext, code: string): Promise<string> {
  return countingFailures(context, async () => {
    const row = await findPasswordResetCode(context, code);
    return row.email;
  });
}

/**
 * Sets a new password with a reset code. The policy is the one of every password we let anyone
 * set; afterwards every session of the account ends and its other reset codes are void.
 */
export function completePasswordReset(
  context: AuthContext,
  code: string,
  password: string,
): Promise<void> {
  return countingFailures(context, async () => {
    const row = await findPasswordResetCode(context, code);
    const problem = passwordProblem(password, row.email);
    if (problem) throw new AppError('auth/weak-password', `The password ${problem}.`);
    await writeTransaction(context.db, async (trx) => {
      await consumeActionCode(trx, row.code_hash);
      const user = await trx
        .selectFrom('users')
        .selectAll()
        .where('uid', '=', row.uid)
        .executeTakeFirst();
      if (!user || user.deleted_at) {
        throw new AppError('auth/user-not-found', 'The account of this link no longer exists.');
      }
      await setUserPassword(trx, { kind: 'user', uid: user.uid }, user, password);
      await trx
        .updateTable('action_codes')
        .set({ used_at: sql<Date>`now()` })
        .where('uid', '=', user.uid)
        .where('kind', '=', 'password-reset')
        .where('used_at', 'is', null)
        .execute();
      await revokeUserSessions(trx, user.uid);
    });
    await context.throttle.reset('passwordFailuresPerAccount', row.email);
  });
}
