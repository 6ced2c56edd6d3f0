import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import { httpMetrics, type HttpMetrics } from './http';
import { jobMetrics, type JobMetrics } from './job-queue';
import { outboxMetrics } from './outbox';
import { poolMetrics, type PoolMetrics } from './pools';
import { searchMetrics, type SearchMetrics } from './search';
import { streamMetrics, type StreamMetrics } from './streams';

/** The metrics of one server instance (one app), in a registry of its own. */
export type Metrics = {
  registry: Registry;
  http: HttpMetrics;
  pools: PoolMetrics;
  jobs: JobMetrics;
  streams: StreamMetrics;
  search: SearchMetrics;
};

/** `GET /metrics` is served when a token or a port of its own is configured. */
export function isMetricsEndpointOn(config: Config): boolean {
  return config.metrics.token !== undefined || config.metrics.port !== undefined;
}

/**
 * A registry per app, never prom-client's global one: tests build many apps in one process, and
 * each counts its own. The process metrics (`process_*`, `nodejs_*`) watch the event loop and
 * the garbage collector for as long as the process lives, so they are registered only when
 * someone can read them (`processMetrics`, the endpoint is on).
 */
export function createMetrics(options: {
  db: Kysely<Database>;
  logger: Logger;
  processMetrics: boolean;
}): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  outboxMetrics(registry, options.db, options.logger);
  return {
    registry,
    http: httpMetrics(registry),
    pools: poolMetrics(registry),
    jobs: jobMetrics(registry, options.db, options.logger),
    streams: streamMetrics(registry),
    search: searchMetrics(registry),
  };
}
