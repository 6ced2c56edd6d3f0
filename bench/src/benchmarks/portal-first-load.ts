import type { Benchmark } from '../lib/benchmark';
import { launchChromium } from '../lib/chromium';
import { formatValue } from '../lib/format';
import { freePort, startServer } from '../lib/processes';
import { weighScripts, type ScriptFile } from '../lib/weigh-scripts';

/**
 * Issue 34: the member portal's first screen stays light for people on phones. The console's
 * code, charts and palette never load there: the portal is its own app.
 */
export const portalFirstLoad: Benchmark = {
  name: 'portal-first-load',
  measures:
    "JavaScript a person downloads to see the member portal's first screen: `PORTAL_URL/apply` " +
    'in headless Chromium (empty cache) until the network is idle, every script response ' +
    'gzipped (Node zlib, default level) and summed: React, the router, react-intl, the ' +
    "language's messages and the screen.",
  unit: 'bytes',
  target: 100_000,
  dataSize: 'empty database',
  runs: 3,
  async run(context) {
    const portalPort = await freePort();
    const server = await startServer({
      dataDir: context.newDataDir('portal-first-load'),
      seed: 'none',
      env: { PORTAL_PORT: String(portalPort) },
    });
    try {
      const browser = await launchChromium();
      try {
        const samples: number[] = [];
        let files: ScriptFile[] = [];
        for (let run = 1; run <= this.runs; run++) {
          files = await weighScripts(browser, `http://127.0.0.1:${portalPort}/apply`);
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
