import type { TPortalColleagues } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import type { PortalMember } from '../member-of-user';

/** `GET /api/colleagues`: the member's users with their roles, and the invitations still open. */
export async function listColleagues(
  db: Kysely<Database>,
  member: PortalMember,
  callerUid: string,
): Promise<TPortalColleagues> {
  const [users, invitations] = await Promise.all([
    db
      .selectFrom('users')
      .select(['uid', 'email', 'display_name', 'member_role as role', 'last_sign_in_at'])
      .where('member_mid', '=', member.mid)
      .where('member_role', 'is not', null)
      .where('disabled', '=', false)
      .where('deleted_at', 'is', null)
      // A group's people who keep this member's account besides their own.
      .unionAll(
        db
          .selectFrom('member_user_links as l')
          .innerJoin('users as u', 'u.uid', 'l.uid')
          .select(['u.uid', 'u.email', 'u.display_name', 'l.role', 'u.last_sign_in_at'])
          .where('l.member_mid', '=', member.mid)
          .where('u.disabled', '=', false)
          .where('u.deleted_at', 'is', null),
      )
      .orderBy('email')
      .execute(),
    db
      .selectFrom('member_invitations as i')
      .leftJoin('users as u', 'u.uid', 'i.invited_by')
      .select(['i.id', 'i.email', 'i.role', 'i.created_at', 'i.expires_at', 'u.email as inviter'])
      .where('i.member_mid', '=', member.mid)
      .where('i.answered_at', 'is', null)
      .where('i.expires_at', '>', clock.now())
      .orderBy('i.created_at', 'desc')
      .execute(),
  ]);
  return {
    colleagues: users.flatMap((user) =>
      user.role
        ? [
            {
              uid: user.uid,
              email: user.email,
              displayName: user.display_name,
              role: user.role,
              lastSignInAt: user.last_sign_in_at
                ? new Date(user.last_sign_in_at).toISOString()
                : null,
              isYou: user.uid === callerUid,
            },
          ]
        : [],
    ),
    invitations: invitations.map((invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedBy: invitation.inviter,
      invitedAt: new Date(invitation.created_at).toISOString(),
      expiresAt: new Date(invitation.expires_at).toISOString(),
    })),
    canManage: member.role === 'owner' || member.role === 'admin',
  };
}
