import {
  ZGrantOperatorRequest,
  ZOperatorDetail,
  ZOperatorParams,
  ZOperatorsListPage,
  ZOperatorsListQuery,
  ZRevokeOperatorRequest,
  ZUpdateOperatorRolesRequest,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { operatorActor } from '../http/actor';
import { listOperators } from './list';
import { getOperatorDetail, grantOperator, revokeOperator, updateOperatorRoles } from './manage';
import { apiRoutes } from '../http/api-route';

/** The operators area: list, detail, grant, change roles, revoke (spec: Operators). */
export const operatorManageRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'operators');

  route({
    method: 'GET',
    url: '/api/operators',
    summary: 'The operators list: role and active filters, sorted by e-mail or since',
    querystring: ZOperatorsListQuery,
    response: ZOperatorsListPage,
    handler: async (request) => listOperators(app.deps.db, request.query),
  });

  route({
    method: 'GET',
    url: '/api/operators/:uid',
    summary: 'One operator: user, roles, active, since',
    params: ZOperatorParams,
    response: ZOperatorDetail,
    handler: async (request) =>
      getOperatorDetail(app.deps.db, request.params.uid, requireSession(request).user.uid),
  });

  route({
    method: 'POST',
    url: '/api/operators',
    permission: 'operators.manage',
    summary: 'Grant operator access to a user with roles (again, after a revocation)',
    body: ZGrantOperatorRequest,
    response: ZOperatorDetail,
    handler: async (request) => {
      await grantOperator(app.deps.db, operatorActor(request), request.body);
      return getOperatorDetail(app.deps.db, request.body.uid, requireSession(request).user.uid);
    },
  });

  route({
    method: 'PATCH',
    url: '/api/operators/:uid',
    permission: 'operators.manage',
    summary: "Change an operator's roles (version checked; the last admin keeps admin)",
    params: ZOperatorParams,
    body: ZUpdateOperatorRolesRequest,
    response: ZOperatorDetail,
    handler: async (request) => {
      await updateOperatorRoles(
        app.deps.db,
        operatorActor(request),
        request.params.uid,
        request.body,
      );
      return getOperatorDetail(app.deps.db, request.params.uid, requireSession(request).user.uid);
    },
  });

  route({
    method: 'POST',
    url: '/api/operators/:uid/revoke',
    permission: 'operators.manage',
    summary: 'Revoke operator access at once (not oneself, not the last admin; the user stays)',
    params: ZOperatorParams,
    body: ZRevokeOperatorRequest,
    response: ZOperatorDetail,
    handler: async (request) => {
      await revokeOperator(app.deps.db, operatorActor(request), request.params.uid, request.body);
      return getOperatorDetail(app.deps.db, request.params.uid, requireSession(request).user.uid);
    },
  });
};
