import type { Benchmark } from '../lib/benchmark';
import { startServer } from '../lib/processes';
import { weighFirstLoad } from '../lib/weigh-scripts';

export const signInJs: Benchmark = {
  name: 'sign-in-js',
  measures:
    'JavaScript an unauthenticated person downloads to see the first screen: `/` in headless ' +
    'Chromium (empty cache) until the network is idle, every script response gzipped (Node zlib, ' +
    'default level) and summed: the sign-in screen, with the shell code it is part of.',
  unit: 'bytes',
  target: 150_000,
  dataSize: 'empty database',
  runs: 3,
  async run(context) {
    const server = await startServer({ dataDir: context.newDataDir('sign-in-js'), seed: 'none' });
    try {
      return await weighFirstLoad(context, `${server.url}/`, this.runs);
    } finally {
      await server.stop();
    }
  },
};
