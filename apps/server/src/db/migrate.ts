import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from './migrations';

export const knownMigrationCount = Object.keys(migrations).length;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
type AnyKysely = Kysely<any>;

function createMigrator(db: AnyKysely): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/**
 * Every change of the database's schema, ours (here) and graphile-worker's
 * (`installJobQueueSchema`), is made under this session advisory lock. (The key keeps the name
 * it had when only graphile-worker's install took it, so that an instance of an older build
 * starting beside a newer one still waits for it.)
 */
export const schemaChangeLockKey = 'graphile-worker-install';

/**
 * Applies every pending migration in order, exactly once when several servers start at once on
 * one database. Kysely's own lock covers the migrations, but before taking it Kysely reads the
 * columns of every table in the database, and that read fails on a column another instance's
 * graphile-worker install drops at that moment (two instances started beside each other after
 * `seed demo` had migrated the database: "column job_count of relation job_queues does not
 * exist"). So the whole step waits for the schema lock, on one connection of the pool.
 */
export async function migrateToLatest(db: AnyKysely): Promise<string[]> {
  const { error, results } = await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext(${schemaChangeLockKey}))`.execute(connection);
    try {
      return await createMigrator(connection).migrateToLatest();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${schemaChangeLockKey}))`.execute(connection);
    }
  });
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((result) => result.migrationName);
}

export async function countAppliedMigrations(db: AnyKysely): Promise<number> {
  const list = await createMigrator(db).getMigrations();
  return list.filter((migration) => migration.executedAt !== undefined).length;
}
