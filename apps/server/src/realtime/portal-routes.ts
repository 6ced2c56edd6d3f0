import { portalMemberEventsPath, ZPortalMemberQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../http/access';
import { portalMemberOf } from '../members';
import { trackOpenStreams } from './event-stream';
import { streamMemberEvents } from './member-events';

/** The member portal's live events (member-events.ts): what changed, never the data. */
export const portalEventStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStreams = trackOpenStreams(app);

  app.get(
    portalMemberEventsPath,
    {
      // The browser reopens a dropped stream by itself: that is no activity of the person.
      config: { countsAsActivity: false },
      schema: {
        querystring: ZPortalMemberQuery,
        tags: ['realtime'],
        summary:
          "Server-Sent Events for the signed-in user's members: `event: ready` once, `event: change` with only {table} (members, invoices, certificates) when one of theirs changed, `event: reconnected` when changes may have been missed, `: keep-alive` comments; the stream ends when the session does or the user is no member's",
      },
    },
    async (request, reply) => {
      // A user of no member is told so (404) rather than given a stream that would stay silent.
      const session = requireSession(request);
      await portalMemberOf(app.deps.db, session.user.uid, request.query.member, session.tokenHash);
      streamMemberEvents(app, request, reply, openStreams);
    },
  );
};
