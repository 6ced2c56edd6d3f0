import type pg from 'pg';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Seconds: an idle client is handed out in well under a millisecond; a full pool makes it wait. */
const waitBuckets = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5];

export type PoolMetrics = {
  /** The pools of this process by name (`main`, `jobs`), read at each scrape. */
  pools: Map<string, pg.Pool>;
  wait: Histogram<'pool'>;
  connectErrors: Counter<'pool'>;
};

export function poolMetrics(registry: Registry): PoolMetrics {
  const pools = new Map<string, pg.Pool>();
  const gauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers: [registry],
      collect() {
        for (const [label, pool] of pools) this.set({ pool: label }, read(pool));
      },
    });
  gauge(
    'operations_db_pool_connections',
    'PostgreSQL connections a pool holds (idle or in use).',
    (pool) => pool.totalCount,
  );
  gauge(
    'operations_db_pool_idle_connections',
    'PostgreSQL connections of a pool waiting for work.',
    (pool) => pool.idleCount,
  );
  gauge(
    'operations_db_pool_waiting_requests',
    'Queries waiting for a connection of a pool (all of its connections are in use).',
    (pool) => pool.waitingCount,
  );
  gauge(
    'operations_db_pool_max_connections',
    'The most connections a pool opens.',
    (pool) => pool.options.max,
  );
  return {
    pools,
    wait: new Histogram({
      name: 'operations_db_pool_wait_seconds',
      help: 'Time a query waited for a connection of a pool (checked out of the pool, or newly opened).',
      labelNames: ['pool'],
      buckets: waitBuckets,
      registers: [registry],
    }),
    connectErrors: new Counter({
      name: 'operations_db_pool_connect_errors_total',
      help: 'Connections a pool could not hand out: PostgreSQL unreachable, refusing, or the connection timeout passed.',
      labelNames: ['pool'],
      registers: [registry],
    }),
  };
}

type ConnectCallback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  done?: () => void,
) => void;

/**
 * Measures `pool.connect`, which every query goes through (Kysely, `pool.query`, graphile-worker):
 * the time until a client is handed out, and the failures. Both of its forms are kept: a callback
 * (what `pool.query` uses) and a promise.
 */
export function instrumentPool(metrics: PoolMetrics, pool: pg.Pool, name: string): void {
  metrics.pools.set(name, pool);
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => unknown;
  const labels = { pool: name };
  const instrumented = (callback?: ConnectCallback) => {
    const end = metrics.wait.startTimer(labels);
    const settle = (error: unknown) => {
      end();
      if (error) metrics.connectErrors.inc(labels);
    };
    if (callback) {
      return connect((error, client, done) => {
        settle(error);
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        settle(undefined);
        return client;
      },
      (error: unknown) => {
        settle(error);
        throw error;
      },
    );
  };
  pool.connect = instrumented as typeof pool.connect;
}
