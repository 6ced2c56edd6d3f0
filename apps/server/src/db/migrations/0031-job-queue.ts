import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';

/**
 * Issue 17: scheduled and background jobs. The queue itself is graphile-worker's own schema
 * (`graphile_worker`, installed and upgraded by graphile-worker, `db/job-queue.ts`); these are
 * ours around it:
 *
 * - `job_schedules`: one row per periodic task, with its cron expression read in its time zone
 *   (Europe/Zurich), whether an operator paused it, and the next occurrence. The tick
 *   (`jobs/tick.ts`) moves `next_run_at` on by compare-and-set, so among any number of server
 *   instances exactly one enqueues each occurrence.
 * - `job_runs`: one row per execution (scheduled, started by hand, or added by code), with its
 *   progress, result, error and the instance that ran it: the Jobs screen's history.
 * - `job_instances`: every running job runner's heartbeat and its graphile-worker ids, so an
 *   instance that stopped answering has its jobs unlocked and taken over (`jobs/take-over.ts`).
 *
 * Schedules and runs join the change feed (0004's `notify_statement_changes`), so the screen
 * follows runs and progress live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  cron text NOT NULL,
  time_zone text NOT NULL DEFAULT 'Europe/Zurich',
  paused boolean NOT NULL DEFAULT false,
  next_run_at timestamptz NOT NULL,
  last_run_at timestamptz,
  last_outcome text CHECK (last_outcome IN ('succeeded', 'failed')),
  last_run_id text,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

CREATE TABLE job_runs (
  id text PRIMARY KEY,
  task text NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual', 'system')),
  -- The occurrence of the schedule this run is for (scheduled runs only).
  occurrence timestamptz,
  -- graphile-worker's job (its id outlives retries: a taken-over job keeps it).
  job_id bigint,
  attempt integer NOT NULL DEFAULT 1,
  state text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  progress_done integer,
  progress_total integer,
  result jsonb,
  error text,
  instance_id text,
  worker_id text,
  started_by text,
  heartbeat_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The screen's "last 200 runs", newest first.
CREATE INDEX job_runs_recent ON job_runs (queued_at DESC, id DESC);
-- The take-over finds the running runs of a silent instance; a retry finds its job's runs.
CREATE INDEX job_runs_running ON job_runs (instance_id) WHERE state = 'running';
CREATE INDEX job_runs_job ON job_runs (job_id) WHERE job_id IS NOT NULL;
-- A schedule's occurrence is enqueued once (the tick's compare-and-set; this is the backstop).
CREATE UNIQUE INDEX job_runs_occurrence ON job_runs (task, occurrence)
  WHERE occurrence IS NOT NULL AND attempt = 1;

CREATE TABLE job_instances (
  instance_id text PRIMARY KEY,
  worker_ids text[] NOT NULL DEFAULT '{}',
  host text NOT NULL,
  pid integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now()
);

${changeFeedTriggers([['job_schedules', 'name']], ['insert', 'update'])}
${changeFeedTriggers([['job_runs', 'id']])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('DROP TABLE job_instances; DROP TABLE job_runs; DROP TABLE job_schedules;')
    .execute(db);
}
