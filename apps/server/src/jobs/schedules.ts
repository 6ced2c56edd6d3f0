import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { nextOccurrence } from './schedule-times';
import type { JobTask } from './task';
import { clock } from '../lib/clock';

/**
 * Keeps one `job_schedules` row per task in step with the code, at every start: a new task gets
 * its row (first occurrence after now), a changed title, wording or cron is written (a changed
 * cron recomputes the next occurrence). What operators set, pausing, stays. Several instances
 * starting at once write the same values; a row already equal is not touched, so a start sends
 * no change to open screens.
 */
export async function syncSchedules(
  db: Kysely<Database>,
  tasks: readonly JobTask[],
  now = clock.now(),
): Promise<void> {
  for (const task of tasks) {
    const next = nextOccurrence(task.schedule.cron, now);
    await sql`
      INSERT INTO job_schedules (name, title, description, cron, next_run_at)
      VALUES (${task.name}, ${task.title}, ${task.schedule.words}, ${task.schedule.cron}, ${next})
      ON CONFLICT (name) DO UPDATE SET
        title = EXCLUDED.title,
        description = EXCLUDED.description,
        cron = EXCLUDED.cron,
        next_run_at = CASE WHEN job_schedules.cron = EXCLUDED.cron
                           THEN job_schedules.next_run_at ELSE EXCLUDED.next_run_at END,
        updated_at = now()
      WHERE (job_schedules.title, job_schedules.description, job_schedules.cron)
            IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description, EXCLUDED.cron)`.execute(db);
  }
}
