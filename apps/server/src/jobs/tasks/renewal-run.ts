import type { Actor } from '../../db/audit';
import {
  continueRenewalRun,
  renewalJobMaxAttempts,
  renewalJobTask,
  runRenewalJob,
  type RenewalJobPayload,
} from '../../invoices';
import { yearInZurich } from '../schedule-times';
import type { JobContext, JobTask } from '../task';
import { clock } from '../../lib/clock';

const actorKinds: readonly Actor['kind'][] = ['operator', 'user', 'system', 'cli'];

/** The run the renewal dialog (or the CLI) started, when this job is its. */
function startedRun(payload: JobContext['payload']): RenewalJobPayload | null {
  const { renewalRunId, actor } = payload as Partial<RenewalJobPayload>;
  if (typeof renewalRunId !== 'string') return null;
  const kind = actorKinds.find((candidate) => candidate === actor?.kind) ?? 'system';
  return { renewalRunId, actor: { kind, uid: typeof actor?.uid === 'string' ? actor.uid : null } };
}

/**
 * The yearly renewal run: on 2 January at 06:00 for that year (and by hand, from the Jobs screen
 * for the current year, or from the renewal dialog and the CLI for any year: those start the
 * run themselves and queue this job with it, `startRenewalRun`). Invoices are e-mailed by the
 * scheduled run, and by a started one when asked.
 */
export const renewalRunTask: JobTask = {
  name: renewalJobTask,
  title: 'Renewal run',
  summary:
    "Issues the year's membership invoices to every active member without one, and e-mails them.",
  schedule: { cron: '0 6 2 1 *', words: 'Every year on 2 January at 06:00' },
  runNow: { throughPreview: 'Invoices → Renewal run' },
  maxAttempts: renewalJobMaxAttempts,
  async run({ db, config, logger, run, earlierNotes, note, progress, payload }) {
    const runOptions = {
      mailFrom: config.mailFrom,
      publicUrl: config.publicUrl,
      onProgress: (current: { processed: number; total: number }) =>
        progress(current.processed, current.total),
      log: logger,
    };
    const started = startedRun(payload);
    const finished = started
      ? await continueRenewalRun(db, started.actor, started.renewalRunId, runOptions)
      : await runRenewalJob(
          db,
          run.operatorUid
            ? { kind: 'operator', uid: run.operatorUid }
            : { kind: 'system', uid: null },
          {
            ...runOptions,
            year: yearInZurich(run.occurrence ?? clock.now()),
            earlierRunIds: earlierNotes.flatMap((earlier) =>
              typeof earlier.renewalRunId === 'string' ? [earlier.renewalRunId] : [],
            ),
            onStarted: (renewalRunId) => note({ renewalRunId }),
          },
        );
    return {
      year: finished.year,
      renewalRunId: finished.id,
      status: finished.status,
      issued: finished.issued,
      alreadyInvoiced: finished.alreadyInvoiced,
      emailsQueued: finished.emailsQueued,
      totals: finished.totals,
    };
  },
};
