import type { ChildProcess } from 'node:child_process';
import type pg from 'pg';
import { waitForExit } from '../../test/processes';
import { waitUntil } from '../../test/wait-for';

/**
 * What the two-instance tests (jobs/two-instances.test.ts, two-instances.test.ts) share: a real
 * server process of the pair, their patient wait, and the kill of one instance mid-run.
 */
export type ServerInstance = { child: ChildProcess & { output: () => string }; url: string };

/** Polls `read` until it answers a value; two real servers get 20 s unless told otherwise. */
export const waitFor = <T>(read: () => Promise<T | undefined>, timeoutMs = 20_000) =>
  waitUntil(read, { timeoutMs });

/** Polls a query until it finds its row (a run in the state the test waits for); answers it. */
export const waitForRow = <T>(
  query: { executeTakeFirst(): Promise<T | undefined> },
  timeoutMs?: number,
) => waitFor(async () => (await query.executeTakeFirst()) ?? undefined, timeoutMs);

/**
 * Kills the instance that holds the work mid-run (SIGKILL: it gets no shutdown of its own) and,
 * once it is gone, ends the blocker's transaction that kept the work mid-run, so that the other
 * instance can take the work over.
 */
export async function killMidRun(
  instance: ServerInstance,
  blocker: pg.Client,
  end: 'COMMIT' | 'ROLLBACK',
) {
  instance.child.kill('SIGKILL');
  await waitForExit(instance.child);
  await blocker.query(end);
}
