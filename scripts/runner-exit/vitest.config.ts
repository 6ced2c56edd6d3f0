import { defineConfig, mergeConfig } from 'vitest/config';
import suite from '../../vitest.config';

/** The suite's own configuration (its global setup starts the embedded PostgreSQL), one file. */
export default mergeConfig(
  suite,
  defineConfig({ test: { include: ['scripts/runner-exit/failing.check.ts'] } }),
  false,
);
