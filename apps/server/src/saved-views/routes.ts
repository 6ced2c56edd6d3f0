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
import { apiRoutes } from '../http/api-route';

/**
 * Saved views (issue 19): a list's search, filters, sort and columns under a name, personal or
 * shared with every operator. Every write is the operator's own workspace
 * (`workspace.personal`, read-only operators too); sharing needs `views.share`, and changing
 * another operator's shared view `views.manage-shared` — the services decide those per view.
 */
export const savedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'saved-views');

  route({
    method: 'GET',
    url: '/api/saved-views',
    summary:
      "The caller's own views and every shared view (of one list, or all), by list then name; each resolved: what no longer applies is left out of what opens and named in `dropped`",
    querystring: ZSavedViewsQuery,
    response: ZSavedViews,
    handler: async (request) => listSavedViews(app.deps.db, callerOf(request), request.query),
  });

  route({
    method: 'POST',
    url: '/api/saved-views',
    permission: 'workspace.personal',
    summary:
      'Saves a view of a list under a name, personal or shared (isShared needs views.share), optionally as the default of the list',
    body: ZCreateSavedViewRequest,
    response: ZSavedView,
    status: 201,
    handler: async (request) => createSavedView(app.deps.db, callerOf(request), request.body),
  });

  route({
    method: 'PATCH',
    url: '/api/saved-views/:id',
    permission: 'workspace.personal',
    summary:
      "Renames a view, updates it with the current state, or shares / unshares it, at the version read: one's own (shared ones with views.share), another's shared view with views.manage-shared",
    params: ZSavedViewParamsPath,
    body: ZUpdateSavedViewRequest,
    response: ZSavedView,
    handler: async (request) =>
      updateSavedView(app.deps.db, callerOf(request), request.params.id, request.body),
  });

  route({
    method: 'DELETE',
    url: '/api/saved-views/:id',
    permission: 'workspace.personal',
    summary: 'Deletes a view at the version read, on the same terms as a change',
    params: ZSavedViewParamsPath,
    querystring: ZDeleteSavedViewQuery,
    response: z.null().describe('Deleted'),
    status: 204,
    handler: async (request) => {
      await deleteSavedView(
        app.deps.db,
        callerOf(request),
        request.params.id,
        request.query.version,
      );
      return null;
    },
  });

  route({
    method: 'PUT',
    url: '/api/saved-views/defaults/:list',
    permission: 'workspace.personal',
    summary: "Sets the caller's default view of a list (one they see, of that list); null for none",
    params: ZSavedViewDefaultParams,
    body: ZSetSavedViewDefaultRequest,
    response: ZSavedViewDefault,
    handler: async (request) =>
      setSavedViewDefault(app.deps.db, callerOf(request), request.params.list, request.body),
  });
};
