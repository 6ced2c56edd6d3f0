import { Migrator, type Kysely } from 'kysely';
import { migrations } from './migrations';

export const knownMigrationCount = Object.keys(migrations).length;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema
type AnyKysely = Kysely<any>;

function createMigrator(db: AnyKysely): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/**
 * Applies every pending migration in order. Kysely holds a PostgreSQL advisory lock meanwhile, so
 * several servers starting at once on one database migrate it exactly once.
 */
export async function migrateToLatest(db: AnyKysely): Promise<string[]> {
  const { error, results } = await createMigrator(db).migrateToLatest();
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
