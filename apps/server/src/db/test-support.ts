import { afterEach } from 'vitest';
import { silentLogger } from '../../test/database';
import { openDatabase, type DatabaseHandle } from './database';

/**
 * For a test of the embedded PostgreSQL: opens a DATA_DIR's database the way the server (or the
 * CLI) does, and closes every database a test opened after it, newest first (a CLI's connection
 * goes before the server that runs the cluster). Call it inside a `describe`. `track` closes a
 * database opened another way too.
 */
export function embeddedDatabases() {
  const open: DatabaseHandle[] = [];
  afterEach(async () => {
    for (const handle of open.splice(0).reverse()) await handle.close();
  });
  const track = (handle: DatabaseHandle) => {
    open.push(handle);
    return handle;
  };
  const openEmbedded = async (dataDir: string, role: 'server' | 'cli' = 'server') =>
    track(await openDatabase({ databaseUrl: undefined, dataDir, role, logger: silentLogger }));
  return { openEmbedded, track };
}

/**
 * A test's own connection to a database that other processes use (the servers or the CLI it
 * runs): by URL, with the CLI's role and a small pool, `poolSize` connections (2 by default).
 */
export const openDatabaseByUrl = (databaseUrl: string, poolSize = 2) =>
  openDatabase({
    databaseUrl,
    dataDir: '/nonexistent',
    role: 'cli',
    logger: silentLogger,
    poolSize,
  });
