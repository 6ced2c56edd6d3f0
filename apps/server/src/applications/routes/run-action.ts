import {
  ZApplicationActionRequest,
  ZApplicationActionResult,
  ZApplicationParams,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { runApplicationAction } from '../workflow';
import { apiRoutes } from '../../http/api-route';

/** POST /api/applications/:aid/actions: one step of the review workflow (`workflow/`). */
export const runApplicationActionRoute: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');

  route({
    method: 'POST',
    url: '/api/applications/:aid/actions',
    permission: 'applications.review',
    summary:
      'One step of the review workflow (submit, endorsement, review, request information, approve, reject, withdraw); approving creates the member, links the applicant, issues the first invoice and queues the e-mail in one transaction',
    params: ZApplicationParams,
    body: ZApplicationActionRequest,
    response: ZApplicationActionResult,
    handler: async (request) =>
      runApplicationAction(
        {
          db: app.deps.db,
          mailFrom: app.deps.config.mailFrom,
          portalUrl: app.deps.config.portalUrl,
        },
        operatorActor(request),
        request.params.aid,
        request.body,
      ),
  });
};
