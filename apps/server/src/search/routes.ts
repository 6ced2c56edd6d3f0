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
import { apiRoutes } from '../http/api-route';

/** The search indexes screen: what the index holds, and rebuilding it. */
export const searchIndexRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'search');

  route({
    method: 'GET',
    url: '/api/search/indexes',
    summary: 'The search index: documents per type, last update, last rebuild, running rebuild',
    response: ZSearchIndexesResponse,
    handler: async () => ({
      indexes: [await getSearchIndexStats(app.deps.db, app.deps.config.searchIndex)],
    }),
  });

  route({
    method: 'POST',
    url: '/api/search/indexes/:index/rebuild',
    permission: 'search.rebuild',
    summary:
      'Rebuild the index in the background (built aside, then swapped in; searches go on). Returns the task, or the one already waiting or running.',
    params: ZSearchIndexParams,
    body: z.object({}).strict().optional(),
    response: ZSearchTask,
    status: 202,
    handler: async (request) => {
      const { index } = request.params;
      if (index !== app.deps.config.searchIndex) {
        throw new AppError('not-found', `There is no search index ${index}.`);
      }
      const { user } = requireSession(request);
      const { task } = await requestRebuild(app.deps.db, index, user.uid);
      return toSearchTask(task);
    },
  });

  route({
    method: 'GET',
    url: '/api/search/tasks/:uid',
    summary: 'A rebuild task: status, documents written so far, result',
    params: ZSearchTaskParams,
    response: ZSearchTask,
    handler: async (request) => getSearchTask(app.deps.db, request.params.uid),
  });
};
