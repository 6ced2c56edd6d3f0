import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { asClusterAdmin, databaseUrlOf } from './template-database';

export const silentLogger = pino({ level: 'silent' });

/** A new database on the throwaway test cluster, empty or a copy of `template`; its URL. */
async function createDatabase(template?: string): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await asClusterAdmin(
    adminUrl,
    template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
  );
  return databaseUrlOf(adminUrl, name);
}

/** A fresh, empty database on the throwaway test cluster; returns its connection string. */
export function createEmptyDatabase(): Promise<string> {
  return createDatabase();
}

/** A fresh copy of the run's migrated template (below); its URL, for a test that opens it itself. */
export function createMigratedDatabase(): Promise<string> {
  return createDatabase(inject('pgTemplateDatabase'));
}

/**
 * A fresh database with every migration applied, reached through the app's own code: a copy of
 * the run's migrated template (test/global-setup.ts), so every test file starts from what the
 * migrations give without running them again.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: await createMigratedDatabase(),
    dataDir: '/nonexistent',
    role: 'server',
    logger: silentLogger,
  });
}
