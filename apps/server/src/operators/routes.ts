import type { TOperatorRecord } from '@ops/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { reconnectedChannel } from '../db/notifications';
import type { Database } from '../db/schema';
import { readSession, requireSession } from '../http/access';
import { subscribeToChanges } from '../realtime/changes';
import { openEventStream, streamLifetime, trackOpenStreams } from '../realtime/event-stream';

/** Comment lines keep proxies from closing a quiet stream; each one also re-checks the session. */
const heartbeatMs = 25_000;

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
      config: { access: 'user' },
      schema: {
        tags: ['operators'],
        summary:
          'Server-Sent Events: `event: operator` with the signed-in user’s operator record or null, now and on every change',
      },
    },
    async (request, reply) => {
      const { uid } = requireSession(request).user;
      const { db, notifications } = app.deps;
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
      // A revoked session, disabled account or sign-out elsewhere ends the stream.
      const checkSession = () =>
        send(async () => {
          if (await readSession(app, request)) return ': keep-alive\n\n';
          lifetime.close();
          return null;
        });

      const unsubscribeChanges = subscribeToChanges(notifications, (change) => {
        if (change.id !== uid) return;
        if (change.table === 'operators') pushRecord();
        if (change.table === 'users') checkSession();
      });
      const unsubscribeReconnect = notifications.subscribe(reconnectedChannel, pushRecord);
      const heartbeat = setInterval(checkSession, heartbeatMs);
      const lifetime = streamLifetime(openStreams, request, stream, [
        () => clearInterval(heartbeat),
        unsubscribeChanges,
        unsubscribeReconnect,
      ]);
      pushRecord();
    },
  );
};
