import type { Actor } from '../../db/audit';
import { runRenewalJob } from '../../invoices';
import { yearInZurich } from '../schedule-times';
import type { JobTask } from '../task';

/**
 * The yearly renewal run: on 2 January at 06:00 for that year (and by hand, from the Jobs screen
 * for the current year or from the renewal dialog for any year). Invoices are e-mailed.
 */
export const renewalRunTask: JobTask = {
  name: 'renewal-run',
  title: 'Renewal run',
  summary:
    "Issues the year's membership invoices to every active member without one, and e-mails them.",
  schedule: { cron: '0 6 2 1 *', words: 'Every year on 2 January at 06:00' },
  // A run started by hand still going makes the job fail; the queue tries again (backing off).
  maxAttempts: 10,
  async run({ db, config, logger, run, earlierNotes, note, progress }) {
    const actor: Actor = run.operatorUid
      ? { kind: 'operator', uid: run.operatorUid }
      : { kind: 'system', uid: null };
    const year = yearInZurich(run.occurrence ?? new Date());
    const finished = await runRenewalJob(db, actor, {
      year,
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
      interruptedRunIds: earlierNotes.flatMap((earlier) =>
        typeof earlier.renewalRunId === 'string' ? [earlier.renewalRunId] : [],
      ),
      onStarted: (renewalRunId) => note({ renewalRunId, year }),
      onProgress: (current) => progress(current.processed, current.total),
      log: logger,
    });
    return {
      year,
      renewalRunId: finished.id,
      issued: finished.issued,
      alreadyInvoiced: finished.alreadyInvoiced,
      emailsQueued: finished.emailsQueued,
      totals: finished.totals,
    };
  },
};
