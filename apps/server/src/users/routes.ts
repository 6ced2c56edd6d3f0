import {
  can,
  ZBulkSetUsersDisabledRequest,
  ZEndUserSessionsResponse,
  ZSendUserSignInLinkResponse,
  ZUpdateUserRequest,
  ZUserActionRequest,
  ZUserBulkResult,
  ZUserDetail,
  ZUserParams,
  ZUsersListPage,
  ZUsersListQuery,
} from '@ops/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession, sessionPolicy } from '../http/access';
import { operatorActor } from '../http/actor';
import { listExportRoute } from '../lists';
import { setUserDisabled, updateUser, type UserManager } from './actions';
import { bulkSetUsersDisabled } from './bulk';
import { getUserDetail } from './detail';
import { listUsers, usersListFor } from './list';
import { endUserSessions, sendUserSignInLink } from './sessions';
import { apiRoutes } from '../http/api-route';

/** The operator of a request, and whether their roles also let them act on operators' users. */
function userManager(request: FastifyRequest): UserManager {
  return {
    ...operatorActor(request),
    mayManageOperators: can(requireSession(request).roles, 'operators.manage'),
  };
}

/** The users area: list, export, detail, edit, disable/enable, sign-in link, end sessions. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'users');

  const detail = (uid: string) => getUserDetail(app.deps.db, uid, sessionPolicy(app));

  route({
    method: 'GET',
    url: '/api/users',
    summary:
      'The users list: filters per column, full-text q, sort, keyset pages (cursor) and the total (counted up to 10,000 rows, estimated above)',
    querystring: ZUsersListQuery,
    response: ZUsersListPage,
    handler: async (request) => listUsers(app.deps.db, request.query),
  });

  listExportRoute(app, 'users', {
    summary: 'CSV of every user the same filters, q and sort select (not only a page), streamed',
    listQuery: ZUsersListQuery,
    list: (query) => usersListFor(query),
  });

  route({
    method: 'POST',
    url: '/api/users/bulk/disabled',
    permission: 'users.manage',
    summary:
      'Disable (ending their sessions) or enable the selected users, or every user a list view matches',
    body: ZBulkSetUsersDisabledRequest,
    response: ZUserBulkResult,
    handler: async (request) =>
      bulkSetUsersDisabled(app.deps.db, userManager(request), request.body, request.log),
  });

  route({
    method: 'GET',
    url: '/api/users/:uid',
    summary: 'One user: member and role, sign-in methods, sessions, operator status',
    params: ZUserParams,
    response: ZUserDetail,
    handler: async (request) => detail(request.params.uid),
  });

  route({
    method: 'PATCH',
    url: '/api/users/:uid',
    permission: 'users.manage',
    summary:
      "Edit a user's display name, member and role there, and preferred language (version checked)",
    params: ZUserParams,
    body: ZUpdateUserRequest,
    response: ZUserDetail,
    handler: async (request) => {
      await updateUser(app.deps.db, userManager(request), request.params.uid, request.body);
      return detail(request.params.uid);
    },
  });

  for (const disabled of [true, false]) {
    app.post(
      `/api/users/:uid/${disabled ? 'disable' : 'enable'}`,
      {
        config: { permission: 'users.manage' },
        schema: {
          tags: ['users'],
          summary: disabled
            ? 'Disable a user: they can no longer sign in, and their sessions end at once'
            : 'Enable a disabled user',
          params: ZUserParams,
          body: ZUserActionRequest.optional(),
          response: { 200: ZUserDetail },
        },
      },
      async (request) => {
        await setUserDisabled(app.deps.db, userManager(request), request.params.uid, {
          disabled,
          version: request.body?.version,
        });
        return detail(request.params.uid);
      },
    );
  }

  route({
    method: 'POST',
    url: '/api/users/:uid/sign-in-link',
    permission: 'users.manage',
    summary: 'E-mail the user a single-use sign-in link (the link is never returned)',
    params: ZUserParams,
    response: ZSendUserSignInLinkResponse,
    handler: async (request) =>
      sendUserSignInLink(app.deps, userManager(request), request.params.uid),
  });

  route({
    method: 'POST',
    url: '/api/users/:uid/end-sessions',
    permission: 'users.manage',
    summary: 'End every session of the user at once',
    params: ZUserParams,
    response: ZEndUserSessionsResponse,
    handler: async (request) =>
      endUserSessions(app.deps.db, userManager(request), request.params.uid),
  });
};
