import { ZPortalMemberQuery, ZPortalMemberSwitch, ZPortalMembership } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { apiRoutes } from '../http/api-route';
import { switchPortalMember } from './portal/member-of-user';
import { getPortalMembership } from './portal/membership';

/** GET /api/membership on the portal: the signed-in user's member (issue 35). */
export const portalMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'membership');

  route({
    method: 'GET',
    url: '/api/membership',
    summary:
      "The signed-in user's member: status, paid-through year, number and name, what is due, the user's role (404 for a user of no member)",
    querystring: ZPortalMemberQuery,
    response: ZPortalMembership,
    handler: async (request) => {
      const session = requireSession(request);
      return getPortalMembership(
        app.deps.db,
        session.user.uid,
        request.query.member,
        session.tokenHash,
      );
    },
  });

  route({
    method: 'PUT',
    url: '/api/membership/current',
    summary:
      "For a person of several members (a group): the member this portal session acts for from now on, one of the user's (404 for another); answers its membership",
    body: ZPortalMemberSwitch,
    response: ZPortalMembership,
    handler: async (request) => {
      const session = requireSession(request);
      const member = await switchPortalMember(
        app.deps.db,
        session.user.uid,
        session.tokenHash,
        request.body.mid,
      );
      return getPortalMembership(app.deps.db, session.user.uid, member.mid);
    },
  });
};
