import type { TOperatorRecord } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { reconnectedChannel } from '../db/notifications';
import type { Database } from '../db/schema';
import { requireSession } from '../http/access';
import { subscribeToChanges } from '../realtime/changes';
import { openEventStream, streamLifetime, trackOpenStreams } from '../realtime/event-stream';
import {
  claimStreamSlot,
  recheckStreamSession,
  streamHeartbeatMs,
} from '../realtime/session-streams';

/** The operator record of a user; an inactive record counts as none. */
export async function findOperatorRecord(
  db: Kysely<Database>,
  uid: string,
): Promise<TOperatorRecord | null> {
  const row = await db
    .selectFrom('operators')
    .select(['uid', 'roles', 'active', 'updated_at'])
    .where('uid', '=', uid)
    .where('active', '=', true)
    .executeTakeFirst();
  return row
    ? {
        uid: row.uid,
        roles: row.roles,
        active: row.active,
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : null;
}

export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStreams = trackOpenStreams(app);

  /**
   * The realtime operator gate (spec §4 "Operator status follows the signed-in uid"): the
   * record, or null, at once and again whenever it changes in any server instance (LISTEN/NOTIFY).
   */
  app.get(
    '/api/operators/me/stream',
    {
      // The browser reopens a dropped stream by itself: that is no activity of the person.
      config: { access: 'user', countsAsActivity: false },
      schema: {
        tags: ['operators'],
        summary:
          'Server-Sent Events: `event: operator` with the signed-in user’s operator record or null, now and on every change',
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { uid } = session.user;
      const { db, notifications } = app.deps;
      const releaseSlot = claimStreamSlot(app, request);
      const stream = openEventStream(reply);

      let queue = Promise.resolve();
      const send = (work: () => Promise<string | null>) => {
        queue = queue
          .then(async () => {
            if (lifetime.isClosed) return;
            const text = await work();
            if (text !== null && !lifetime.isClosed) stream.write(text);
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'operator stream failed'));
      };
      const pushRecord = () =>
        send(
          async () =>
            `event: operator\ndata: ${JSON.stringify(await findOperatorRecord(db, uid))}\n\n`,
        );
      // A revoked or idle session, disabled account or sign-out elsewhere ends the stream; the
      // browser's gate then finds the session gone. Heartbeats check without keeping it alive.
      const checkSession = () =>
        send(async () => {
          if (await recheckStreamSession(app, session)) return ': keep-alive\n\n';
          lifetime.close();
          return null;
        });

      const unsubscribeChanges = subscribeToChanges(notifications, (change) => {
        if (change.id !== uid) return;
        if (change.table === 'operators') pushRecord();
        if (change.table === 'users') checkSession();
      });
      const unsubscribeReconnect = notifications.subscribe(reconnectedChannel, pushRecord);
      const heartbeat = setInterval(checkSession, streamHeartbeatMs);
      const lifetime = streamLifetime(openStreams, request, stream, [
        () => clearInterval(heartbeat),
        unsubscribeChanges,
        unsubscribeReconnect,
        releaseSlot,
      ]);
      pushRecord();
    },
  );
};
