import { ZOperatorPreferences, ZUpdateOperatorPreferencesRequest } from '@ops/contract/preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { readOperatorPreferences, updateOperatorPreferences } from './preferences';
import { apiRoutes } from '../http/api-route';

/**
 * The operator's own list preferences (issue 19): density, and the split of a list and the
 * record beside it. Each operator reads and changes only their own (the session's uid; no id in
 * the path to get wrong). Changed with `workspace.personal`, which every role has, read-only
 * too. Not audited: personal display settings, not business records (see `preferences.ts`).
 */
export const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'preferences');

  route({
    method: 'GET',
    url: '/api/preferences',
    summary: "The signed-in operator's list preferences (the defaults until one is changed)",
    response: ZOperatorPreferences,
    handler: async (request) =>
      readOperatorPreferences(app.deps.db, requireSession(request).user.uid),
  });

  route({
    method: 'PATCH',
    url: '/api/preferences',
    permission: 'workspace.personal',
    summary: "Changes some of the signed-in operator's list preferences; answers all of them",
    body: ZUpdateOperatorPreferencesRequest,
    response: ZOperatorPreferences,
    handler: async (request) =>
      updateOperatorPreferences(app.deps.db, requireSession(request).user.uid, request.body),
  });
};
