import type { TPortalReceivedInvitation } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../../db/audit';
import { lockRecord, updateRecord } from '../../../db/records';
import type { Database } from '../../../db/schema';
import { writeTransaction } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { clock } from '../../../lib/clock';
import { memberUserActor } from './colleague-rules';

/**
 * `GET /api/invitations`: the open invitations to the signed-in person's own address. The address
 * is proved by the portal's sign-in, so nobody sees an invitation meant for someone else.
 */
export async function receivedInvitations(
  db: Kysely<Database>,
  email: string,
): Promise<TPortalReceivedInvitation[]> {
  const rows = await db
    .selectFrom('member_invitations as i')
    .innerJoin('members as m', 'm.mid', 'i.member_mid')
    .leftJoin('users as u', 'u.uid', 'i.invited_by')
    .select(['i.id', 'i.role', 'i.expires_at', 'm.legal_name', 'm.number', 'u.display_name'])
    .select('u.email as inviter_email')
    .where('i.email', '=', email.toLowerCase())
    .where('i.answered_at', 'is', null)
    .where('i.expires_at', '>', clock.now())
    .where('m.deleted_at', 'is', null)
    .orderBy('i.created_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    memberName: row.legal_name,
    memberNumber: row.number,
    role: row.role,
    invitedBy: row.display_name ?? row.inviter_email,
    expiresAt: new Date(row.expires_at).toISOString(),
  }));
}

/**
 * `POST /api/invitations/{id}/answer`: the invitee, signed in with the invited address, accepts
 * (becoming the member's user with the role, audited on the user as the console shows it) or
 * declines. Another address's invitation is as unknown as a made-up one (404); one answered,
 * withdrawn or past its 7 days is a 409. A person already another member's user joins this one
 * besides (a group: `member_user_links`) and switches between them in the portal.
 */
export async function answerInvitation(
  db: Kysely<Database>,
  session: { uid: string; email: string },
  id: string,
  accept: boolean,
): Promise<{ memberMid: string | null }> {
  const actor = memberUserActor(session.uid);
  return writeTransaction(db, async (trx) => {
    const invitation = await trx
      .selectFrom('member_invitations')
      .selectAll()
      .where('id', '=', id)
      .where('email', '=', session.email.toLowerCase())
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) throw new AppError('not-found', `You have no invitation ${id}.`);
    const refuse = (message: string) => {
      throw new AppError('aborted', message, {
        issues: [{ path: 'params.id', rule: 'status', message }],
      });
    };
    if (invitation.answered_at) refuse('This invitation has been answered or withdrawn already.');
    if (new Date(invitation.expires_at).getTime() <= clock.nowMs()) {
      refuse('This invitation has expired: ask your colleague to invite you again.');
    }
    if (accept) {
      const user = await lockRecord(trx, 'users', session.uid);
      if (user.member_mid && user.member_mid !== invitation.member_mid) {
        // A group's person: this member becomes one more of theirs, their own stays as it is.
        const joined = await trx
          .insertInto('member_user_links')
          .values({
            uid: user.uid,
            member_mid: invitation.member_mid,
            role: invitation.role,
            created_at: clock.now(),
            created_by: session.uid,
          })
          .onConflict((conflict) => conflict.doNothing())
          .returning('uid')
          .executeTakeFirst();
        if (!joined) {
          const message = 'You are a user of this member already.';
          throw new AppError('aborted', message, {
            issues: [{ path: 'params.id', rule: 'member', message }],
          });
        }
        await recordAudit(trx, actor, {
          table: 'users',
          recordId: user.uid,
          action: 'join-member',
          before: { group_member: null, group_role: null },
          after: {
            group_member: invitation.member_mid,
            group_role: invitation.role,
            _reason: `Accepted the invitation (${invitation.role}), besides their own member`,
          },
        });
      } else {
        await updateRecord(
          trx,
          actor,
          'users',
          user,
          { member_mid: invitation.member_mid, member_role: invitation.role },
          { action: 'join-member', reason: `Accepted the invitation (${invitation.role})` },
        );
      }
    }
    await updateRecord(
      trx,
      actor,
      'member_invitations',
      invitation,
      {
        answered_at: clock.now(),
        answer: accept ? 'accepted' : 'declined',
        answered_by: session.uid,
      },
      { action: accept ? 'accept' : 'decline' },
    );
    return { memberMid: accept ? invitation.member_mid : null };
  });
}
