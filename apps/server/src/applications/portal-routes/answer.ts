import { ZPortalAnswerRequest, ZPortalApplication, ZPortalApplicationParams } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../http/access';
import { apiRoutes } from '../../http/api-route';
import { answerOwnApplication } from '../portal';

/**
 * `POST /api/applications/{aid}/answer` on the portal: the signed-in applicant answers staff's
 * request for information on their own application (another's is a 404).
 */
export const answerRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'applications');

  route({
    method: 'POST',
    url: '/api/applications/:aid/answer',
    summary: "Answer headquarters' request for information: the application goes back to review",
    params: ZPortalApplicationParams,
    body: ZPortalAnswerRequest,
    response: ZPortalApplication,
    handler: async (request) =>
      answerOwnApplication(
        app.deps.db,
        requireSession(request).user.uid,
        request.params.aid,
        request.body,
      ),
  });
};
