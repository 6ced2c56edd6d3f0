import type pg from 'pg';
import type { Logger } from '../logger';
import { isDatabaseUnreachable } from './connection-errors';

/**
 * Keeps a lost database from crashing the process, and says so once. A pool's idle clients
 * emit 'error' when PostgreSQL goes away (stopped, restarted, the network cut); unhandled, that
 * event would end the process. The pool drops such a client by itself, and the next query opens
 * a new connection. The log says when PostgreSQL became unreachable (the first error, not one
 * line per failed query or dropped client) and when a connection succeeded again.
 */
export function watchPool(pool: pg.Pool, name: string, logger: Logger): void {
  let lostAt: number | undefined;
  const lost = (error: unknown) => {
    if (lostAt !== undefined) return;
    lostAt = performance.now();
    logger.warn(
      { err: error, pool: name },
      'PostgreSQL connection lost; requests answer 503 and background work waits until it is back',
    );
  };
  pool.on('error', lost);
  // A client's own 'error' while it is checked out reaches its query; this only keeps the
  // event from being unhandled between queries.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (lostAt === undefined) return;
    logger.info(
      { pool: name, unreachableMs: performance.now() - lostAt },
      'PostgreSQL reachable again',
    );
    lostAt = undefined;
  });
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => unknown;
  const watched = (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => {
    if (callback) {
      return connect((error, client, done) => {
        if (error && isDatabaseUnreachable(error)) lost(error);
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      if (isDatabaseUnreachable(error)) lost(error);
      throw error;
    });
  };
  pool.connect = watched as typeof pool.connect;
}
