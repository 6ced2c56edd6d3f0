import type { Benchmark } from '../lib/benchmark';
import { freePort, startServer } from '../lib/processes';
import { weighFirstLoad } from '../lib/weigh-scripts';

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
      return await weighFirstLoad(context, `http://127.0.0.1:${portalPort}/apply`, this.runs);
    } finally {
      await server.stop();
    }
  },
};
