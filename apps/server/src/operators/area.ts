import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorManageRoutes } from './manage-routes';

/** Operators: who may use the console, with which roles (list, detail, grant, revoke). */
export const operatorsArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(operatorManageRoutes);
};
