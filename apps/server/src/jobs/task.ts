import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, JobRunTrigger } from '../db/schema';
import type { Logger } from '../logger';

/** What a task is given for one execution (one row of `job_runs`). */
export type JobContext = {
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  run: {
    id: string;
    trigger: JobRunTrigger;
    /** The schedule's occurrence a scheduled run is for; null for the others. */
    occurrence: Date | null;
    /** The operator who pressed Run now. */
    operatorUid: string | null;
    attempt: number;
  };
  /**
   * What earlier attempts of the same job noted (`note`), newest first: an attempt that takes
   * over a job whose instance died finds what its predecessor had started.
   */
  earlierNotes: Record<string, unknown>[];
  /**
   * What the code that queued the job gave it (`queueJobRun`'s payload, without `runId`): the
   * renewal run the dialog started, the bank import whose follow-up it is. Empty for a
   * scheduled run and Run now.
   */
  payload: Record<string, unknown>;
  /** Writes something a later attempt must know into the run's row at once. */
  note(values: Record<string, unknown>): Promise<void>;
  /** Progress for the Jobs screen; written at most once a second (and at the end). */
  progress(done: number, total: number): void;
  /** Aborted when the server shuts down; long tasks may stop early (they are retried). */
  signal: AbortSignal;
};

/**
 * A task on the queue. Every task must be idempotent and resumable: a job whose instance dies
 * mid-run is taken over by another instance and runs again from the start (`take-over.ts`), so
 * running it twice must not do anything twice (the sweep and the clean-up only touch what is
 * still due; the renewal resumes after its last committed batch and skips members already
 * invoiced; the dunning run never sends a level twice; a bank import's follow-up issues only
 * the certificates still missing). A background task is only queued by code (no schedule).
 */
export type BackgroundTask = {
  /** graphile-worker's task identifier and the schedule's name: letters, digits, `-`. */
  name: string;
  title: string;
  /** What it does, in a sentence (the Jobs screen). */
  summary: string;
  /** Attempts before graphile-worker gives up on a failing job (it backs off exponentially). */
  maxAttempts: number;
  /** Does the work; what it returns is the run's result (counts, shown on the screen). */
  run(context: JobContext): Promise<Record<string, unknown>>;
};

/** A task with a schedule (a row of `job_schedules`, the Jobs screen's Run now and Pause). */
export type JobTask = BackgroundTask & {
  /** When it runs by itself: a five-field cron expression read in Europe/Zurich, and in words. */
  schedule: { cron: string; words: string };
  /**
   * How the Jobs screen's Run now starts it. `at-once`: harmless work (clean-up, expiry sweep,
   * backup) queued on the click. A task that writes to members or sends them e-mail names the
   * screen whose preview and confirmation it must go through instead (issue 32: one click on
   * Run now sent 134 reminders): the console's Run now refuses it, the Jobs screen opens that
   * screen's dialog, and only the CLI's `jobs run` (a script that asked by name) queues it.
   */
  runNow: 'at-once' | { throughPreview: string };
};

/** The time zone every schedule is read in: the federation's headquarters. */
export const scheduleTimeZone = 'Europe/Zurich';
