import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../../../apps/server/src/db/database';

const silentLogger = pino({ level: 'silent' });

/**
 * Works on a benchmark's database directly (its preparation: the accounts, invoices and entries a
 * benchmark needs, made once per database), as the CLI would, then closes it.
 */
export async function withBenchDatabase<T>(
  dataDir: string,
  work: (database: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    databaseUrl: undefined,
    dataDir,
    role: 'cli',
    logger: silentLogger,
    poolSize: 1,
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
