import {
  ZPortalColleagueParams,
  ZPortalColleagues,
  ZPortalInvitation,
  ZPortalInvitationAnswer,
  ZPortalInvitationParams,
  ZPortalInviteRequest,
  ZPortalReceivedInvitations,
  ZPortalRoleRequest,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../http/access';
import { apiRoutes } from '../http/api-route';
import { answerInvitation, receivedInvitations } from './portal/colleagues/answer-invitation';
import { changeColleague } from './portal/colleagues/change-colleague';
import { inviteColleague } from './portal/colleagues/invite-colleague';
import { listColleagues } from './portal/colleagues/list-colleagues';
import { portalMemberRoutes } from './portal/member-routes';

/**
 * The member's colleagues in the portal (issue 35): who is there, invitations by e-mail, roles,
 * removal; and the invitee's side, answering an invitation to their own address.
 */
export const portalColleagueRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = portalMemberRoutes(app, 'colleagues');
  const { db, config } = app.deps;
  const mail = { mailFrom: config.mailFrom, portalUrl: config.portalUrl };

  route.read({
    url: '/api/colleagues',
    summary:
      "The member's users with their roles, the invitations still open, and whether the caller may manage them (owners and admins)",
    response: ZPortalColleagues,
    handler: (member, _params, uid) => listColleagues(db, member, uid),
  });

  route.write({
    method: 'POST',
    url: '/api/colleagues',
    summary:
      'Invite a colleague by e-mail with a role (owners and admins; the owner role by an owner): an e-mail in their language, valid 7 days',
    body: ZPortalInviteRequest,
    response: ZPortalInvitation,
    status: 201,
    handler: (member, { body, uid }) => inviteColleague(db, mail, member, uid, body),
  });

  route.write({
    method: 'PATCH',
    url: '/api/colleagues/:uid',
    summary:
      "Change a colleague's role (owners and admins; the owner role by an owner); the last owner keeps it (409 `last-owner`)",
    params: ZPortalColleagueParams,
    body: ZPortalRoleRequest,
    response: ZPortalColleagues,
    handler: (member, { params, body, uid }) =>
      changeColleague(db, member, uid, params.uid, { role: body.role }),
  });

  route.write({
    method: 'DELETE',
    url: '/api/colleagues/:uid',
    summary:
      'Remove a colleague from the member (owners and admins; an owner by an owner): their portal sessions end at once; never the last owner (409 `last-owner`)',
    params: ZPortalColleagueParams,
    response: ZPortalColleagues,
    handler: (member, { params, uid }) =>
      changeColleague(db, member, uid, params.uid, { remove: true }),
  });

  const invitations = apiRoutes(app, 'colleagues');

  invitations({
    method: 'GET',
    url: '/api/invitations',
    summary: "The open invitations to the signed-in person's own address",
    response: ZPortalReceivedInvitations,
    handler: async (request) => ({
      items: await receivedInvitations(db, requireSession(request).user.email),
    }),
  });

  invitations({
    method: 'POST',
    url: '/api/invitations/:id/answer',
    summary:
      'Accept (become a user of the member with the role) or decline an invitation to your own address; 409 when answered, withdrawn or expired',
    params: ZPortalInvitationParams,
    body: ZPortalInvitationAnswer,
    response: z.object({ memberMid: z.string().nullable() }),
    handler: (request) => {
      const { user } = requireSession(request);
      return answerInvitation(db, user, request.params.id, request.body.accept);
    },
  });
};
