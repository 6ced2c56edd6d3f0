import type { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';

export type JobMetrics = { failures: Counter<'task' | 'permanent'> };

type QueueCounts = { waiting: string; scheduled: string; running: string; failed: string };

/**
 * The job queue's depth, read from graphile-worker's `jobs` view at each scrape: one pass over
 * the jobs still in the queue (a finished job leaves it, so it stays small). While the database
 * is unreachable the gauge has no samples rather than old ones.
 */
export function jobMetrics(registry: Registry, db: Kysely<Database>, logger: Logger): JobMetrics {
  new Gauge({
    name: 'operations_job_queue_jobs',
    help: 'Jobs in the queue (all instances): waiting (due, not taken), scheduled (due later), running (taken by a worker), failed (attempts used up, kept for inspection).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      try {
        const { rows } = await sql<QueueCounts>`
          SELECT count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts
                                    AND run_at <= now()) AS waiting,
                 count(*) FILTER (WHERE locked_at IS NULL AND attempts < max_attempts
                                    AND run_at > now()) AS scheduled,
                 count(*) FILTER (WHERE locked_at IS NOT NULL) AS running,
                 count(*) FILTER (WHERE locked_at IS NULL AND attempts >= max_attempts) AS failed
            FROM graphile_worker.jobs`.execute(db);
        const counts = rows[0];
        this.reset();
        for (const state of ['waiting', 'scheduled', 'running', 'failed'] as const) {
          this.set({ state }, Number(counts?.[state] ?? 0));
        }
      } catch (error) {
        this.reset();
        logger.debug({ err: error }, 'metrics: job queue not read');
      }
    },
  });
  return {
    failures: new Counter({
      name: 'operations_job_failures_total',
      help: 'Failed job attempts run by this instance, by task; permanent="true" when it was the last attempt allowed.',
      labelNames: ['task', 'permanent'],
      registers: [registry],
    }),
  };
}

type JobErrorEvent = { job: { task_identifier: string; attempts: number; max_attempts: number } };

/**
 * Counts the failed attempts of a graphile-worker runner (its `job:error` event), and starts
 * every task known to the runner at zero, so that a rate can be taken before the first failure.
 */
export function observeJobFailures(
  metrics: JobMetrics,
  events: EventEmitter,
  tasks: readonly string[],
): void {
  for (const task of tasks) metrics.failures.inc({ task, permanent: 'false' }, 0);
  events.on('job:error', ({ job }: JobErrorEvent) => {
    metrics.failures.inc({
      task: job.task_identifier,
      permanent: job.attempts >= job.max_attempts ? 'true' : 'false',
    });
  });
}
