import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';
import { queueRun } from './queue-run';
import { nextOccurrence } from './schedule-times';
import { findJobTask } from './tasks';
import { clock } from '../lib/clock';

/** How long the history of runs is kept. */
const runsKeptDays = 90;

/**
 * The tick (graphile-worker's crontab runs it every minute, on one instance): every schedule
 * whose next occurrence has come is moved on to its following occurrence and, unless paused,
 * its run is queued, both in one transaction. The move is a compare-and-set on the
 * `next_run_at` the tick read, so when ticks of several instances meet on one occurrence,
 * exactly one wins it and the others change nothing. Occurrences missed while every server was
 * down are caught up by one run (the tasks are idempotent: one run does what several would).
 * Returns the names of the schedules whose run it queued.
 */
export async function enqueueDueSchedules(
  db: Kysely<Database>,
  logger: Logger,
  now = clock.now(),
): Promise<string[]> {
  const due = await db
    .selectFrom('job_schedules')
    // As text too: the compare-and-set must match to the microsecond, which a Date drops.
    .select(['name', 'cron', 'next_run_at', sql<string>`next_run_at::text`.as('seen')])
    .where('next_run_at', '<=', now)
    .execute();
  const queued: string[] = [];
  for (const schedule of due) {
    const task = findJobTask(schedule.name);
    if (!task) continue; // a schedule whose task this build no longer has
    const occurrence = new Date(schedule.next_run_at);
    const won = await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('job_schedules')
        .set({ next_run_at: nextOccurrence(schedule.cron, now), updated_at: sql<Date>`now()` })
        .where('name', '=', schedule.name)
        .where(sql<boolean>`next_run_at = ${schedule.seen}::timestamptz`)
        .returning('paused')
        .executeTakeFirst();
      if (!moved || moved.paused) return false;
      await queueRun(trx, task, { trigger: 'schedule', occurrence });
      return true;
    });
    if (won) {
      queued.push(schedule.name);
      logger.info({ task: schedule.name, occurrence }, 'scheduled job queued');
    }
  }
  await sql`DELETE FROM job_runs
    WHERE queued_at < now() - make_interval(days => ${runsKeptDays})
      AND state IN ('succeeded', 'failed')`.execute(db);
  return queued;
}
