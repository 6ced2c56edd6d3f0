import { actionCodeLifetimeMs, actionLinkParams } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import type { Audience, Database, User } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { findUserByEmail } from './accounts';
import { issueActionCode } from './action-codes';
import { clock } from '../lib/clock';

/** Why no link was issued: said to the person at the terminal (the CLI exits with code 2). */
export class SignInLinkRefused extends Error {
  override name = 'SignInLinkRefused';
}

export type TerminalSignInLink = {
  link: string;
  user: User;
  expiresAt: Date;
};

/**
 * A single-use e-mail-link sign-in (15 minutes) for an operator, handed to whoever runs the
 * server or `npm run ops -- sign-in-link` instead of being e-mailed: the first start's banner
 * without SMTP_URL, and the way back in when no e-mail can reach the operator. As every link,
 * only the code's hash is stored; the link itself is printed once and written nowhere. Who
 * issued it is audited, as an administrator's "send a sign-in link" is: it is a key to the
 * account.
 */
export async function issueTerminalSignInLink(
  db: Kysely<Database>,
  options: { email: string; publicUrl: string; actor: Actor },
): Promise<TerminalSignInLink> {
  return writeTransaction(db, async (trx) => {
    const user = await signInableUser(trx, options.email);
    const operator = await trx
      .selectFrom('operators')
      .select('uid')
      .where('uid', '=', user.uid)
      .where('active', '=', true)
      .executeTakeFirst();
    if (!operator) {
      throw new SignInLinkRefused(
        `${user.email} is not an operator (npm run ops -- operators add ${user.email} makes one).`,
      );
    }
    // The console's home page; the link completes sign-in there, then clears its query string.
    // It names its e-mail, so the browser it is opened in, which never asked for it, signs in
    // with one click, telling the server the e-mail came from the link. The server takes that
    // only from a code issued to the terminal: anyone may append `email=` to an e-mailed link
    // and send it on (login CSRF), and for such a code the page falls back to spec §4's blank
    // confirmation prompt. No secret: the code is, bound to this e-mail.
    const continueUrl = new URL(`${options.publicUrl}/`);
    continueUrl.searchParams.set(actionLinkParams.email, user.email);
    return issueToTerminal(trx, options.actor, user, continueUrl, 'console');
  });
}

/**
 * The same for the member portal (issue 35): a sign-in link to `PORTAL_URL/` for a member's user
 * (owner, admin or staff), the way to try the portal as a demo member, or to let a member's person
 * in when no e-mail reaches them. A portal code: the console refuses it. Opened in a browser that
 * never asked for it, the portal asks for the address first, as for any link sent elsewhere.
 */
export async function issuePortalTerminalSignInLink(
  db: Kysely<Database>,
  options:
    | { email: string; portalUrl: string; actor: Actor }
    | { memberNumber: string; portalUrl: string; actor: Actor },
): Promise<TerminalSignInLink & { memberNumber: string; role: string }> {
  return writeTransaction(db, async (trx) => {
    const email =
      'email' in options ? options.email : await ownerEmailOf(trx, options.memberNumber);
    const user = await signInableUser(trx, email);
    const member = await trx
      .selectFrom('members')
      .select('number')
      .where('mid', '=', user.member_mid ?? '')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!member || !user.member_role) {
      throw new SignInLinkRefused(
        `${user.email} is not a user of a member (the console's Users screen links one).`,
      );
    }
    const issued = await issueToTerminal(
      trx,
      options.actor,
      user,
      new URL(`${options.portalUrl}/`),
      'portal',
    );
    return { ...issued, memberNumber: member.number, role: user.member_role };
  });
}

/** A member's owner who may sign in (the longest-standing one), found by the member's number. */
async function ownerEmailOf(trx: Transaction<Database>, memberNumber: string): Promise<string> {
  const owner = await trx
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.member_mid', 'm.mid')
    .select('u.email')
    .where('m.number', '=', memberNumber)
    .where('m.deleted_at', 'is', null)
    .where('u.member_role', '=', 'owner')
    .where('u.disabled', '=', false)
    .where('u.deleted_at', 'is', null)
    .orderBy('u.created_at')
    .orderBy('u.uid')
    .executeTakeFirst();
  if (!owner) {
    throw new SignInLinkRefused(
      `There is no member ${memberNumber} with an owner user who may sign in.`,
    );
  }
  return owner.email;
}

async function signInableUser(trx: Transaction<Database>, email: string): Promise<User> {
  const user = await findUserByEmail(trx, email);
  if (!user || user.deleted_at) {
    throw new SignInLinkRefused(`There is no user with the e-mail ${email}.`);
  }
  if (user.disabled) {
    throw new SignInLinkRefused(`The account of ${user.email} is disabled.`);
  }
  return user;
}

async function issueToTerminal(
  trx: Transaction<Database>,
  actor: Actor,
  user: User,
  continueUrl: URL,
  audience: Audience,
): Promise<TerminalSignInLink> {
  const { link } = await issueActionCode(trx, {
    kind: 'sign-in',
    user,
    continueUrl,
    issuedTo: 'terminal',
    audience,
  });
  // The action of an administrator's "send a sign-in link" (users/sessions.ts), printed here.
  await recordAudit(trx, actor, {
    table: 'users',
    recordId: user.uid,
    action: 'send-sign-in-link',
    after: {
      sent_to: user.email,
      via: 'terminal',
      ...(audience === 'portal' ? { to: 'portal' } : {}),
    },
  });
  return { link, user, expiresAt: new Date(clock.nowMs() + actionCodeLifetimeMs) };
}
