import type { Language, TPortalInvitation, TPortalInviteRequest } from '@ops/contract';
import { formatMemberDay } from '@ops/contract/member-formats';
import type { Kysely } from 'kysely';
import { insertRecord, updateRecord } from '../../../db/records';
import type { Database } from '../../../db/schema';
import { writeTransaction } from '../../../db/transaction';
import { renderEmail } from '../../../email-templates';
import { queueEmail } from '../../../emails';
import { AppError } from '../../../errors';
import { clock, dayAtHeadquarters } from '../../../lib/clock';
import { newId } from '../../../lib/ids';
import type { PortalMember } from '../member-of-user';
import {
  lockColleagues,
  memberUserActor,
  requireManager,
  requireOwnerFor,
  roleWords,
} from './colleague-rules';

/** How long an invitation can be accepted (issue 35). */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

export type InvitationMailContext = { mailFrom: string; portalUrl: string };

/** The invitation's page in the portal: no secret, it asks the invitee to sign in. */
export const invitationUrl = (portalUrl: string, id: string) => `${portalUrl}/invitations/${id}`;

/**
 * `POST /api/colleagues`: an owner or admin invites a colleague by e-mail with a role (only an
 * owner invites an owner). An open invitation of the same address is withdrawn by the new one;
 * an address already the member's user is a 409. The e-mail goes out in the invitee's language
 * when they have an account, else in the member's; audited in one transaction with it.
 */
export async function inviteColleague(
  db: Kysely<Database>,
  context: InvitationMailContext,
  member: PortalMember,
  callerUid: string,
  request: TPortalInviteRequest,
): Promise<TPortalInvitation> {
  requireManager(member);
  const email = request.email.trim().toLowerCase();
  const actor = memberUserActor(callerUid);
  return writeTransaction(db, async (trx) => {
    const { colleagues, caller } = await lockColleagues(trx, member.mid, callerUid);
    requireOwnerFor(caller, request.role === 'owner');
    if (colleagues.some((user) => user.email === email)) {
      const message = `${email} is already a colleague at ${member.legal_name}.`;
      throw new AppError('aborted', message, {
        issues: [{ path: 'body.email', rule: 'duplicate', message }],
      });
    }
    const open = await trx
      .selectFrom('member_invitations')
      .selectAll()
      .where('member_mid', '=', member.mid)
      .where('email', '=', email)
      .where('answered_at', 'is', null)
      .forUpdate()
      .execute();
    for (const earlier of open) {
      await updateRecord(
        trx,
        actor,
        'member_invitations',
        earlier,
        { answered_at: clock.now(), answer: 'withdrawn', answered_by: callerUid },
        { action: 'withdraw', reason: 'Invited again' },
      );
    }
    const expiresAt = new Date(clock.nowMs() + invitationLifetimeMs);
    const invitation = await insertRecord(
      trx,
      actor,
      'member_invitations',
      {
        id: newId(),
        member_mid: member.mid,
        email,
        role: request.role,
        invited_by: callerUid,
        expires_at: expiresAt,
      },
      { action: 'invite' },
    );
    const invitee = await trx
      .selectFrom('users')
      .select('preferred_language')
      .where('email', '=', email)
      .executeTakeFirst();
    const language: Language = invitee?.preferred_language ?? member.preferred_language;
    const { subject, text, html } = await renderEmail(trx, 'colleague-invitation', language, {
      member: { name: member.legal_name, number: member.number },
      invitedBy: caller.display_name ?? caller.email,
      role: roleWords[language][request.role],
      link: invitationUrl(context.portalUrl, invitation.id),
      expiresOn: formatMemberDay(dayAtHeadquarters(expiresAt), language),
    });
    await queueEmail(trx, context.mailFrom, {
      to: [email],
      subject,
      text,
      html,
      kind: 'colleague-invitation',
      related: { table: 'members', id: member.mid },
    });
    return {
      id: invitation.id,
      email,
      role: invitation.role,
      invitedBy: caller.email,
      invitedAt: new Date(invitation.created_at).toISOString(),
      expiresAt: expiresAt.toISOString(),
    };
  });
}
