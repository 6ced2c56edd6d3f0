import { runDunning } from '../../dunning';
import { todayInZurich } from '../schedule-times';
import type { JobTask } from '../task';
import { clock } from '../../lib/clock';

/**
 * The daily dunning run (issue 17, `dunning/`): reminders, final notices and suspensions that
 * have become due, as of today in Zurich. Idempotent by design: a level is never sent twice for
 * one invoice, so a run taken over after its instance died sends only what is still due.
 */
export const dunningRunTask: JobTask = {
  name: 'dunning-run',
  title: 'Dunning run',
  summary: 'Sends the reminders, final notices and suspensions that have become due.',
  schedule: { cron: '0 6 * * *', words: 'Every day at 06:00' },
  runNow: { throughPreview: 'Invoices → Dunning run' },
  maxAttempts: 5,
  async run({ db, config, run, progress }) {
    const report = await runDunning(db, {
      asOf: todayInZurich(run.occurrence ?? clock.now()),
      dryRun: false,
      trigger: run.trigger === 'schedule' ? 'schedule' : 'manual',
      operatorUid: run.operatorUid,
      mailFrom: config.mailFrom,
      onProgress: progress,
    });
    // The counts; the list of invoices stays on the dunning run (`dunning_runs`).
    return {
      asOf: report.asOf,
      dunningRunId: report.runId,
      levels: report.levels.map(({ level, name, invoices }) => ({ level, name, invoices })),
      skipped: report.skipped,
      postal: report.postal,
      suspended: report.suspended,
      emailsQueued: report.emailsQueued,
    };
  },
};
