import type { ChildProcess } from 'node:child_process';
import type pg from 'pg';
import { freePort, newDataDir, startTs, waitForExit } from '../../test/processes';
import { waitUntil } from '../../test/wait-for';

/**
 * What the two-instance tests (jobs/two-instances.test.ts, two-instances.test.ts) share: a real
 * server process of the pair, their patient wait, and the kill of one instance mid-run.
 */
export type ServerInstance = { child: ChildProcess & { output: () => string }; url: string };

/**
 * Starts one server process of the pair on the database at `databaseUrl`, on a free loopback port
 * with a data folder of its own and no seed; `env` adds to or overrides that environment.
 */
export async function startServerInstance(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerInstance> {
  const port = await freePort();
  const child = startTs('src/main.ts', {
    DATABASE_URL: databaseUrl,
    DATA_DIR: newDataDir(),
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'none',
    ...env,
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

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
