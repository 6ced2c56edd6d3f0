import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endorsementRequestsRoutes } from './endorsement/requests-route';
import { endorsementRoutes } from './endorsement/routes';
import { portalApplicationRoutes } from './portal-routes';
import { applicationRoutes } from './routes';

/** Applications: the list, the detail, the review workflow and its documents. */
export const applicationsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(applicationRoutes);
};

/** The member portal's applications (issue 34): the applicant's own drafts and submissions. */
export const portalApplicationsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalApplicationRoutes);
};

/**
 * The national association's endorsement by link (issue 34): public routes of the portal, the
 * token their only key; and, for its signed-in owner and admin users, the requests waiting.
 */
export const portalEndorsementsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(endorsementRoutes);
  await app.register(endorsementRequestsRoutes);
};
