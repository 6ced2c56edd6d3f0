import pg from 'pg';
import { isDatabaseUnreachable } from '../db/connection-errors';
import { watchPool } from '../db/pool-watch';
import type { Logger } from '../logger';

/**
 * How long the job queue's connections wait out an unreachable PostgreSQL before they fail.
 * graphile-worker records a job's end through this pool, and a failure to record it makes it
 * stop its whole worker pool ("queue is in an inconsistent state"); waiting instead lets a
 * restarted or briefly cut-off database find every job recorded as it ended. A longer outage
 * still fails, and the runner is then started again (`runner.ts`).
 */
const patienceMs = 60_000;
const retryMs = { first: 250, max: 4_000 } as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The small pool graphile-worker runs on (one connection LISTENs for new jobs): a lost
 * connection is logged once and does not crash the process (`watchPool`), and a connection
 * asked for while PostgreSQL is unreachable is retried with back-off for up to `patienceMs`.
 */
export function createJobQueuePool(options: {
  connectionString: string;
  max: number;
  logger: Logger;
}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    application_name: 'operations-jobs',
    connectionTimeoutMillis: 10_000,
  });
  watchPool(pool, 'jobs', options.logger);
  let isEnded = false;
  const end = pool.end.bind(pool);
  pool.end = (() => {
    isEnded = true;
    return end();
  }) as typeof pool.end;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const patient = async (): Promise<pg.PoolClient> => {
    const giveUpAt = performance.now() + patienceMs;
    for (let delay: number = retryMs.first; ; delay = Math.min(retryMs.max, delay * 2)) {
      try {
        return await connect();
      } catch (error) {
        if (isEnded || !isDatabaseUnreachable(error) || performance.now() + delay > giveUpAt)
          throw error;
        await pause(delay);
      }
    }
  };
  // graphile-worker asks for connections as promises only (`pool.connect()`).
  pool.connect = ((callback?: (...args: unknown[]) => void) => {
    if (!callback) return patient();
    patient().then(
      (client) => callback(undefined, client, client.release.bind(client)),
      (error: unknown) => callback(error),
    );
    return undefined;
  }) as typeof pool.connect;
  return pool;
}
