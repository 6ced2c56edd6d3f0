import { ZChangeStreamQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reconnectedChannel } from '../db/notifications';
import { requireSession } from '../http/access';
import { subscribeToChanges } from './changes';
import { openEventStream, streamLifetime, trackOpenStreams } from './event-stream';
import { claimStreamSlot, recheckStreamSession, streamHeartbeatMs } from './session-streams';

/**
 * The change feed for screens: which records of the tables asked for changed, in any instance
 * (`{table, id, op}`, never the data: the screen refetches through the API, which applies its
 * own checks). A screen turns these into TanStack Query invalidations.
 */
export const changeStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStreams = trackOpenStreams(app);

  app.get(
    '/api/changes/stream',
    {
      // The browser reopens a dropped stream by itself: that is no activity of the person.
      config: { countsAsActivity: false },
      schema: {
        tags: ['realtime'],
        summary:
          'Server-Sent Events: `event: change` with {table, id, op} for every change of the tables asked for; `event: reconnected` when changes may have been missed',
        querystring: ZChangeStreamQuery,
      },
    },
    async (request, reply) => {
      const tables = new Set(request.query.tables.split(','));
      const { notifications } = app.deps;
      const session = requireSession(request);
      const releaseSlot = claimStreamSlot(app, request);
      const stream = openEventStream(reply);

      const write = (text: string) => {
        if (!lifetime.isClosed) stream.write(text);
      };
      // Signed out, idle too long, or no longer an operator: the stream ends (the gate follows).
      const checkCaller = async () => {
        const current = await recheckStreamSession(app, session).catch(() => null);
        if (current?.isOperator) write(': keep-alive\n\n');
        else lifetime.close();
      };
      const unsubscribeChanges = subscribeToChanges(notifications, (change) => {
        if (tables.has(change.table)) write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
      });
      const unsubscribeReconnect = notifications.subscribe(reconnectedChannel, () =>
        write('event: reconnected\ndata: {}\n\n'),
      );
      const heartbeat = setInterval(() => void checkCaller(), streamHeartbeatMs);
      const lifetime = streamLifetime(openStreams, request, stream, [
        () => clearInterval(heartbeat),
        unsubscribeChanges,
        unsubscribeReconnect,
        releaseSlot,
      ]);
    },
  );
};
