import {
  ZCreateSavedViewRequest,
  ZDeleteSavedViewQuery,
  ZSavedView,
  ZSavedViewDefault,
  ZSavedViewDefaultParams,
  ZSavedViewParamsPath,
  ZSavedViews,
  ZSavedViewsQuery,
  ZSetSavedViewDefaultRequest,
  ZUpdateSavedViewRequest,
} from '@ops/contract/saved-views';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from './caller';
import { createSavedView } from './create-view';
import { deleteSavedView } from './delete-view';
import { listSavedViews } from './list-views';
import { setSavedViewDefault } from './set-default';
import { updateSavedView } from './update-view';

/**
 * Saved views (issue 19): a list's search, filters, sort and columns under a name, personal or
 * shared with every operator. Every write is the operator's own workspace
 * (`workspace.personal`, read-only operators too); sharing needs `views.share`, and changing
 * another operator's shared view `views.manage-shared` — the services decide those per view.
 */
export const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/saved-views',
    {
      schema: {
        tags: ['saved-views'],
        summary:
          "The caller's own views and every shared view (of one list, or all), by list then name; each resolved: what no longer applies is left out of what opens and named in `dropped`",
        querystring: ZSavedViewsQuery,
        response: { 200: ZSavedViews },
      },
    },
    async (request) => listSavedViews(app.deps.db, callerOf(request), request.query),
  );

  app.post(
    '/api/saved-views',
    {
      config: { permission: 'workspace.personal' },
      schema: {
        tags: ['saved-views'],
        summary:
          'Saves a view of a list under a name, personal or shared (isShared needs views.share), optionally as the default of the list',
        body: ZCreateSavedViewRequest,
        response: { 201: ZSavedView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSavedView(app.deps.db, callerOf(request), request.body)),
  );

  app.patch(
    '/api/saved-views/:id',
    {
      config: { permission: 'workspace.personal' },
      schema: {
        tags: ['saved-views'],
        summary:
          "Renames a view, updates it with the current state, or shares / unshares it, at the version read: one's own (shared ones with views.share), another's shared view with views.manage-shared",
        params: ZSavedViewParamsPath,
        body: ZUpdateSavedViewRequest,
        response: { 200: ZSavedView },
      },
    },
    async (request) =>
      updateSavedView(app.deps.db, callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/saved-views/:id',
    {
      config: { permission: 'workspace.personal' },
      schema: {
        tags: ['saved-views'],
        summary: 'Deletes a view at the version read, on the same terms as a change',
        params: ZSavedViewParamsPath,
        querystring: ZDeleteSavedViewQuery,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteSavedView(
        app.deps.db,
        callerOf(request),
        request.params.id,
        request.query.version,
      );
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/api/saved-views/defaults/:list',
    {
      config: { permission: 'workspace.personal' },
      schema: {
        tags: ['saved-views'],
        summary:
          "Sets the caller's default view of a list (one they see, of that list); null for none",
        params: ZSavedViewDefaultParams,
        body: ZSetSavedViewDefaultRequest,
        response: { 200: ZSavedViewDefault },
      },
    },
    async (request) =>
      setSavedViewDefault(app.deps.db, callerOf(request), request.params.list, request.body),
  );
};
