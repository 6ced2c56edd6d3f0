import path from 'node:path';
import { defineConfig } from '@playwright/test';
import suite from '../../e2e/playwright.config';

/** The end-to-end configuration (its web server is the real stack), one failing file. */
export default defineConfig({
  ...suite,
  testDir: path.resolve(import.meta.dirname),
  testMatch: 'failing.spec-check.ts',
  reporter: [['line']],
});
