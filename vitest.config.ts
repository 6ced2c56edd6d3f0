import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
  test: {
    include: ['packages/**/*.test.{ts,tsx}', 'apps/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    // Servers a test starts (in process or as a child) take a free port for the member portal
    // too, instead of all asking for PORTAL_PORT's default, 3001.
    env: { PORTAL_PORT: '0' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: API test files each start servers and subprocesses; two at a time is fastest.
    maxWorkers: 2,
    // Each worker keeps its imported modules from one test file to the next: re-importing the
    // server for each of 200 files took 405 s of the workers' time (the suite: 667 s → 353 s).
    // Test files share no state through modules: each makes its own database and app, and
    // resets what it sets (the clock: `setClockForTests(null)` in its afterAll).
    isolate: false,
  },
});
