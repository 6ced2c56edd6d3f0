import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireSession } from '../http/access';
import { findOperatorRecord } from '../operators';
import { openSessionStream } from './session-streams';

/**
 * The one event stream a browser holds (its tabs share it, web `lib/browser-stream.ts`), which
 * carries both the operator gate and the change feed:
 * - `event: operator`: the caller's operator record or null, at once and again whenever it
 *   changes in any server instance (spec §4 "Operator status follows the signed-in uid");
 * - `event: change`: `{table, id, op}` of every change, but only while the caller is an active
 *   operator (a user who is none learns their status and nothing else);
 * - `event: reconnected`: the database listener reconnected, changes may have been missed;
 * - `: keep-alive` comments, each after re-checking the session: a revoked or idle session, a
 *   disabled account or a sign-out elsewhere ends the stream, and the browser's gate then finds
 *   the session gone.
 * Every write goes through one queue, so events leave in the order they happened even though
 * the operator record and the session are read asynchronously: a revoked operator's `null` is
 * never overtaken by a change sent after it, nor a grant's record by the changes that follow.
 */
export function streamSessionEvents(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  openStreams: Set<() => void>,
): void {
  const { uid } = requireSession(request).user;
  const { db } = app.deps;
  const streamGauge = app.deps.metrics.streams.open;
  streamGauge.inc();
  // As last sent in `event: operator`: the change feed is the caller's only while this is true.
  let isOperator = false;
  openSessionStream(
    app,
    request,
    reply,
    openStreams,
    ({ send, checkNow }) => {
      const pushRecord = () =>
        send(async () => {
          const record = await findOperatorRecord(db, uid);
          isOperator = record !== null;
          return `event: operator\ndata: ${JSON.stringify(record)}\n\n`;
        });
      pushRecord();
      return {
        change: (change) => {
          if (change.id === uid && change.table === 'operators') pushRecord();
          if (change.id === uid && change.table === 'users') checkNow();
          send(() => (isOperator ? `event: change\ndata: ${JSON.stringify(change)}\n\n` : null));
        },
        reconnected: () => {
          pushRecord();
          send(() => (isOperator ? 'event: reconnected\ndata: {}\n\n' : null));
        },
        heartbeat: (current) => {
          // A notification lost between two listener connections cannot leave the gate wrong
          // for longer than a heartbeat.
          if (current.isOperator !== isOperator) pushRecord();
          return true;
        },
      };
    },
    [() => streamGauge.dec()],
  );
}
