import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noteInboxRoutes } from './inbox-routes';
import { noteRoutes } from './routes';

/** Notes, mentions and follow-ups (issue 19): a record's notes, and each operator's own share. */
export const notesArea: FastifyPluginAsyncZod = async (app) => {
  await app.register(noteRoutes);
  await app.register(noteInboxRoutes);
};
