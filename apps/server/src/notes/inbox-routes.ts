import { ZOk } from '@ops/contract';
import { ZMarkMentionsReadRequest, ZMyFollowUps, ZMyMentions } from '@ops/contract/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { markMentionsRead } from './mark-mentions-read';
import { myFollowUps } from './my-follow-ups';
import { myMentions } from './my-mentions';
import { noteViewer } from './note-view';
import { apiRoutes } from '../http/api-route';

/**
 * The caller's own share of the notes (issue 19), for the home screen: the follow-ups assigned
 * to them and the notes that mention them. Every operator reads theirs; marking mentions read is
 * part of the personal workspace (`workspace.personal`, read-only operators too).
 */
export const noteInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = apiRoutes(app, 'notes');

  route({
    method: 'GET',
    url: '/api/follow-ups/mine',
    summary:
      'The open follow-ups assigned to the caller: overdue first, then by due day (at most 50), with the counts',
    response: ZMyFollowUps,
    handler: async (request) => myFollowUps(app.deps.db, noteViewer(request)),
  });

  route({
    method: 'GET',
    url: '/api/mentions/mine',
    summary:
      'The notes that mention the caller, newest first (at most 20), and how many are unread',
    response: ZMyMentions,
    handler: async (request) => myMentions(app.deps.db, noteViewer(request)),
  });

  route({
    method: 'POST',
    url: '/api/mentions/read',
    permission: 'workspace.personal',
    summary: "Marks the caller's mentions in these notes read (every unread one without noteIds)",
    body: ZMarkMentionsReadRequest,
    response: ZOk,
    handler: async (request) =>
      markMentionsRead(app.deps.db, noteViewer(request).uid, request.body),
  });
};
