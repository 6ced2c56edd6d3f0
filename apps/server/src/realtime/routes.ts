import { eventStreamPath } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trackOpenStreams } from './event-stream';
import { streamSessionEvents } from './session-events';

/**
 * The live events of the signed-in user (session-events.ts): a change never carries the data,
 * the screen refetches through the API, which applies its own checks.
 */
export const eventStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStreams = trackOpenStreams(app);

  app.get(
    eventStreamPath,
    {
      // Any signed-in user learns their operator status; the changes follow only for operators.
      // The browser reopens a dropped stream by itself: that is no activity of the person.
      config: { access: 'user', countsAsActivity: false },
      schema: {
        tags: ['realtime'],
        summary:
          'Server-Sent Events, one stream per browser: `event: operator` with the signed-in user’s operator record or null, now and on every change; `event: change` with {table, id, op} for every change, only while the user is an active operator; `event: reconnected` when changes may have been missed; `: keep-alive` comments, and the stream ends when the session does',
      },
    },
    async (request, reply) => {
      streamSessionEvents(app, request, reply, openStreams);
    },
  );
};
