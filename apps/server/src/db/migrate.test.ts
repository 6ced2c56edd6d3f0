import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, silentLogger } from '../../test/database';
import { openDatabase, type DatabaseHandle } from './database';
import { countAppliedMigrations, knownMigrationCount, migrateToLatest } from './migrate';
import { migrations } from './migrations';

describe('migrations', () => {
  let database: DatabaseHandle;
  afterAll(() => database?.close());

  it('apply every migration to an empty database, then nothing on a second run', async () => {
    database = await openDatabase({
      databaseUrl: await createEmptyDatabase(),
      dataDir: '/nonexistent',
      role: 'server',
      logger: silentLogger,
    });
    expect(await migrateToLatest(database.db)).toHaveLength(knownMigrationCount);
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await countAppliedMigrations(database.db)).toBe(knownMigrationCount);

    const { rows } = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`.execute(
      database.db,
    );
    const tables = rows.map((row) => row.table_name);
    for (const table of [
      'users',
      'operators',
      'sessions',
      'countries',
      'members',
      'emails',
      'audit_log',
      'applications',
      'invoices',
      'certificates',
      'bank_accounts',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it('index the records of a database upgraded from before the search index', async () => {
    const upgraded = await openDatabase({
      databaseUrl: await createEmptyDatabase(),
      dataDir: '/nonexistent',
      role: 'server',
      logger: silentLogger,
    });
    try {
      const migrator = new Migrator({
        db: upgraded.db,
        provider: { getMigrations: async () => migrations },
      });
      expect((await migrator.migrateTo('0002-auth')).error).toBeUndefined();
      await sql`INSERT INTO members (mid, number, category, status, legal_name)
                VALUES ('m1', 'M-000001', 'individual', 'active', 'Älteste Spedition AG')`.execute(
        upgraded.db,
      );
      await migrateToLatest(upgraded.db);
      const { rows } = await sql<{ record_id: string; sort_name: string }>`
        SELECT record_id, sort_name FROM search_documents WHERE type = 'member'`.execute(
        upgraded.db,
      );
      expect(rows).toEqual([{ record_id: 'm1', sort_name: 'alteste spedition ag' }]);
    } finally {
      await upgraded.close();
    }
  });

  it('run once when several servers migrate the same database at the same moment', async () => {
    const url = await createEmptyDatabase();
    const handles = await Promise.all(
      [1, 2, 3].map(() =>
        openDatabase({
          databaseUrl: url,
          dataDir: '/nonexistent',
          role: 'server',
          logger: silentLogger,
        }),
      ),
    );
    try {
      const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
      expect(applied.flat()).toHaveLength(knownMigrationCount);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });
});
