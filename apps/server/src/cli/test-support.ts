import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createMigratedDatabase, silentLogger } from '../../test/database';
import { runTs, type ServerEntry } from '../../test/processes';
import { openDatabase, type DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';

/** The CLI's entry point, relative to apps/server, as `npm run ops` runs it (bundled: test/processes.ts). */
export const cliEntry = 'src/cli/main.ts' satisfies ServerEntry;

/**
 * The command line's tests run `npm run ops -- …` as the operator would (a child process of the
 * CLI's bundle, test/processes.ts) on a fresh, migrated database of the test cluster, which the test reads with the CLI's own
 * role. Call it in a `describe`: it opens the database before the file's tests and closes it
 * after; `setup` adds what every test of the file needs, `tempFolder` makes a folder for the
 * files the commands read (removed after).
 */
export function cliOnEmptyDatabase(
  options: { setup?: (db: Kysely<Database>) => Promise<unknown>; tempFolder?: string } = {},
) {
  let databaseUrl = '';
  let database: DatabaseHandle | undefined;
  let folder = '';

  beforeAll(async () => {
    databaseUrl = await createMigratedDatabase();
    database = await openDatabase({
      databaseUrl,
      dataDir: '/nonexistent',
      role: 'cli',
      logger: silentLogger,
    });
    await options.setup?.(database.db);
    if (options.tempFolder) folder = fs.mkdtempSync(path.join(os.tmpdir(), options.tempFolder));
  });
  afterAll(async () => {
    await database?.close();
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  });

  return {
    /** The database the commands work on. */
    get database(): DatabaseHandle {
      if (!database) throw new Error('The CLI test database opens in beforeAll.');
      return database;
    },
    /** Runs `npm run ops -- <args>` on the database, with `input` on standard input. */
    ops: (args: string[], input?: string) =>
      runTs(cliEntry, args, { DATABASE_URL: databaseUrl }, input),
    /** The path of `name` in the temporary folder (which `tempFolder` asked for). */
    pathOf: (name: string) => path.join(folder, name),
    /** Writes `text` to `name` in the temporary folder; returns its path. */
    writeFile: (name: string, text: string) => {
      const file = path.join(folder, name);
      fs.writeFileSync(file, text);
      return file;
    },
  };
}
