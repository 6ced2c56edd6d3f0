import {
  ZMemberDelete,
  ZMemberDetail,
  ZMemberFormOptions,
  ZMemberParams,
  ZMemberPatch,
  ZMemberRestore,
  ZMemberStatusChange,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { deleteMember, restoreMember } from './delete';
import { getMemberFormOptions, requireMemberDetail } from './detail';
import { updateMember } from './edit';
import { changeMemberStatus } from './status';
import { apiRoutes } from '../http/api-route';

/** One member: read, edit, move along the life cycle, delete and restore. */
export const memberDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'members');

  route({
    method: 'GET',
    url: '/api/members/form-options',
    summary: 'Choices of the member edit form: countries and association members',
    response: ZMemberFormOptions,
    handler: async () => getMemberFormOptions(app.deps.db),
  });

  route({
    method: 'GET',
    url: '/api/members/:mid',
    summary:
      'One member: every field, country and national association, authors, version, and its users, invoices, certificates, applications and e-mails (a deleted member is shown with deletedAt)',
    params: ZMemberParams,
    response: ZMemberDetail,
    handler: async (request) => requireMemberDetail(app.deps.db, request.params.mid),
  });

  route({
    method: 'PATCH',
    url: '/api/members/:mid',
    permission: 'members.edit',
    summary:
      'Edit a member: any editable fields with the version read (409 if someone changed it since)',
    params: ZMemberParams,
    body: ZMemberPatch,
    response: ZMemberDetail,
    handler: async (request) => {
      const { version, ...changes } = request.body;
      return updateMember(app.deps.db, operatorActor(request), {
        mid: request.params.mid,
        version,
        changes,
      });
    },
  });

  route({
    method: 'POST',
    url: '/api/members/:mid/status',
    permission: 'members.edit',
    summary:
      'Move a member along its life cycle; terminated and resigned need a reason (400 `transition` for a move the life cycle does not allow)',
    params: ZMemberParams,
    body: ZMemberStatusChange,
    response: ZMemberDetail,
    handler: async (request) =>
      changeMemberStatus(app.deps.db, operatorActor(request), {
        mid: request.params.mid,
        ...request.body,
      }),
  });

  route({
    method: 'DELETE',
    url: '/api/members/:mid',
    permission: 'members.edit',
    summary:
      'Soft-delete a member with a reason (refused while it has unpaid issued invoices or is the national association of others); it can be restored',
    params: ZMemberParams,
    body: ZMemberDelete,
    response: ZMemberDetail,
    handler: async (request) =>
      deleteMember(app.deps.db, operatorActor(request), {
        mid: request.params.mid,
        ...request.body,
      }),
  });

  route({
    method: 'POST',
    url: '/api/members/:mid/restore',
    permission: 'members.edit',
    summary: 'Restore a soft-deleted member',
    params: ZMemberParams,
    body: ZMemberRestore,
    response: ZMemberDetail,
    handler: async (request) =>
      restoreMember(app.deps.db, operatorActor(request), {
        mid: request.params.mid,
        ...request.body,
      }),
  });
};
