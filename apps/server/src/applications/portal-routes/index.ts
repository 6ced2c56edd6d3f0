import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerRoutes } from './answer';
import { portalDocumentsRoutes } from './documents';
import { draftWritesRoutes } from './draft-writes';
import { ownApplicationsRoutes } from './own-applications';

/** A draft's JSON is a few kilobytes: nobody may make the portal read the API's 10 MB limit. */
export const portalApplicationBodyLimit = 64 * 1024;

/**
 * The member portal's applications (issue 34): the signed-in applicant's own, read and written
 * through the applicant's operations (`../portal/`). Registered on the portal's app only.
 */
export const portalApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= portalApplicationBodyLimit;
  });
  await app.register(ownApplicationsRoutes);
  await app.register(draftWritesRoutes);
  await app.register(answerRoutes);
  // Its upload route sets its own 10 MB limit.
  await app.register(portalDocumentsRoutes);
};
