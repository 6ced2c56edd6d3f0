import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { installJobQueueSchema } from '../src/db/job-queue';
import { migrateToLatest } from '../src/db/migrate';

export const silentLogger = pino({ level: 'silent' });

/** A fresh, empty database on the throwaway test cluster; returns its connection string. */
export async function createEmptyDatabase(): Promise<string> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database with every migration applied, reached through the app's own code. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const database = await openDatabase({
    databaseUrl: await createEmptyDatabase(),
    dataDir: '/nonexistent',
    role: 'server',
    logger: silentLogger,
  });
  await migrateToLatest(database.db);
  await installJobQueueSchema(database.connectionString);
  return database;
}
