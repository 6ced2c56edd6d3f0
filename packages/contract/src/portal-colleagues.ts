import { z } from 'zod';
import { ZEmail } from './email';
import { portalMemberRoles } from './portal-membership';

/**
 * A member's colleagues in the member portal (issue 35): the member's users with their role, and
 * the invitations not yet answered. Owners and admins invite, change roles and remove; staff see
 * who is there. The last owner stays: it can be neither removed nor made anything else.
 */

const ZRole = z.enum(portalMemberRoles);

export const ZPortalColleague = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: ZRole,
  lastSignInAt: z.string().nullable(),
  isYou: z.boolean(),
});
export type TPortalColleague = z.infer<typeof ZPortalColleague>;

export const ZPortalInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: ZRole,
  invitedBy: z.string().nullable().describe("The inviter's e-mail address"),
  invitedAt: z.string(),
  expiresAt: z.string().describe('7 days after it was sent'),
});
export type TPortalInvitation = z.infer<typeof ZPortalInvitation>;

export const ZPortalColleagues = z
  .object({
    colleagues: z.array(ZPortalColleague),
    invitations: z.array(ZPortalInvitation).describe('Sent, not yet accepted, not expired'),
    canManage: z.boolean().describe('The caller is an owner or admin: may invite, change, remove'),
  })
  .describe("The member's users and open invitations");
export type TPortalColleagues = z.infer<typeof ZPortalColleagues>;

export const ZPortalInviteRequest = z
  .object({
    email: ZEmail,
    role: ZRole,
  })
  .describe('Invite a colleague by e-mail, with the role they will have');
export type TPortalInviteRequest = z.infer<typeof ZPortalInviteRequest>;

export const ZPortalColleagueParams = z.object({ uid: z.string().min(1).max(60) });

export const ZPortalRoleRequest = z.object({ role: ZRole }).describe("The colleague's new role");
export type TPortalRoleRequest = z.infer<typeof ZPortalRoleRequest>;

export const ZPortalInvitationParams = z.object({ id: z.string().min(1).max(60) });

/** An invitation as its invitee sees it, signed in with the invited address. */
export const ZPortalReceivedInvitation = z.object({
  id: z.string(),
  memberName: z.string(),
  memberNumber: z.string(),
  role: ZRole,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type TPortalReceivedInvitation = z.infer<typeof ZPortalReceivedInvitation>;

export const ZPortalReceivedInvitations = z
  .object({ items: z.array(ZPortalReceivedInvitation) })
  .describe('The open invitations to the signed-in address');

export const ZPortalInvitationAnswer = z
  .object({ accept: z.boolean() })
  .describe('Accept (become a user of the member with the role) or decline');
