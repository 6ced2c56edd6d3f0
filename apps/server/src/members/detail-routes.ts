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
import { AppError } from '../errors';
import { operatorActor } from '../http/actor';
import { deleteMember, restoreMember } from './delete';
import { getMemberDetail, getMemberFormOptions } from './detail';
import { updateMember } from './edit';
import { changeMemberStatus } from './status';

/** One member: read, edit, move along the life cycle, delete and restore. */
export const memberDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members/form-options',
    {
      schema: {
        tags: ['members'],
        summary: 'Choices of the member edit form: countries and association members',
        response: { 200: ZMemberFormOptions },
      },
    },
    async () => getMemberFormOptions(app.deps.db),
  );

  app.get(
    '/api/members/:mid',
    {
      schema: {
        tags: ['members'],
        summary:
          'One member: every field, country and national association, authors, version, and its users, invoices, certificates, applications and e-mails (a deleted member is shown with deletedAt)',
        params: ZMemberParams,
        response: { 200: ZMemberDetail },
      },
    },
    async (request) => {
      const detail = await getMemberDetail(app.deps.db, request.params.mid);
      if (!detail) throw new AppError('not-found', `No member has the id ${request.params.mid}.`);
      return detail;
    },
  );

  app.patch(
    '/api/members/:mid',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags: ['members'],
        summary:
          'Edit a member: any editable fields with the version read (409 if someone changed it since)',
        params: ZMemberParams,
        body: ZMemberPatch,
        response: { 200: ZMemberDetail },
      },
    },
    async (request) => {
      const { version, ...changes } = request.body;
      return updateMember(app.deps.db, operatorActor(request), {
        mid: request.params.mid,
        version,
        changes,
      });
    },
  );

  app.post(
    '/api/members/:mid/status',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags: ['members'],
        summary:
          'Move a member along its life cycle; terminated and resigned need a reason (400 `transition` for a move the life cycle does not allow)',
        params: ZMemberParams,
        body: ZMemberStatusChange,
        response: { 200: ZMemberDetail },
      },
    },
    async (request) =>
      changeMemberStatus(app.deps.db, operatorActor(request), {
        mid: request.params.mid,
        ...request.body,
      }),
  );

  app.delete(
    '/api/members/:mid',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags: ['members'],
        summary:
          'Soft-delete a member with a reason (refused while it has unpaid issued invoices or is the national association of others); it can be restored',
        params: ZMemberParams,
        body: ZMemberDelete,
        response: { 200: ZMemberDetail },
      },
    },
    async (request) =>
      deleteMember(app.deps.db, operatorActor(request), {
        mid: request.params.mid,
        ...request.body,
      }),
  );

  app.post(
    '/api/members/:mid/restore',
    {
      config: { permission: 'members.edit' },
      schema: {
        tags: ['members'],
        summary: 'Restore a soft-deleted member',
        params: ZMemberParams,
        body: ZMemberRestore,
        response: { 200: ZMemberDetail },
      },
    },
    async (request) =>
      restoreMember(app.deps.db, operatorActor(request), {
        mid: request.params.mid,
        ...request.body,
      }),
  );
};
