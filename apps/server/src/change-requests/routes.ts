import {
  ZChangeRequestApprove,
  ZChangeRequestDecision,
  ZChangeRequestDecline,
  ZChangeRequestDetail,
  ZChangeRequestParams,
  ZChangeRequestsListPage,
  ZChangeRequestsListQuery,
  ZMemberPortalSettings,
  ZMemberPortalSettingsResult,
  ZMemberPortalSettingsUpdate,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../http/actor';
import { apiRoutes } from '../http/api-route';
import { storedDocumentReply } from '../http/inline-document';
import { approveChangeRequest } from './approve';
import { declineChangeRequest } from './decline';
import { getChangeRequestDetail } from './detail';
import { getChangeRequestDocument } from './documents';
import { listChangeRequests } from './list';
import { getMemberPortalSettings, updateMemberPortalSettings } from './settings';

/**
 * The console's change requests (issue 35): the queue of what members asked from the portal,
 * one request beside the member's current record, approve (as asked or edited) or decline; and
 * the setting of which fields members change without review. Read by every operator; decided by
 * those who edit members.
 */
export const changeRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'change-requests');
  const { db } = app.deps;

  route({
    method: 'GET',
    url: '/api/change-requests',
    summary:
      'The change-request queue: filters (status, kind, member), q (member name or number), oldest first, keyset pages and the total',
    querystring: ZChangeRequestsListQuery,
    response: ZChangeRequestsListPage,
    handler: async (request) => listChangeRequests(db, request.query),
  });

  route({
    method: 'GET',
    url: '/api/change-requests/:id',
    summary:
      "One change request: each field as the member saw it, what it asks, and the member's value now (marked when it changed since)",
    params: ZChangeRequestParams,
    response: ZChangeRequestDetail,
    handler: async (request) => getChangeRequestDetail(db, request.params.id),
  });

  route({
    method: 'POST',
    url: '/api/change-requests/:id/approve',
    permission: 'members.edit',
    summary:
      "Approve: write the asked (or edited) values to the member, audited; 409 naming who changed which fields when the member's version moved",
    params: ZChangeRequestParams,
    body: ZChangeRequestApprove,
    response: ZChangeRequestDecision,
    handler: async (request) =>
      approveChangeRequest(db, operatorActor(request), request.params.id, request.body),
  });

  route({
    method: 'POST',
    url: '/api/change-requests/:id/decline',
    permission: 'members.edit',
    summary: 'Decline with a reason the member reads in the portal; the record stays as it is',
    params: ZChangeRequestParams,
    body: ZChangeRequestDecline,
    response: ZChangeRequestDecision,
    handler: async (request) =>
      declineChangeRequest(db, operatorActor(request), request.params.id, request.body),
  });

  app.get(
    '/api/change-requests/:id/document',
    {
      schema: {
        tags: ['change-requests'],
        summary: "The request's attached document (a registry extract, say), as a download",
        params: ZChangeRequestParams,
      },
    },
    async (request, reply) => {
      const file = await getChangeRequestDocument(db, request.params.id);
      return storedDocumentReply(reply, file, {
        download: true,
        cacheControl: 'private, no-store',
      }).send(file.content);
    },
  );

  route({
    method: 'GET',
    url: '/api/settings/member-portal',
    summary: 'Which company-data fields members change in the portal without review',
    response: ZMemberPortalSettings,
    handler: async () => getMemberPortalSettings(db),
  });

  route({
    method: 'PUT',
    url: '/api/settings/member-portal',
    permission: 'members.edit',
    summary:
      'Set the fields members change at once (the legal name is always reviewed), with the version read',
    body: ZMemberPortalSettingsUpdate,
    response: ZMemberPortalSettingsResult,
    handler: async (request) =>
      updateMemberPortalSettings(db, operatorActor(request), request.body),
  });
};
