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

/** The operators area: list, detail, grant, change roles, revoke (spec: Operators). */
export const operatorManageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/operators',
    {
      schema: {
        tags: ['operators'],
        summary: 'The operators list: role and active filters, sorted by e-mail or since',
        querystring: ZOperatorsListQuery,
        response: { 200: ZOperatorsListPage },
      },
    },
    async (request) => listOperators(app.deps.db, request.query),
  );

  app.get(
    '/api/operators/:uid',
    {
      schema: {
        tags: ['operators'],
        summary: 'One operator: user, roles, active, since',
        params: ZOperatorParams,
        response: { 200: ZOperatorDetail },
      },
    },
    async (request) =>
      getOperatorDetail(app.deps.db, request.params.uid, requireSession(request).user.uid),
  );

  app.post(
    '/api/operators',
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags: ['operators'],
        summary: 'Grant operator access to a user with roles (again, after a revocation)',
        body: ZGrantOperatorRequest,
        response: { 200: ZOperatorDetail },
      },
    },
    async (request) => {
      await grantOperator(app.deps.db, operatorActor(request), request.body);
      return getOperatorDetail(app.deps.db, request.body.uid, requireSession(request).user.uid);
    },
  );

  app.patch(
    '/api/operators/:uid',
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags: ['operators'],
        summary: "Change an operator's roles (version checked; the last admin keeps admin)",
        params: ZOperatorParams,
        body: ZUpdateOperatorRolesRequest,
        response: { 200: ZOperatorDetail },
      },
    },
    async (request) => {
      await updateOperatorRoles(
        app.deps.db,
        operatorActor(request),
        request.params.uid,
        request.body,
      );
      return getOperatorDetail(app.deps.db, request.params.uid, requireSession(request).user.uid);
    },
  );

  app.post(
    '/api/operators/:uid/revoke',
    {
      config: { permission: 'operators.manage' },
      schema: {
        tags: ['operators'],
        summary: 'Revoke operator access at once (not oneself, not the last admin; the user stays)',
        params: ZOperatorParams,
        body: ZRevokeOperatorRequest,
        response: { 200: ZOperatorDetail },
      },
    },
    async (request) => {
      await revokeOperator(app.deps.db, operatorActor(request), request.params.uid, request.body);
      return getOperatorDetail(app.deps.db, request.params.uid, requireSession(request).user.uid);
    },
  );
};
