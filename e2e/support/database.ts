import path from 'node:path';
import pino from 'pino';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';

/**
 * Works on the test server's database directly, the way another operator's session or a job
 * would change it behind the browser's back (the CLI joins the running server's PostgreSQL).
 */
export async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: undefined,
    dataDir: path.join(process.env.E2E_DATA_PARENT ?? '', 'data'),
    role: 'cli',
    logger: pino({ level: 'silent' }),
    poolSize: 1,
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
