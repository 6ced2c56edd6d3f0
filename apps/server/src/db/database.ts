import fs from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { ConfigError } from '../config';
import {
  publishPort,
  readOwner,
  releaseOwnership,
  tryAcquireOwnership,
  type DataDirOwner,
} from './data-dir-lock';
import {
  embeddedConnectionString,
  readAppCredentials,
  startEmbeddedCluster,
  type EmbeddedCluster,
} from './embedded-postgres';
import { watchPool } from './pool-watch';
import type { Database } from './schema';

// bigint (int8) stays a string: money in minor units must never pass through a float.
// numeric likewise. Dates (date columns) stay 'YYYY-MM-DD' strings: no time-zone shifts.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type DatabaseHandle = {
  /** How we reached PostgreSQL: DATABASE_URL, our own embedded cluster, or another process's. */
  kind: 'external' | 'embedded' | 'embedded-shared';
  connectionString: string;
  pool: pg.Pool;
  db: Kysely<Database>;
  close(): Promise<void>;
};

export type OpenDatabaseOptions = {
  databaseUrl: string | undefined;
  dataDir: string;
  /** A server refuses a data directory in use; the CLI joins the running database instead. */
  role: DataDirOwner['role'];
  logger: Logger;
  poolSize?: number;
};

/**
 * How long a query waits for a connection (a free one of the pool, or a new one) before it
 * fails: while PostgreSQL is unreachable a request gets its 503 within this time instead of
 * hanging. Far above any wait of normal load (`operations_db_pool_wait_seconds`).
 */
export const connectionTimeoutMs = 10_000;

function createHandle(
  kind: DatabaseHandle['kind'],
  connectionString: string,
  poolSize: number,
  logger: Logger,
  onClose: () => Promise<void>,
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    application_name: 'operations',
    // Search statements are prepared by name (search/engine.ts); a plan generic over their
    // parameters was measured 3 to 5 times slower than one made for the words at hand, so
    // prepared statements are always planned for their values. Unnamed ones are anyway.
    options: '-c plan_cache_mode=force_custom_plan',
    connectionTimeoutMillis: connectionTimeoutMs,
  });
  // A lost connection must not crash the process; the next query reconnects (pool-watch.ts).
  watchPool(pool, 'main', logger);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closing: Promise<void> | undefined;
  return {
    kind,
    connectionString,
    pool,
    db,
    close: () => {
      // Kysely ends the pool only if it ever used it; a handle closed before its first query
      // (a fresh copy of a template database) would otherwise keep serving queries.
      closing ??= db
        .destroy()
        .then(() => (pool.ending ? undefined : pool.end()))
        .then(onClose);
      return closing;
    },
  };
}

async function waitForPublishedPort(dataDir: string, owner: DataDirOwner): Promise<number> {
  const deadline = performance.now() + 60_000;
  let current: DataDirOwner | null = owner;
  while (current && current.port === null) {
    if (performance.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = readOwner(dataDir);
  }
  if (!current?.port) {
    throw new ConfigError(
      `DATA_DIR: the process using ${dataDir} did not finish starting its database.`,
    );
  }
  return current.port;
}

/**
 * The operator's role is used as given; a superuser works but can do far more than the app needs
 * (read the server's files, run programs), so the server says so once at start. A database it
 * cannot reach yet is left to the migrations to report.
 */
async function warnWhenSuperuser(handle: DatabaseHandle, logger: Logger): Promise<void> {
  const result = await handle.pool
    .query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')
    .catch(() => null);
  if (result?.rows[0]?.rolsuper) {
    logger.warn(
      'DATABASE_URL signs in as a PostgreSQL superuser; give the server a role that owns its ' +
        'database and nothing more (see the README).',
    );
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const poolSize = options.poolSize ?? 10;
  if (options.databaseUrl) {
    const handle = createHandle(
      'external',
      options.databaseUrl,
      poolSize,
      options.logger,
      async () => undefined,
    );
    if (options.role === 'server') await warnWhenSuperuser(handle, options.logger);
    return handle;
  }

  const { dataDir, logger, role } = options;
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK);
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR: cannot create or write ${dataDir} (${(error as Error).message})`,
    );
  }

  const ownership = tryAcquireOwnership(dataDir, role);
  if (!ownership.acquired) {
    const { owner } = ownership;
    if (role === 'server') {
      throw new ConfigError(
        `DATA_DIR ${dataDir} is already in use by another Operations ${owner.role} ` +
          `(pid ${owner.pid}). Stop it first; to run several servers, point them all at one ` +
          `PostgreSQL with DATABASE_URL.`,
      );
    }
    const port = await waitForPublishedPort(dataDir, owner);
    const connectionString = embeddedConnectionString(port, readAppCredentials(dataDir));
    return createHandle(
      'embedded-shared',
      connectionString,
      poolSize,
      logger,
      async () => undefined,
    );
  }

  let cluster: EmbeddedCluster;
  try {
    cluster = await startEmbeddedCluster(dataDir, logger);
    publishPort(dataDir, cluster.port);
  } catch (error) {
    releaseOwnership(dataDir);
    throw error;
  }
  // The app's own role, never the superuser (embedded-postgres.ts, app-role.ts).
  const connectionString = embeddedConnectionString(cluster.port, cluster.appCredentials);
  return createHandle('embedded', connectionString, poolSize, logger, async () => {
    await cluster.stop();
    releaseOwnership(dataDir);
  });
}
