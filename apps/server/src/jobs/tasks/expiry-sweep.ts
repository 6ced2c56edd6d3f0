import type { JobContext, JobTask } from '../task';

/**
 * A scheduled expiry sweep: harmless, so Run now queues it at once; five attempts; its result is
 * how many records it expired (`{ expired }`). The certificates' and the data exports' sweeps
 * differ only by what they expire and when.
 */
export function expirySweepTask(
  task: Pick<JobTask, 'name' | 'title' | 'summary' | 'schedule'>,
  expire: (db: JobContext['db']) => Promise<number>,
): JobTask {
  return {
    ...task,
    runNow: 'at-once',
    maxAttempts: 5,
    async run({ db }) {
      return { expired: await expire(db) };
    },
  };
}
