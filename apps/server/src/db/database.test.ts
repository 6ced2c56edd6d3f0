import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../test/database';
import { newDataDir } from '../../test/processes';
import { ConfigError } from '../config';
import { openDatabase } from './database';
import { ownerFilePath, readOwner } from './data-dir-lock';
import { embeddedDatabases } from './test-support';

describe('the embedded PostgreSQL of a DATA_DIR', () => {
  const { openEmbedded } = embeddedDatabases();

  it('is created on first start and keeps its data for the next start', async () => {
    const dataDir = newDataDir();
    const first = await openEmbedded(dataDir, 'server');
    expect(first.kind).toBe('embedded');
    await sql`CREATE TABLE kept (note text)`.execute(first.db);
    await sql`INSERT INTO kept VALUES ('still here')`.execute(first.db);
    await first.close();
    expect(fs.existsSync(ownerFilePath(dataDir))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await openEmbedded(dataDir, 'server');
    const { rows } = await sql<{ note: string }>`SELECT note FROM kept`.execute(second.db);
    expect(rows).toEqual([{ note: 'still here' }]);
  });

  it('refuses a second server on the same DATA_DIR, with a message saying why', async () => {
    const dataDir = newDataDir();
    await openEmbedded(dataDir, 'server');
    const refusal = await openEmbedded(dataDir, 'server').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toMatch(
      new RegExp(
        `DATA_DIR ${dataDir} is already in use by another Operations server \\(pid ${process.pid}\\)`,
      ),
    );
    expect((refusal as Error).message).toMatch(/DATABASE_URL/);
  });

  it('lets the command line use the running server’s database instead of its files', async () => {
    const dataDir = newDataDir();
    const server = await openEmbedded(dataDir, 'server');
    await sql`CREATE TABLE shared (n int)`.execute(server.db);
    const cli = await openEmbedded(dataDir, 'cli');
    expect(cli.kind).toBe('embedded-shared');
    await sql`INSERT INTO shared VALUES (42)`.execute(cli.db);
    await cli.close(); // closing the CLI's connection leaves the server's database running
    const { rows } = await sql<{ n: number }>`SELECT n FROM shared`.execute(server.db);
    expect(rows).toEqual([{ n: 42 }]);
    expect(readOwner(dataDir)?.role).toBe('server');
  });

  it('recovers from an owner that died without cleaning up', async () => {
    const dataDir = newDataDir();
    fs.mkdirSync(dataDir, { recursive: true });
    // A pid that cannot be alive: the file of a crashed process.
    fs.writeFileSync(
      ownerFilePath(dataDir),
      JSON.stringify({ pid: 2 ** 22 + 12345, role: 'server', port: 1, startedAt: '' }),
    );
    const handle = await openEmbedded(dataDir, 'server');
    expect(handle.kind).toBe('embedded');
    expect(readOwner(dataDir)?.pid).toBe(process.pid);
  });

  it('names DATA_DIR when it cannot be created', async () => {
    const file = path.join(path.dirname(newDataDir()), 'a-file');
    fs.writeFileSync(file, '');
    await expect(
      openDatabase({
        databaseUrl: undefined,
        dataDir: `${file}/data`,
        role: 'server',
        logger: silentLogger,
      }),
    ).rejects.toThrow(/^DATA_DIR: cannot create or write .*a-file\/data/);
  });
});
