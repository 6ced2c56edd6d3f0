import {
  ZPortalApplication,
  ZPortalApplicationParams,
  ZPortalCreateApplicationRequest,
  ZPortalUpdateApplicationRequest,
  ZPortalVersionRequest,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/access';
import { apiRoutes } from '../../http/api-route';
import { createDraft, submitOwnApplication, updateDraft, withdrawOwnApplication } from '../portal';

/**
 * The applicant's writes on the portal: start a draft, save a step, submit, withdraw. Each is
 * the caller's own application only, checked in the operation.
 */
export const draftWritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');
  const uidOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).user.uid;

  route({
    method: 'POST',
    url: '/api/applications',
    summary: 'Start a draft application, numbered, under the signed-in address',
    body: ZPortalCreateApplicationRequest,
    response: ZPortalApplication,
    status: 201,
    handler: async (request) => {
      const { user } = requireSession(request);
      return createDraft(app.deps.db, user, request.body.category);
    },
  });

  route({
    method: 'PATCH',
    url: '/api/applications/:aid',
    summary: 'Save a step of a draft: any of its parts (company, address, contacts)',
    params: ZPortalApplicationParams,
    body: ZPortalUpdateApplicationRequest,
    response: ZPortalApplication,
    handler: async (request) =>
      updateDraft(app.deps.db, uidOf(request), request.params.aid, request.body),
  });

  route({
    method: 'POST',
    url: '/api/applications/:aid/submit',
    summary: "Submit a complete draft to headquarters' queue (once)",
    params: ZPortalApplicationParams,
    body: ZPortalVersionRequest,
    response: ZPortalApplication,
    handler: async (request) =>
      submitOwnApplication(app.deps.db, uidOf(request), request.params.aid, request.body.version, {
        mailFrom: app.deps.config.mailFrom,
        portalUrl: app.deps.config.portalUrl,
      }),
  });

  route({
    method: 'POST',
    url: '/api/applications/:aid/withdraw',
    summary: 'Withdraw an application before a decision',
    params: ZPortalApplicationParams,
    body: ZPortalVersionRequest,
    response: ZPortalApplication,
    handler: async (request) =>
      withdrawOwnApplication(app.deps.db, uidOf(request), request.params.aid, request.body.version),
  });
};
