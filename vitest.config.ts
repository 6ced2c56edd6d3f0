import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: API test files each start servers and subprocesses; two at a time is fastest.
    maxWorkers: 2,
  },
});
