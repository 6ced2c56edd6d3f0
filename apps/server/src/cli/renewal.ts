import type { TInvoiceRenewalRequest, TInvoiceRenewalRun } from '@ops/contract';
import type { Config } from '../config';
import { cliActor } from '../db/audit';
import type { DatabaseHandle } from '../db/database';
import { AppError } from '../errors';
import { getRenewalRun, renewMemberships, startRenewalRun } from '../invoices';
import { hasLiveJobRunner } from './jobs';

/** How often the CLI reads the run a server's job runner is doing. */
const pollMs = 500;

/**
 * `invoices renew`: while a server runs, the run is started as the renewal dialog starts it (a
 * job on the queue, queued with the run; a server's runner does it, another takes it over if
 * that one dies) and followed until it ends. With no server running, nobody would take the job:
 * the CLI runs the renewal itself, in its own process, as before the queue.
 */
export async function renewFromCli(
  database: DatabaseHandle,
  config: Config,
  request: TInvoiceRenewalRequest,
  onProgress: (run: TInvoiceRenewalRun) => void,
): Promise<TInvoiceRenewalRun> {
  const options = { mailFrom: config.mailFrom, publicUrl: config.publicUrl, onProgress };
  if (!(await hasLiveJobRunner(database, config))) {
    return renewMemberships(database.db, cliActor, request, options);
  }
  const { run, isNew } = await startRenewalRun(database.db, cliActor, request);
  if (!isNew) {
    throw new AppError(
      'aborted',
      `A renewal run for ${request.year} is already running (started ${new Date(run.started_at).toISOString()}).`,
    );
  }
  for (;;) {
    const current = await getRenewalRun(database.db, run.id);
    if (!current) throw new AppError('internal', `The renewal run ${run.id} disappeared.`);
    if (current.status !== 'running') return current;
    onProgress(current);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
