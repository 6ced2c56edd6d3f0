import {
  maxApplicationDocumentBytes,
  portalDocumentContentTypes,
  ZChangeRequestCreate,
  ZChangeRequestCreated,
  ZChangeRequestParams,
  ZCloseAccountRequest,
  ZPortalChangeRequest,
  ZPortalChangeRequests,
  ZPortalCompany,
  ZPortalMemberQuery,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../http/access';
import { storedDocumentReply } from '../http/inline-document';
import { portalMemberOf, portalMemberRoutes } from '../members';
import { attachChangeRequestDocument, getChangeRequestDocument } from './documents';
import { getPortalCompany, listOwnChangeRequests } from './portal-company';
import { requestCompanyChange } from './request-change';
import { requestAccountClosure } from './request-close';
import { withdrawChangeRequest } from './withdraw';

/**
 * The member's company data in the portal (issue 35): read it, change it (direct fields at once,
 * the others as a request for staff), follow the requests, attach a document to one.
 */
export const portalChangeRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = portalMemberRoutes(app, 'company');
  const { db } = app.deps;

  route.read({
    url: '/api/company',
    summary:
      "The member's company data as staff keep it, the fields changed at once, and the requests waiting for staff",
    response: ZPortalCompany,
    handler: (member) => getPortalCompany(db, member),
  });

  route.write({
    method: 'POST',
    url: '/api/change-requests',
    summary:
      'Change company data (owners and admins): the direct fields are written at once, the others wait for staff as one request; 201 with both',
    body: ZChangeRequestCreate,
    response: ZChangeRequestCreated,
    status: 201,
    handler: (member, { body, uid }) => requestCompanyChange(db, member, uid, body),
  });

  route.write({
    method: 'POST',
    url: '/api/change-requests/close-account',
    summary:
      "Ask staff to close the member's account (owners): nothing ends by itself; staff record the resignation when they approve",
    body: ZCloseAccountRequest,
    response: ZPortalChangeRequest,
    status: 201,
    handler: (member, { body, uid }) => requestAccountClosure(db, member, uid, body),
  });

  route.write({
    method: 'POST',
    url: '/api/change-requests/:id/withdraw',
    summary:
      "Take back a pending request of the member (owners and admins): it leaves staff's queue; a decided one is a 400 naming its status",
    params: ZChangeRequestParams,
    response: ZPortalChangeRequest,
    handler: (member, { params, uid }) => withdrawChangeRequest(db, member, uid, params.id),
  });

  route.read({
    url: '/api/change-requests',
    summary: "The member's change requests, newest first, with staff's decisions",
    response: ZPortalChangeRequests,
    handler: (member) => listOwnChangeRequests(db, member.mid),
  });

  const querystring = ZPortalMemberQuery.extend({
    fileName: z.string().max(255).optional().describe("The file's name on the member's device"),
  });
  const memberOf = (request: Parameters<typeof requireSession>[0], mid: string | undefined) => {
    const session = requireSession(request);
    return portalMemberOf(db, session.user.uid, mid, session.tokenHash);
  };

  const documentUpload: FastifyPluginAsyncZod = async (scope) => {
    // This scope only: the file arrives whole as bytes; its content decides what it is.
    scope.addContentTypeParser(
      [...portalDocumentContentTypes, 'application/octet-stream'],
      { parseAs: 'buffer' },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/change-requests/:id/document',
      {
        bodyLimit: maxApplicationDocumentBytes,
        schema: {
          tags: ['company'],
          summary:
            'Attach one document to a pending request as the raw body (PDF, PNG or JPEG, at most 10 MB, judged by its content); a second replaces the first',
          params: ZChangeRequestParams,
          querystring,
          response: { 200: ZPortalChangeRequest },
        },
      },
      async (request) => {
        const member = await memberOf(request, request.query.member);
        return attachChangeRequestDocument(
          db,
          member,
          requireSession(request).user.uid,
          request.params.id,
          { fileName: request.query.fileName, body: request.body },
        );
      },
    );
  };
  await app.register(documentUpload);

  app.get(
    '/api/change-requests/:id/document',
    {
      schema: {
        tags: ['company'],
        summary: "A request's document, as a download",
        params: ZChangeRequestParams,
        querystring: ZPortalMemberQuery,
      },
    },
    async (request, reply) => {
      const member = await memberOf(request, request.query.member);
      const file = await getChangeRequestDocument(db, request.params.id, member.mid);
      return storedDocumentReply(reply, file, {
        download: true,
        cacheControl: 'private, no-store',
      }).send(file.content);
    },
  );
};
