import { EventEmitter } from 'node:events';
import os from 'node:os';
import { Logger as GraphileLogger, run, type Runner, type TaskList } from 'graphile-worker';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { isDatabaseUnreachable } from '../db/connection-errors';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../logger';
import { instrumentPool, observeJobFailures, type Metrics } from '../metrics';
import { executeJob } from './execute';
import type { JobPayload } from './queue-run';
import { syncSchedules } from './schedules';
import { createJobQueuePool } from './queue-pool';
import { beat, releaseWorkers, takeOverSilentInstances } from './take-over';
import { backgroundTasks, jobTasks } from './tasks';
import { enqueueDueSchedules } from './tick';

/** The tick's task identifier, run by graphile-worker's crontab every minute. */
export const tickTask = 'jobs-tick';

/** Jobs one instance runs at once (a renewal and a dunning run may overlap). */
const concurrency = 2;

/** A stopping server waits this long for running jobs, then hands them back to the queue. */
const gracefulStopMs = 10_000;

/** What readiness (`/readyz`) asks of this instance's runner. */
export type JobRunnerStatus = {
  /**
   * `running`: graphile-worker takes jobs; `restarting`: it stopped on its own (the database
   * went away for longer than the queue's connections wait) and is being started again;
   * `stopped`: the server is stopping.
   */
  state(): 'running' | 'restarting' | 'stopped';
};

export type JobRunner = JobRunnerStatus & {
  instanceId: string;
  stop(): Promise<void>;
};

/** Restarts of a runner that stopped on its own: 0.5 s, 1 s, 2 s, ... at most 10 s apart. */
const restartDelayMs = (attempt: number) => Math.min(10_000, 500 * 2 ** attempt);

/**
 * graphile-worker's log lines into ours (its debug lines stay out). Its complaints about an
 * unreachable database (its LISTEN connection, its cron) are debug lines too: the outage is
 * logged once, by the pool (db/pool-watch.ts).
 */
function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const error = meta?.error ?? meta?.fatalError;
    const line = { graphileWorker: scope, ...(error ? { err: error } : {}) };
    if (error && isDatabaseUnreachable(error)) logger.debug(line, message);
    else if (level === 'error') logger.error(line, message);
    else if (level === 'warning') logger.warn(line, message);
    else if (level === 'info') logger.debug(line, message);
  });
}

/**
 * The job runner of one server instance (every instance runs one): graphile-worker on the app's
 * database with our tasks and the one-minute tick, this instance's heartbeat, and the sweep
 * that takes over the jobs of silent instances. graphile-worker's schema must be installed
 * (`installJobQueueSchema`, done by `server.ts` after the migrations). Its connections come
 * from a small pool of its own (one of them LISTENs for new jobs).
 */
export async function startJobRunner(deps: {
  db: Kysely<Database>;
  connectionString: string;
  config: Config;
  logger: Logger;
  /** The instance's metrics: the queue pool's use and wait, the failed attempts. */
  metrics?: Metrics;
}): Promise<JobRunner> {
  const { db, config } = deps;
  const instanceId = newId();
  const logger = deps.logger.child({ jobInstance: instanceId });
  await syncSchedules(db, jobTasks);
  await db
    .insertInto('job_instances')
    .values({ instance_id: instanceId, host: os.hostname(), pid: process.pid })
    .execute();

  const workerIds = new Set<string>();
  const events = new EventEmitter();
  events.on('worker:create', ({ worker }: { worker: { workerId: string } }) => {
    workerIds.add(worker.workerId);
  });
  // graphile-worker locks a job under its worker pool's id (`locked_by`), not the worker's.
  events.on('pool:create', ({ workerPool }: { workerPool: { id: string } }) => {
    workerIds.add(workerPool.id);
  });

  const taskList: TaskList = {
    [tickTask]: async () => {
      await enqueueDueSchedules(db, logger);
    },
  };
  for (const task of [...jobTasks, ...backgroundTasks]) {
    taskList[task.name] = (payload, helpers) =>
      executeJob({ db, config, logger, instanceId }, task, (payload ?? {}) as JobPayload, helpers);
  }

  // Lost connections are logged once and waited out (queue-pool.ts); graphile-worker reconnects.
  const pool = createJobQueuePool({
    connectionString: deps.connectionString,
    max: concurrency + 3,
    logger,
  });
  if (deps.metrics) {
    instrumentPool(deps.metrics.pools, pool, 'jobs');
    observeJobFailures(deps.metrics.jobs, events, Object.keys(taskList));
  }
  const launch = () =>
    run({
      pgPool: pool,
      concurrency,
      taskList,
      crontab: `* * * * * ${tickTask} ?max=1`,
      noHandleSignals: true,
      logger: graphileLogger(logger),
      events,
      // A job's end is recorded through graphile-worker's batcher (at once: no delay), whose
      // failure stops the worker pool for the supervisor below to restart; its direct path
      // leaves the failed promise unhandled, which would end the whole process.
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
  let runner: Runner;
  try {
    runner = await launch();
  } catch (error) {
    await pool.end();
    throw error;
  }

  // graphile-worker stops its whole worker pool when it cannot record a job's end (the database
  // gone for longer than the queue pool waits). The runner is then started again, and the jobs
  // its old workers held are handed back once the database answers (`releaseWorkers`): they run
  // again as their next attempt, like the jobs of an instance that died.
  let state: ReturnType<JobRunner['state']> = 'running';
  let retiredWorkerIds: string[] = [];
  let restartTimer: NodeJS.Timeout | undefined;
  const releaseRetired = async () => {
    if (retiredWorkerIds.length === 0) return;
    const ids = retiredWorkerIds;
    const runs = await releaseWorkers(
      db,
      ids,
      'Interrupted: the job runner lost the database and was restarted; the job runs again.',
    );
    retiredWorkerIds = retiredWorkerIds.filter((id) => !ids.includes(id));
    logger.info({ runs }, 'jobs of the stopped job runner handed back to the queue');
  };
  const restart = (attempt: number) => {
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (state === 'stopped') return;
      launch().then(
        async (next) => {
          if (state !== 'restarting') {
            await next.stop().catch(() => undefined);
            return;
          }
          runner = next;
          state = 'running';
          supervise(next);
          logger.info('job runner running again');
          await releaseRetired().catch(() => undefined); // else at the next heartbeat
        },
        () => restart(attempt + 1),
      );
    }, restartDelayMs(attempt));
    restartTimer.unref();
  };
  const supervise = (watched: Runner) => {
    const ended = (error?: unknown) => {
      if (state !== 'running' || runner !== watched) return;
      state = 'restarting';
      retiredWorkerIds = [...retiredWorkerIds, ...workerIds];
      workerIds.clear();
      logger.warn({ err: error }, 'the job runner stopped on its own; starting it again');
      restart(0);
    };
    watched.promise.then(() => ended(), ended);
  };
  supervise(runner);

  // Heartbeat and sweep: a few beats within the timeout, so one late beat is no death.
  const beatMs = Math.max(500, Math.min(5_000, Math.floor(config.jobWorkerTimeoutMs / 4)));
  let beating: Promise<void> = Promise.resolve();
  const heartbeat = setInterval(() => {
    beating = (async () => {
      await beat(db, instanceId, [...workerIds, ...retiredWorkerIds]);
      await releaseRetired();
      const takenOver = await takeOverSilentInstances(db, config.jobWorkerTimeoutMs);
      if (takenOver.length > 0)
        logger.warn({ runs: takenOver }, 'jobs of a silent instance taken over');
    })().catch((error: unknown) => {
      // An unreachable database is logged once, by its pool (db/pool-watch.ts).
      if (isDatabaseUnreachable(error)) logger.debug({ err: error }, 'job heartbeat failed');
      else logger.warn({ err: error }, 'job heartbeat failed');
    });
  }, beatMs);
  heartbeat.unref();
  await beat(db, instanceId, [...workerIds]);

  let stopping: Promise<void> | undefined;
  return {
    instanceId,
    state: () => state,
    stop: () => {
      stopping ??= (async () => {
        state = 'stopped';
        clearTimeout(restartTimer);
        clearInterval(heartbeat);
        await beating;
        let timer: NodeJS.Timeout | undefined;
        const stopped = runner.stop().catch(() => undefined);
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), gracefulStopMs);
        });
        // Jobs still running after the grace period are failed back to the queue (retried).
        if ((await Promise.race([stopped, timedOut])) === 'timeout') await runner.kill();
        clearTimeout(timer);
        await db
          .deleteFrom('job_instances')
          .where('instance_id', '=', instanceId)
          .execute()
          .catch(() => undefined);
        await pool.end().catch(() => undefined);
      })();
      return stopping;
    },
  };
}
