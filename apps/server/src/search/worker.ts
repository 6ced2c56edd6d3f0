import type { Kysely } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnreachable } from '../db/connection-errors';
import { reconnectedChannel, type Notifications } from '../db/notifications';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import { subscribeToChanges } from '../realtime';
import { runRebuild } from './rebuild';
import { machineTime } from '../lib/clock';

/**
 * A task left by a process that died is taken over within this (its rebuild lock went with its
 * connection); new ones come by NOTIFY. A check is one query on the small tasks table and, while
 * another instance runs a task, one refused try for its lock: cheap enough to notice in seconds
 * a rebuild that another instance's crash interrupted (issue 20).
 */
const pollMs = 5_000;
/** Deletion records a rebuild could still need are far younger than this. */
const deletionRetentionMs = 86_400_000;
/** The old deletion records are cleared at this pace, not at every check for tasks. */
const deletionCleanupMs = 3_600_000;

export type SearchWorker = { stop(): Promise<void> };

/**
 * Runs rebuild tasks that the search indexes screen asks for. Every instance runs one; the
 * rebuild lock makes sure a task runs once, and a task whose runner died is taken over.
 */
export function startSearchWorker(deps: {
  db: Kysely<Database>;
  pool: pg.Pool;
  notifications: Notifications;
  logger: Logger;
}): SearchWorker {
  const { db, pool, notifications, logger } = deps;
  let isStopped = false;
  let running: Promise<void> | null = null;
  let isWanted = false;
  let cleanedUpAt = -Infinity; // performance.now() starts near 0: the first pass cleans up
  // Shutdown does not wait for a rebuild: its task is taken over by the next worker to start.
  const abort = new AbortController();

  const work = async () => {
    while (isWanted && !isStopped) {
      isWanted = false;
      const task = await db
        .selectFrom('search_tasks')
        .select('uid')
        .where('status', 'in', ['enqueued', 'processing'])
        .orderBy('uid')
        .executeTakeFirst();
      if (!task) break;
      const outcome = await runRebuild(pool, task.uid, logger, abort.signal);
      if (outcome.status !== 'busy') {
        logger.info({ task: task.uid, status: outcome.status }, 'search index rebuild ended');
        isWanted = true;
      }
    }
    if (performance.now() - cleanedUpAt < deletionCleanupMs) return;
    cleanedUpAt = performance.now();
    await db
      .deleteFrom('search_deletions')
      .where('deleted_at', '<', new Date(machineTime.nowMs() - deletionRetentionMs))
      .execute();
  };

  const wake = () => {
    isWanted = true;
    if (running || isStopped) return;
    running = work()
      .catch((error: unknown) => {
        if (isStopped) return;
        // An unreachable database is logged once, by its pool; the task is taken up again
        // when the listener reconnects (below) or at the next poll.
        if (isDatabaseUnreachable(error)) logger.debug({ err: error }, 'search worker failed');
        else logger.error({ err: error }, 'search worker failed');
      })
      .finally(() => {
        running = null;
        if (isWanted && !isStopped) wake();
      });
  };

  const unsubscribe = subscribeToChanges(notifications, (change) => {
    if (change.table === 'search_tasks' && change.op === 'insert') wake();
  });
  // Back from a lost database connection: a rebuild it interrupted is taken up again now.
  const unsubscribeReconnect = notifications.subscribe(reconnectedChannel, wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    async stop() {
      isStopped = true;
      abort.abort();
      clearInterval(timer);
      unsubscribe();
      unsubscribeReconnect();
      await running;
    },
  };
}
