import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { formatDuration } from '../lib/format';
import { startServer } from '../lib/processes';
import { seededDataDir, seedScale } from './seed';

/** Starts and stops the server `runs` times, timing each start from spawn to ready. */
async function timeStarts(
  context: BenchmarkContext,
  runs: number,
  seed: 'demo' | 'none',
  dataDirOfRun: () => string,
): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const server = await startServer({ dataDir: dataDirOfRun(), seed });
    try {
      samples.push(server.readyMs);
      context.log(`run ${run}/${runs}: ready in ${formatDuration(server.readyMs)}`);
    } finally {
      await server.stop();
    }
  }
  return samples;
}

export const coldStartFirst: Benchmark = {
  name: 'cold-start-first',
  measures:
    "a newcomer's first `npm start` on an empty DATA_DIR (default SEED=demo): spawn of " +
    '`node apps/server/dist/main.js` to the first 200 on `/readyz`, including creating the ' +
    'PostgreSQL cluster, migrating and loading the 1,000-member demo data; a new DATA_DIR per run.',
  unit: 'ms',
  target: 10_000,
  dataSize: 'empty → 1,000 members',
  runs: 3,
  async run(context) {
    const samples = await timeStarts(context, this.runs, 'demo', () => context.newDataDir('first'));
    return { samples };
  },
};

export const coldStartExisting: Benchmark = {
  name: 'cold-start-existing',
  measures:
    'a restart on an existing, empty database (SEED=none; the DATA_DIR was started and stopped ' +
    'once before): spawn to the first 200 on `/readyz`.',
  unit: 'ms',
  target: 3_000,
  dataSize: 'empty database',
  runs: 7,
  async run(context) {
    const dataDir = context.newDataDir('existing');
    context.log('preparing the DATA_DIR (first start, untimed)');
    const server = await startServer({ dataDir, seed: 'none' });
    await server.stop();
    return { samples: await timeStarts(context, this.runs, 'none', () => dataDir) };
  },
};

export const coldStart100k: Benchmark = {
  name: 'cold-start-100k',
  measures:
    'a restart on the database `seed-100k` loaded (SEED=none): spawn to the first 200 on ' +
    '`/readyz`.',
  unit: 'ms',
  target: 3_000,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: 5,
  async run(context) {
    const { dataDir } = await seededDataDir(context);
    return { samples: await timeStarts(context, this.runs, 'none', () => dataDir) };
  },
};
