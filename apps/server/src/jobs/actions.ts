import type { TJobRun, TJobSchedule } from '@ops/contract/jobs';
import { sql, type Kysely } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { queueRun } from './queue-run';
import { listRuns, listSchedules } from './read';
import { nextOccurrence } from './schedule-times';
import { findJobTask } from './tasks';
import { clock } from '../lib/clock';

function taskOrNotFound(name: string) {
  const task = findJobTask(name);
  if (!task) throw new AppError('not-found', `No job is named ${name}.`);
  return task;
}

/**
 * Who asks for Run now: the console (the Jobs screen and its API), or a script that names the
 * job (`jobs run <name>`), which is the one way to queue a through-preview task by hand.
 */
export type RunNowCaller = 'console' | 'script';

/**
 * Run now: queues a manual run of a schedule's task (audited, in one transaction), refused
 * while a run of it is queued or running, so two clicks do not start it twice. From the
 * console, a task that writes to members or e-mails them is refused (409): it runs through its
 * own screen's preview and confirmation (`JobTask.runNow`).
 */
export async function runJobNow(
  db: Kysely<Database>,
  actor: Actor,
  name: string,
  caller: RunNowCaller,
): Promise<TJobRun> {
  const task = taskOrNotFound(name);
  if (caller === 'console' && task.runNow !== 'at-once') {
    throw new AppError(
      'aborted',
      `${task.title} writes to members or sends them e-mail: run it from ${task.runNow.throughPreview}, after its preview.`,
    );
  }
  const runId = await writeTransaction(
    db,
    async (trx) => {
      // One at a time per task: a second click waits here and then sees the first's run.
      await sql`SELECT pg_advisory_xact_lock(hashtext('job-run-now'), hashtext(${name}))`.execute(
        trx,
      );
      const active = await trx
        .selectFrom('job_runs')
        .select(['id', 'state'])
        .where('task', '=', name)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (active) {
        throw new AppError(
          'aborted',
          `${task.title} is already ${active.state === 'queued' ? 'queued' : 'running'}; wait for that run to end.`,
        );
      }
      const run = await queueRun(trx, task, { trigger: 'manual', operatorUid: actor.uid });
      await recordAudit(trx, actor, {
        table: 'job_runs',
        recordId: run.id,
        action: 'run-now',
        before: null,
        after: { task: name, trigger: 'manual', state: 'queued' },
      });
      return run.id;
    },
    { isolationLevel: 'read committed' },
  );
  const runs = await listRuns(db);
  const run = runs.find((candidate) => candidate.id === runId);
  if (!run) throw new AppError('internal', 'The queued run could not be read back.');
  return run;
}

/**
 * Pauses or resumes a schedule (audited). A paused schedule's occurrences pass without a run; on
 * resuming, the next occurrence is computed from now, so no missed run starts at once.
 */
export async function setSchedulePaused(
  db: Kysely<Database>,
  actor: Actor,
  name: string,
  paused: boolean,
): Promise<TJobSchedule> {
  const task = taskOrNotFound(name);
  await writeTransaction(db, async (trx) => {
    const before = await lockRecord(trx, 'job_schedules', name);
    if (before.paused === paused) return;
    const nextRunAt = paused ? before.next_run_at : nextOccurrence(task.schedule.cron, clock.now());
    await updateRecord(
      trx,
      actor,
      'job_schedules',
      before,
      { paused, next_run_at: nextRunAt },
      {
        action: paused ? 'pause' : 'resume',
        view: (row) => ({ paused: row.paused, version: row.version }),
      },
    );
  });
  const schedule = (await listSchedules(db)).find((candidate) => candidate.name === name);
  if (!schedule) throw new AppError('not-found', `No job is named ${name}.`);
  return schedule;
}
