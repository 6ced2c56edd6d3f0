import type { TJobRun, TJobSchedule } from '@ops/contract/jobs';
import { sql } from 'kysely';
import type { Config } from '../config';
import { cliActor } from '../db/audit';
import type { DatabaseHandle } from '../db/database';
import { installJobQueueSchema } from '../db/job-queue';
import { listRuns, listSchedules, runJobNow, startJobRunner } from '../jobs';
import type { Logger } from '../logger';

const zurichTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Zurich',
});
const when = (value: string | null) => (value ? zurichTime.format(new Date(value)) : '—');

/** `jobs list`: every schedule, one line each (times in Europe/Zurich). */
export function schedulesSummary(schedules: TJobSchedule[]): string {
  return schedules
    .map(
      (schedule) =>
        `${schedule.name.padEnd(26)} ${schedule.paused ? 'PAUSED ' : ''}${schedule.description} (${schedule.cron}, ${schedule.timeZone}); next ${when(schedule.nextRunAt)}; last ${when(schedule.lastRunAt)}${schedule.lastOutcome ? ` ${schedule.lastOutcome}` : ''}`,
    )
    .join('\n');
}

export async function listJobs(database: DatabaseHandle): Promise<TJobSchedule[]> {
  return listSchedules(database.db);
}

/**
 * `jobs run <name>`: queues a manual run, as Run now does, and waits for its job to end (its
 * last attempt). A running server's runner takes it; with no server running, this process runs
 * a job runner of its own until then.
 */
export async function runJobFromCli(
  database: DatabaseHandle,
  config: Config,
  logger: Logger,
  name: string,
): Promise<TJobRun> {
  await installJobQueueSchema(database.connectionString);
  const queued = await runJobNow(database.db, cliActor, name, 'script');
  const jobId = (await jobIdOf(database, queued.id)) ?? '0';
  return awaitJob(database, config, logger, jobId);
}

/** Whether a server's job runner is alive (its heartbeat is recent) to take queued jobs. */
export async function hasLiveJobRunner(database: DatabaseHandle, config: Config): Promise<boolean> {
  const { rows } = await sql<{ live: boolean }>`
    SELECT EXISTS (SELECT 1 FROM job_instances
      WHERE heartbeat_at > now() - make_interval(secs => ${config.jobWorkerTimeoutMs / 1000})) AS live`.execute(
    database.db,
  );
  return rows[0]?.live === true;
}

/**
 * Waits for a queued job to end (its last attempt) and answers its run: a running server's
 * runner takes it; with no server running, this process runs a job runner of its own until
 * then (`jobs run`, and a bank import's follow-up).
 */
export async function awaitJob(
  database: DatabaseHandle,
  config: Config,
  logger: Logger,
  jobId: string,
): Promise<TJobRun> {
  const runner = (await hasLiveJobRunner(database, config))
    ? null
    : await startJobRunner({
        db: database.db,
        connectionString: database.connectionString,
        config,
        logger,
      });
  try {
    for (;;) {
      // The job's newest attempt, and whether graphile-worker will try it again.
      const { rows: latest } = await sql<{ id: string; state: string; retries: boolean }>`
        SELECT r.id, r.state,
               EXISTS (SELECT 1 FROM graphile_worker.jobs j
                        WHERE j.id = ${jobId}::bigint AND j.attempts < j.max_attempts) AS retries
          FROM job_runs r
         WHERE r.job_id = ${jobId}::bigint
         ORDER BY r.attempt DESC, r.queued_at DESC
         LIMIT 1`.execute(database.db);
      const job = latest[0];
      if (job && (job.state === 'succeeded' || (job.state === 'failed' && !job.retries))) {
        const run = (await listRuns(database.db)).find((candidate) => candidate.id === job.id);
        if (run) return run;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await runner?.stop();
  }
}

async function jobIdOf(database: DatabaseHandle, runId: string): Promise<string | null> {
  const row = await database.db
    .selectFrom('job_runs')
    .select('job_id')
    .where('id', '=', runId)
    .executeTakeFirst();
  return row?.job_id ?? null;
}
