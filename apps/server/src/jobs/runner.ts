import { EventEmitter } from 'node:events';
import os from 'node:os';
import { Logger as GraphileLogger, run, type Runner, type TaskList } from 'graphile-worker';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { newId } from '../lib/ids';
import type { Logger } from '../logger';
import { executeJob } from './execute';
import type { JobPayload } from './queue-run';
import { syncSchedules } from './schedules';
import { beat, takeOverSilentInstances } from './take-over';
import { backgroundTasks, jobTasks } from './tasks';
import { enqueueDueSchedules } from './tick';

/** The tick's task identifier, run by graphile-worker's crontab every minute. */
export const tickTask = 'jobs-tick';

/** Jobs one instance runs at once (a renewal and a dunning run may overlap). */
const concurrency = 2;

/** A stopping server waits this long for running jobs, then hands them back to the queue. */
const gracefulStopMs = 10_000;

export type JobRunner = {
  instanceId: string;
  stop(): Promise<void>;
};

/** graphile-worker's log lines into ours (its debug lines stay out). */
function graphileLogger(logger: Logger): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const line = { graphileWorker: scope, ...(meta?.error ? { err: meta.error } : {}) };
    if (level === 'error') logger.error(line, message);
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

  const taskList: TaskList = {
    [tickTask]: async () => {
      await enqueueDueSchedules(db, logger);
    },
  };
  for (const task of [...jobTasks, ...backgroundTasks]) {
    taskList[task.name] = (payload, helpers) =>
      executeJob({ db, config, logger, instanceId }, task, (payload ?? {}) as JobPayload, helpers);
  }

  const pool = new pg.Pool({
    connectionString: deps.connectionString,
    max: concurrency + 3,
    application_name: 'operations-jobs',
  });
  // A lost connection must not crash the process (graphile-worker reconnects).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      concurrency,
      taskList,
      crontab: `* * * * * ${tickTask} ?max=1`,
      noHandleSignals: true,
      logger: graphileLogger(logger),
      events,
    });
  } catch (error) {
    await pool.end();
    throw error;
  }

  // Heartbeat and sweep: a few beats within the timeout, so one late beat is no death.
  const beatMs = Math.max(500, Math.min(5_000, Math.floor(config.jobWorkerTimeoutMs / 4)));
  let beating: Promise<void> = Promise.resolve();
  const heartbeat = setInterval(() => {
    beating = (async () => {
      await beat(db, instanceId, [...workerIds]);
      const takenOver = await takeOverSilentInstances(db, config.jobWorkerTimeoutMs);
      if (takenOver.length > 0)
        logger.warn({ runs: takenOver }, 'jobs of a silent instance taken over');
    })().catch((error: unknown) => logger.warn({ err: error }, 'job heartbeat failed'));
  }, beatMs);
  heartbeat.unref();
  await beat(db, instanceId, [...workerIds]);

  let stopping: Promise<void> | undefined;
  return {
    instanceId,
    stop: () => {
      stopping ??= (async () => {
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
