import type { TJobRun, TJobSchedule } from '@ops/contract/jobs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findAnyTask, jobTasks } from './tasks';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** Every schedule with its task's words, in the order of the task list. */
export async function listSchedules(db: Kysely<Database>): Promise<TJobSchedule[]> {
  const rows = await db.selectFrom('job_schedules').selectAll().execute();
  const byName = new Map(rows.map((row) => [row.name, row]));
  return jobTasks.flatMap((task) => {
    const row = byName.get(task.name);
    if (!row) return [];
    return [
      {
        name: row.name,
        title: row.title,
        summary: task.summary,
        description: row.description,
        cron: row.cron,
        timeZone: row.time_zone,
        paused: row.paused,
        nextRunAt: new Date(row.next_run_at).toISOString(),
        lastRunAt: iso(row.last_run_at),
        lastOutcome: row.last_outcome,
        lastRunId: row.last_run_id,
        runNow: task.runNow === 'at-once' ? ('at-once' as const) : ('through-preview' as const),
        previewScreen: task.runNow === 'at-once' ? null : task.runNow.throughPreview,
        version: row.version,
      },
    ];
  });
}

/** How many runs the screen shows. */
export const shownRuns = 200;

/** The last 200 runs, newest first, with their duration (a running one's so far). */
export async function listRuns(db: Kysely<Database>): Promise<TJobRun[]> {
  const rows = await db
    .selectFrom('job_runs as r')
    .leftJoin('users as u', 'u.uid', 'r.started_by')
    .selectAll('r')
    .select([
      'u.email as started_by_email',
      sql<
        number | null
      >`(extract(epoch FROM coalesce(r.finished_at, now()) - r.started_at) * 1000)::bigint::int`.as(
        'duration_ms',
      ),
    ])
    .orderBy('r.queued_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(shownRuns)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    task: row.task,
    title: findAnyTask(row.task)?.title ?? row.task,
    trigger: row.trigger,
    state: row.state,
    attempt: row.attempt,
    occurrence: iso(row.occurrence),
    queuedAt: new Date(row.queued_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
    progressDone: row.progress_done,
    progressTotal: row.progress_total,
    result: row.result,
    error: row.error,
    instanceId: row.instance_id,
    startedBy: row.started_by_email ?? row.started_by,
  }));
}
