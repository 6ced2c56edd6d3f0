import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberRoutes } from './routes';
import { memberDetailRoutes } from './detail-routes';
import { memberFixesRoutes } from './fixes-routes';
import { memberUploadRoutes } from './upload-routes';
import { portalColleagueRoutes } from './portal-colleague-routes';
import { portalMembershipRoutes } from './portal-routes';

/** Members: the list and its bulk actions, the detail, fixes and the CSV upload. */
export const membersArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberRoutes);
  await app.register(memberDetailRoutes);
  await app.register(memberFixesRoutes);
  await app.register(memberUploadRoutes);
};

/** The member portal's membership (issue 35): the signed-in user's member, its status and dues. */
export const portalMembershipArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(portalMembershipRoutes);
  await app.register(portalColleagueRoutes);
};
