import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { cliEntry } from '../lib/paths';
import { spawnTracked, terminate, waitForExit } from '../lib/processes';

export const seedScale = 100_000;

export type SeededDataDir = {
  dataDir: string;
  elapsedMs: number;
  /** The CLI's report: rows per table. */
  report: unknown;
};

const seedTimeoutMs = 15 * 60_000;

/** Runs `npm run ops -- seed demo --scale N` (without npm's own start-up) on a fresh DATA_DIR. */
async function seedFreshDataDir(context: BenchmarkContext): Promise<SeededDataDir> {
  const dataDir = context.newDataDir(`seed-${seedScale}`);
  context.log(`seeding ${seedScale.toLocaleString('en')} members into a fresh DATA_DIR`);
  const startedAt = performance.now();
  const cli = spawnTracked(
    process.execPath,
    ['--import', 'tsx', cliEntry, 'seed', 'demo', '--scale', String(seedScale)],
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  );
  const heartbeat = setInterval(() => {
    context.log(`still seeding (${formatDuration(performance.now() - startedAt)})`);
  }, 15_000);
  let code: number | null;
  try {
    code = await waitForExit(cli.child, seedTimeoutMs);
  } finally {
    clearInterval(heartbeat);
    await terminate(cli.child);
  }
  const elapsedMs = performance.now() - startedAt;
  if (code !== 0) throw new Error(`seed demo exited with ${code}:\n${cli.output()}`);
  let report: unknown;
  try {
    // The CLI prints the report as JSON when its output is not a terminal.
    report = JSON.parse(cli.output().slice(cli.output().indexOf('{')));
  } catch {
    report = cli.output();
  }
  context.log(`seeded in ${formatDuration(elapsedMs)}`);
  return { dataDir, elapsedMs, report };
}

/** The 100,000-member DATA_DIR of this invocation: seeded by `seed-100k`, or now if it did not run. */
export function seededDataDir(context: BenchmarkContext): Promise<SeededDataDir> {
  return context.shared('seeded-data-dir', () => seedFreshDataDir(context));
}

export const seed100k: Benchmark = {
  name: 'seed-100k',
  measures:
    '`npm run ops -- seed demo --scale 100000` on a fresh DATA_DIR, from spawn to exit: creating ' +
    'the cluster, migrating, generating and loading 100,000 members and their records.',
  unit: 'ms',
  target: 120_000,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: 1,
  async run(context) {
    const { elapsedMs, report } = await seededDataDir(context);
    return { samples: [elapsedMs], details: { report } };
  },
};
