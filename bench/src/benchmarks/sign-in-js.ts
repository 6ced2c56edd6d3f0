import { launchChromium } from '../lib/chromium';
import type { Benchmark } from '../lib/benchmark';
import { formatValue } from '../lib/format';
import { startServer } from '../lib/processes';
import { weighScripts, type ScriptFile } from '../lib/weigh-scripts';

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
      const browser = await launchChromium();
      try {
        const samples: number[] = [];
        let files: ScriptFile[] = [];
        for (let run = 1; run <= this.runs; run++) {
          files = await weighScripts(browser, `${server.url}/`);
          const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
          samples.push(total);
          context.log(
            `run ${run}/${this.runs}: ${files.length} scripts, ${formatValue(total, 'bytes')} gzipped`,
          );
        }
        return {
          samples,
          details: {
            browser: `Chromium ${browser.version()}`,
            rawBytes: files.reduce((sum, file) => sum + file.bytes, 0),
            files,
          },
        };
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  },
};
