import { defineConfig } from 'vitest/config';
import suite from '../../vitest.config';

/**
 * The suite's own configuration (its global setup starts the embedded PostgreSQL), one file.
 * Spread rather than `mergeConfig`: merging concatenates `include`, which would run the whole suite.
 */
export default defineConfig({
  ...suite,
  test: { ...suite.test, include: ['scripts/runner-exit/failing.check.ts'] },
});
