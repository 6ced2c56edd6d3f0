import {
  ZSearchIndexesResponse,
  ZSearchIndexParams,
  ZSearchTask,
  ZSearchTaskParams,
} from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors';
import { requireSession } from '../http/access';
import { requestRebuild } from './rebuild';
import { getSearchIndexStats, getSearchTask, toSearchTask } from './service';

/** The search indexes screen: what the index holds, and rebuilding it. */
export const searchIndexRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search/indexes',
    {
      schema: {
        tags: ['search'],
        summary: 'The search index: documents per type, last update, last rebuild, running rebuild',
        response: { 200: ZSearchIndexesResponse },
      },
    },
    async () => ({
      indexes: [await getSearchIndexStats(app.deps.db, app.deps.config.searchIndex)],
    }),
  );

  app.post(
    '/api/search/indexes/:index/rebuild',
    {
      config: { permission: 'search.rebuild' },
      schema: {
        tags: ['search'],
        summary:
          'Rebuild the index in the background (built aside, then swapped in; searches go on). Returns the task, or the one already waiting or running.',
        params: ZSearchIndexParams,
        body: z.object({}).strict().optional(),
        response: { 202: ZSearchTask },
      },
    },
    async (request, reply) => {
      const { index } = request.params;
      if (index !== app.deps.config.searchIndex) {
        throw new AppError('not-found', `There is no search index ${index}.`);
      }
      const { user } = requireSession(request);
      const { task } = await requestRebuild(app.deps.db, index, user.uid);
      return reply.status(202).send(toSearchTask(task));
    },
  );

  app.get(
    '/api/search/tasks/:uid',
    {
      schema: {
        tags: ['search'],
        summary: 'A rebuild task: status, documents written so far, result',
        params: ZSearchTaskParams,
        response: { 200: ZSearchTask },
      },
    },
    async (request) => getSearchTask(app.deps.db, request.params.uid),
  );
};
