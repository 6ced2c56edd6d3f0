import {
  ZApplicationActionRequest,
  ZApplicationActionResult,
  ZApplicationParams,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorActor } from '../../http/actor';
import { runApplicationAction } from '../workflow';

/** POST /api/applications/:aid/actions: one step of the review workflow (`workflow/`). */
export const runApplicationActionRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/applications/:aid/actions',
    {
      config: { permission: 'applications.review' },
      schema: {
        tags: ['applications'],
        summary:
          'One step of the review workflow (submit, endorsement, review, request information, approve, reject, withdraw); approving creates the member, links the applicant, issues the first invoice and queues the e-mail in one transaction',
        params: ZApplicationParams,
        body: ZApplicationActionRequest,
        response: { 200: ZApplicationActionResult },
      },
    },
    async (request) =>
      runApplicationAction(
        { db: app.deps.db, mailFrom: app.deps.config.mailFrom },
        operatorActor(request),
        request.params.aid,
        request.body,
      ),
  );
};
