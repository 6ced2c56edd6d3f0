import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eStripeWebhookSecret } from './support/payments';

/**
 * End-to-end tests drive Debian's Chromium against the production build (`npm run build`), served
 * by the real server on a fresh DATA_DIR with its embedded PostgreSQL and the demo data of a
 * first start. CHROMIUM_PATH overrides the browser.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Playwright evaluates this file again in every worker; workers inherit the environment, so the
// port and the data directory are chosen once, by the first evaluation.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 2_000));
// The member portal's listener: its own range, so it never meets another run's console port.
process.env.E2E_PORTAL_PORT ??= String(Number(process.env.E2E_PORT) + 2_000);
if (!process.env.E2E_DATA_PARENT) {
  const dataParent = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-e2e-'));
  fs.chmodSync(dataParent, 0o755); // PostgreSQL runs as the 'postgres' user when we are root
  process.env.E2E_DATA_PARENT = dataParent;
}
const port = Number(process.env.E2E_PORT);
const dataParent = process.env.E2E_DATA_PARENT;

const repositoryRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: path.join(repositoryRoot, 'test-results'),
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  forbidOnly: true,
  reporter: [
    ['list'],
    ['json', { outputFile: path.join(repositoryRoot, '.test-results/e2e.json') }],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace of every test (to keep the failed ones) cost a sixth of the run's time,
    // most of it Chromium's, on two cores (issue 36). A failure keeps its screenshot and error;
    // E2E_TRACE=1 records traces again, e.g. to look into a failure that CI showed.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The server, a real SMTP server and a real OpenID provider (e2e/support/stack.ts).
    command: 'node --import tsx e2e/support/stack.ts',
    cwd: repositoryRoot,
    url: `http://localhost:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      E2E_PORT: String(port),
      E2E_PORTAL_PORT: process.env.E2E_PORTAL_PORT,
      E2E_DATA_PARENT: dataParent,
      LOG_LEVEL: 'warn',
      STRIPE_WEBHOOK_SECRET: e2eStripeWebhookSecret,
    },
  },
});
