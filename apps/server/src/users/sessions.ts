import type { TEndUserSessionsResponse, TSendUserSignInLinkResponse } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit } from '../db/audit';
import { issueActionCode, ownContinueUrl, revokeUserSessions, type Throttle } from '../auth';
import type { Config } from '../config';
import { recordNotFound } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { linkEmailVariables, renderEmail } from '../email-templates';
import { getOutboxKey, queueEmail } from '../emails';
import { badInput } from '../errors';
import { changesChannel } from '../realtime';
import { requireUser } from './detail';
import { lockLiveUser, requireMayActOn, type UserManager } from './user-writes';

/** Tells every open screen and the user's own console stream that the user changed. */
async function announceUserChange(trx: Transaction<Database>, uid: string): Promise<void> {
  const payload = JSON.stringify({ table: 'users', id: uid, op: 'update' });
  await sql`SELECT pg_notify(${changesChannel}, ${payload})`.execute(trx);
}

/**
 * E-mails the user a sign-in link (the same single-use code and e-mail as the sign-in screen's
 * "e-mail me a link"); the link itself never leaves the server except in that e-mail. The
 * per-address limit of sign-in links applies, so an inbox cannot be flooded.
 */
export async function sendUserSignInLink(
  context: { db: Kysely<Database>; config: Config; throttle: Throttle },
  actor: UserManager,
  uid: string,
): Promise<TSendUserSignInLinkResponse> {
  const { db, config } = context;
  const user = await requireUser(db, uid);
  if (user.deleted_at) throw recordNotFound('users', uid);
  if (user.disabled) {
    throw badInput(
      'params.uid',
      'user-disabled',
      `${user.email} is disabled and cannot sign in; enable the user first.`,
    );
  }
  await requireMayActOn(db, actor, user);
  await context.throttle.consume('linksPerEmail', user.email);
  const continueUrl = ownContinueUrl(`${config.publicUrl}/`, config.publicUrl);
  const outboxKey = await getOutboxKey(db);
  const eid = await writeTransaction(db, async (trx) => {
    const current = await lockLiveUser(trx, uid);
    const { link, code } = await issueActionCode(trx, {
      kind: 'sign-in',
      user: current,
      continueUrl,
    });
    const { subject, text, html } = await renderEmail(
      trx,
      'sign-in-link',
      current.preferred_language,
      linkEmailVariables(current.email, link),
    );
    const queued = await queueEmail(trx, config.mailFrom, {
      to: [current.email],
      subject,
      text,
      html,
      kind: 'sign-in-link',
      related: { table: 'users', id: current.uid },
      secret: { code, link, outboxKey },
    });
    await recordAudit(trx, actor, {
      table: 'users',
      recordId: current.uid,
      action: 'send-sign-in-link',
      after: { sent_to: current.email, eid: queued },
    });
    return queued;
  });
  return { sentTo: user.email, eid };
}

/** Ends every session of the user at once (they sign in again); their open console notices. */
export function endUserSessions(
  db: Kysely<Database>,
  actor: UserManager,
  uid: string,
): Promise<TEndUserSessionsResponse> {
  return writeTransaction(db, async (trx) => {
    const user = await lockLiveUser(trx, uid);
    await requireMayActOn(trx, actor, user);
    const open = await trx
      .selectFrom('sessions')
      .select(sql<string>`count(*)`.as('count'))
      .where('uid', '=', uid)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    const ended = Number(open.count);
    await revokeUserSessions(trx, uid);
    await recordAudit(trx, actor, {
      table: 'users',
      recordId: user.uid,
      action: 'end-sessions',
      after: { sessions_ended: ended },
    });
    await announceUserChange(trx, uid);
    return { ended };
  });
}
