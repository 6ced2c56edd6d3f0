import path from 'node:path';
import { defineConfig } from '@playwright/test';
import suite from '../../e2e/playwright.config';

/** The end-to-end configuration (its web server is the real stack), one failing file. */
export default defineConfig({
  ...suite,
  testDir: path.resolve(import.meta.dirname),
  testMatch: 'failing.spec-check.ts',
  // The suite's teardown (it deletes the stack's DATA_DIR), by a path that does not depend on
  // which configuration file names it.
  globalTeardown: path.resolve(import.meta.dirname, '../../e2e/global-teardown.ts'),
  reporter: [['line']],
});
