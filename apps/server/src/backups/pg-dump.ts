import { spawn } from 'node:child_process';
import pg from 'pg';
import type { Logger } from 'pino';
import { openBackupFile } from './backup-file';
import { connectionForTools, findPgTool } from './pg-tools';

/**
 * The first row of one query on a short connection of the backup's own (named
 * `operations-backup`, outside the server's pool), closed whatever happens: the backup asks the
 * server a question or two before pg_dump starts.
 */
async function queryOnce<Row extends pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
): Promise<Row | undefined> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: 'operations-backup',
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const result = await client.query<Row>(text);
    return result.rows[0];
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The server's major version (e.g. 16 for 16.4), read from the server itself. */
export async function serverMajor(databaseUrl: string): Promise<number> {
  const row = await queryOnce<{ number: string }>(
    databaseUrl,
    `SELECT current_setting('server_version_num') AS number`,
  );
  return Math.floor(Number(row?.number) / 10_000);
}

/** The tables pg_dump will dump the data of: the progress line's total. */
async function countTables(databaseUrl: string): Promise<number> {
  const row = await queryOnce<{ count: string }>(
    databaseUrl,
    `SELECT count(*) AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname <> 'information_schema'
        AND n.nspname !~ '^pg_'`,
  );
  return Number(row?.count ?? 0);
}

/**
 * `pg_dump --format=custom` of the DATABASE_URL database: one consistent snapshot (pg_dump's
 * own transaction), read by `pg_restore`. Progress counts the tables whose data was dumped, from
 * pg_dump's --verbose lines; the file is hashed while written.
 */
export async function writeDump(
  databaseUrl: string,
  logger: Logger,
  file: string,
  progress: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal },
): Promise<{ bytes: number; sha256: string }> {
  const major = await serverMajor(databaseUrl);
  const tool = await findPgTool('pg_dump', major);
  const total = await countTables(databaseUrl);
  const connection = connectionForTools(databaseUrl);
  const writer = await openBackupFile(file, { gzip: false });
  const child = spawn(
    tool.path,
    ['--format=custom', '--verbose', '--no-password', '--dbname', connection.url],
    { env: connection.env, stdio: ['ignore', 'pipe', 'pipe'], signal: progress.signal },
  );
  let done = 0;
  const messages: string[] = [];
  let pending = '';
  child.stderr.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (/dumping contents of table/.test(line)) {
        done += 1;
        progress.onProgress?.(Math.min(done, total), total);
      } else if (
        !/^pg_dump: (reading|identifying|saving|last built-in|dumping|finding|flagging|processing|creating|setting|executing|started|finished|reading subscription|reading publication)/.test(
          line,
        )
      ) {
        messages.push(line);
      }
    }
  });
  child.stdout.pipe(writer.input, { end: false });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch(async (error: unknown) => {
    await writer.abort();
    throw error;
  });
  if (code !== 0) {
    await writer.abort();
    const reason = messages.slice(-5).join('\n') || `exit code ${code}`;
    throw new Error(`pg_dump (${tool.path}) failed: ${reason}`);
  }
  const result = await writer.finish();
  logger.info({ file, bytes: result.bytes, pgDump: tool.path }, 'backup written');
  return result;
}
