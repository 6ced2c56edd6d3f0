import pg from 'pg';
import type { Logger } from 'pino';

/**
 * The embedded cluster's two roles. The superuser initdb creates administers the cluster and
 * nothing else: at each start it makes sure of the app's role and database. Every connection of
 * the app (the server and its workers, migrations, the CLI) signs in as `operations_app`, a plain
 * role that owns the `operations` database and what is in it. A flaw in a query then reaches the
 * app's own data, never the machine: no `COPY … PROGRAM`, no server files, no other roles.
 */
export const embeddedAppRole = 'operations_app';

export type RoleCredentials = { user: string; password: string };

/**
 * What a role that owns the database needs, and nothing more. The migrations' extensions
 * (unaccent, pg_trgm) are trusted ones: a database owner may create them (PostgreSQL 13+).
 */
const appRoleAttributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';

async function connect(port: number, credentials: RoleCredentials, database: string) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: credentials.user,
    password: credentials.password,
    database,
    application_name: 'operations-admin',
  });
  await client.connect();
  return client;
}

/**
 * The superuser's objects of the app's schemas, as the statements that give each to `$1`: the
 * kinds of object the migrations create. What follows its owner is left out: indexes, TOAST
 * tables, the sequences of identity and serial columns, table row types, array types, and the
 * members of extensions (an extension keeps its owner; its objects are the bootstrap user's).
 */
const ownershipTransferSql = `
WITH superuser AS (SELECT oid FROM pg_roles WHERE rolname = current_user),
     app_schemas AS (
       SELECT oid, nspname, nspowner FROM pg_namespace
        WHERE nspname <> 'information_schema' AND nspname !~ '^pg_'
     ),
     followers AS (
       SELECT classid, objid FROM pg_depend WHERE deptype IN ('a', 'i', 'e')
     )
SELECT format('ALTER SCHEMA %I OWNER TO %I', s.nspname, $1::text) AS command
  FROM app_schemas s
 WHERE s.nspowner = (SELECT oid FROM superuser)
UNION ALL
SELECT format('ALTER %s %s OWNER TO %I',
              CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                             WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE'
                             ELSE 'TABLE' END,
              c.oid::regclass, $1::text)
  FROM pg_class c
 WHERE c.relowner = (SELECT oid FROM superuser)
   AND c.relnamespace IN (SELECT oid FROM app_schemas)
   AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
   AND (c.oid, 'pg_class'::regclass::oid) NOT IN (SELECT objid, classid FROM followers)
UNION ALL
SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, $1::text)
  FROM pg_proc p
 WHERE p.proowner = (SELECT oid FROM superuser)
   AND p.pronamespace IN (SELECT oid FROM app_schemas)
   AND (p.oid, 'pg_proc'::regclass::oid) NOT IN (SELECT objid, classid FROM followers)
UNION ALL
SELECT format('ALTER %s %s OWNER TO %I',
              CASE t.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, t.oid::regtype, $1::text)
  FROM pg_type t
 WHERE t.typowner = (SELECT oid FROM superuser)
   AND t.typnamespace IN (SELECT oid FROM app_schemas)
   AND (t.typtype IN ('e', 'd', 'r')
        OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
   AND (t.oid, 'pg_type'::regclass::oid) NOT IN (SELECT objid, classid FROM followers)
UNION ALL
SELECT format('ALTER STATISTICS %I.%I OWNER TO %I', s.nspname, x.stxname, $1::text)
  FROM pg_statistic_ext x JOIN app_schemas s ON s.oid = x.stxnamespace
 WHERE x.stxowner = (SELECT oid FROM superuser)`;

/**
 * Makes sure, as the cluster's superuser, that the app's role exists with no privilege beyond
 * its database (its password is the one of the credentials file, so the file stays the one
 * truth), and that it owns the app's database. A data directory created before the app had its
 * own role holds a database and objects of the superuser: they are handed over in one
 * transaction, the database's owner last, so that an interrupted start does it again.
 * `REASSIGN OWNED` cannot do it: the superuser is the bootstrap user, whose system objects
 * cannot change hands.
 */
export async function ensureAppRoleOwnsDatabase(options: {
  port: number;
  superuser: RoleCredentials;
  app: RoleCredentials;
  database: string;
  logger: Logger;
}): Promise<void> {
  const { port, superuser, app, database, logger } = options;
  const admin = await connect(port, superuser, 'postgres');
  const role = admin.escapeIdentifier(app.user);
  const databaseName = admin.escapeIdentifier(database);
  try {
    const existing = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [app.user]);
    await admin.query(
      `${existing.rowCount ? 'ALTER' : 'CREATE'} ROLE ${role} WITH ${appRoleAttributes} ` +
        `PASSWORD ${admin.escapeLiteral(app.password)}`,
    );
    const { rows } = await admin.query<{ owner: string }>(
      'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1',
      [database],
    );
    if (rows.length === 0) {
      await admin.query(`CREATE DATABASE ${databaseName} OWNER ${role}`);
      return;
    }
    if (rows[0]?.owner === app.user) return;
  } finally {
    await admin.end();
  }

  logger.info({ role: app.user }, 'handing the database over from the superuser to the app role');
  const inDatabase = await connect(port, superuser, database);
  try {
    await inDatabase.query('BEGIN');
    const { rows } = await inDatabase.query<{ command: string }>(ownershipTransferSql, [app.user]);
    for (const { command } of rows) await inDatabase.query(command);
    await inDatabase.query(`ALTER DATABASE ${databaseName} OWNER TO ${role}`);
    await inDatabase.query('COMMIT');
  } catch (error) {
    await inDatabase.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await inDatabase.end();
  }
}
