import { actionCodeLifetimeMs, actionLinkParams } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import type { Database, User } from '../db/schema';
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
    const user = await findUserByEmail(trx, options.email);
    if (!user || user.deleted_at) {
      throw new SignInLinkRefused(`There is no user with the e-mail ${options.email}.`);
    }
    if (user.disabled) {
      throw new SignInLinkRefused(`The account of ${user.email} is disabled.`);
    }
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
    const { link } = await issueActionCode(trx, {
      kind: 'sign-in',
      user,
      continueUrl,
      issuedTo: 'terminal',
    });
    // The action of an administrator's "send a sign-in link" (users/sessions.ts), printed here.
    await recordAudit(trx, options.actor, {
      table: 'users',
      recordId: user.uid,
      action: 'send-sign-in-link',
      after: { sent_to: user.email, via: 'terminal' },
    });
    return { link, user, expiresAt: new Date(clock.nowMs() + actionCodeLifetimeMs) };
  });
}
