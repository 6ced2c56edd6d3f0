import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedCluster, embeddedConnectionString } from '../src/db/embedded-postgres';
import { createMigratedTemplate, dropDatabase } from './template-database';
import { bundleServer } from '../server-bundle';

/** Directly inside apps/server, as dist/ is: the server finds the web apps relative to itself. */
const serverBundleDir = path.resolve(import.meta.dirname, '../dist-test');

declare module 'vitest' {
  // Vitest's extension point is an interface; declaration merging needs one here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Superuser connection to the throwaway cluster; each test file makes its own database. */
    pgAdminUrl: string;
    /** A database migrated once for the run, which `createTestDatabase` copies (issue 36). */
    pgTemplateDatabase: string;
    /** A folder for this run's DATA_DIRs (traversable by 'postgres'), removed at the end. */
    scratchDir: string;
    /** The run's bundle of the server and the CLI, which test/processes.ts starts. */
    serverBundleDir: string;
  }
}

/**
 * One real, throwaway PostgreSQL for the whole run, started exactly the way the app starts its
 * embedded one. fsync is off: the data is thrown away anyway.
 */
export default async function setup(project: TestProject) {
  // The processes the tests start run the sources bundled as the production build bundles them
  // (about 2 s, once), instead of compiling them through tsx at every start (issue 36).
  await bundleServer({ main: 'src/main.ts', cli: 'src/cli/main.ts' }, serverBundleDir);
  project.provide('serverBundleDir', serverBundleDir);
  const scratchDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-test-run-'));
  fs.chmodSync(scratchDir, 0o755);
  project.provide('scratchDir', scratchDir);
  // TEST_DATABASE_ADMIN_URL runs the suite on another PostgreSQL (a superuser connection), e.g.
  // the oldest version DATABASE_URL supports, instead of the embedded one.
  const externalAdminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (externalAdminUrl) {
    project.provide('pgAdminUrl', externalAdminUrl);
    const template = await createMigratedTemplate(externalAdminUrl);
    project.provide('pgTemplateDatabase', template);
    return async () => {
      await dropDatabase(externalAdminUrl, template);
      fs.rmSync(scratchDir, { recursive: true, force: true });
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-test-pg-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as the 'postgres' user when we are root.
  const cluster = await startEmbeddedCluster(dataDir, pino({ level: 'silent' }), {
    extraFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=300',
    ],
  });
  const adminUrl = embeddedConnectionString(cluster.port, cluster.credentials).replace(
    /\/operations$/,
    '/postgres',
  );
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplateDatabase', await createMigratedTemplate(adminUrl));
  return async () => {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratchDir, { recursive: true, force: true });
  };
}
