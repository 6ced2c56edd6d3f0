import { ZChangeStreamQuery } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reconnectedChannel } from '../db/notifications';
import { findOperatorRecord } from '../operators/routes';
import { readSession } from '../http/access';
import { subscribeToChanges } from './changes';
import { openEventStream, streamLifetime, trackOpenStreams } from './event-stream';

/** Comment lines keep proxies from closing a quiet stream; each also re-checks the caller. */
const heartbeatMs = 25_000;

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
      const stream = openEventStream(reply);

      const write = (text: string) => {
        if (!lifetime.isClosed) stream.write(text);
      };
      // Signed out, or no longer an operator: the stream ends (the browser's gate follows).
      const checkCaller = async () => {
        const session = await readSession(app, request).catch(() => null);
        const isOperator = session
          ? (await findOperatorRecord(app.deps.db, session.user.uid)) !== null
          : false;
        if (isOperator) write(': keep-alive\n\n');
        else lifetime.close();
      };
      const unsubscribeChanges = subscribeToChanges(notifications, (change) => {
        if (tables.has(change.table)) write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
      });
      const unsubscribeReconnect = notifications.subscribe(reconnectedChannel, () =>
        write('event: reconnected\ndata: {}\n\n'),
      );
      const heartbeat = setInterval(() => void checkCaller(), heartbeatMs);
      const lifetime = streamLifetime(openStreams, request, stream, [
        () => clearInterval(heartbeat),
        unsubscribeChanges,
        unsubscribeReconnect,
      ]);
    },
  );
};
