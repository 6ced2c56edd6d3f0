import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { generateTableTypes, tableTypesFile } from './table-types';

/**
 * `npm run db:types`: migrates a throwaway embedded PostgreSQL (or the empty database named by
 * DATABASE_URL) and writes the row types kysely-codegen reads from it to `db/generated/tables.ts`.
 */
async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-db-types-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as the 'postgres' user when we are root.
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir,
    role: 'server',
    logger: pino({ level: 'warn' }),
  });
  try {
    await migrateToLatest(database.db);
    fs.mkdirSync(path.dirname(tableTypesFile), { recursive: true });
    fs.writeFileSync(tableTypesFile, await generateTableTypes(database.db));
    process.stdout.write(`Wrote ${path.relative(process.cwd(), tableTypesFile)}\n`);
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
