import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { DatabaseHandle } from '../db/database';
import { invoiceUploadTables } from '../invoices/upload-service';
import { memberUploadTables } from '../members/upload-service';
import { uploadTableNames, uploadTablesSql, type UploadTablesDefinition } from './tables-sql';

/**
 * Migrations 0007 and 0018 (and 0023's column) created the member and invoice upload tables by
 * hand, and have run on existing databases, so they stay as they are. This proves that
 * `uploadTablesSql` of each kind's definition creates exactly those tables: both are built in
 * one database (the migrations' in `public`, the function's in a schema of its own, under the
 * same names) and compared through the catalog: columns with their types, nullability and
 * defaults, constraints, indexes and persistence (UNLOGGED). Triggers are a kind's own (0023's
 * on the invoice rows) and are not part of the shared tables.
 */

const scratchSchema = 'upload_tables_check';

type Catalog = {
  columns: unknown[];
  constraints: unknown[];
  indexes: unknown[];
  persistence: unknown[];
};

/** Schema names removed from definitions, so the two schemas' objects compare as equal. */
function unqualified(text: string): string {
  return text.replaceAll(`${scratchSchema}.`, '').replaceAll('public.', '');
}

async function catalogOf(
  client: pg.PoolClient,
  schema: string,
  tables: readonly string[],
): Promise<Catalog> {
  const columns = await client.query(
    `SELECT table_name, ordinal_position, column_name, data_type, udt_name,
            character_maximum_length, is_nullable, column_default
       FROM information_schema.columns
      WHERE table_schema = $1 AND table_name = ANY($2)
      ORDER BY table_name, ordinal_position`,
    [schema, tables],
  );
  const constraints = await client.query<{ definition: string }>(
    `SELECT t.relname AS table_name, c.conname, c.contype,
            pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND t.relname = ANY($2)
      ORDER BY t.relname, c.conname`,
    [schema, tables],
  );
  const indexes = await client.query<{ indexdef: string }>(
    `SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = $1 AND tablename = ANY($2)
      ORDER BY tablename, indexname`,
    [schema, tables],
  );
  const persistence = await client.query(
    `SELECT t.relname, t.relpersistence, t.relkind
       FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND t.relname = ANY($2)
      ORDER BY t.relname`,
    [schema, tables],
  );
  return {
    columns: columns.rows,
    constraints: constraints.rows.map((row) => ({
      ...row,
      definition: unqualified(row.definition),
    })),
    indexes: indexes.rows.map((row) => ({ ...row, indexdef: unqualified(row.indexdef) })),
    persistence: persistence.rows,
  };
}

describe('uploadTablesSql', () => {
  let database: DatabaseHandle;
  let client: pg.PoolClient;

  beforeAll(async () => {
    database = await createTestDatabase();
    client = await database.pool.connect();
  });
  afterAll(async () => {
    client?.release();
    await database?.close();
  });

  const kinds: [string, UploadTablesDefinition][] = [
    ['member (migration 0007)', memberUploadTables],
    ['invoice (migrations 0018 and 0023)', invoiceUploadTables],
  ];

  /** The catalog of `definition`'s tables as the migrations made them, and as the function does. */
  async function bothCatalogs(definition: UploadTablesDefinition, migratedAs = definition) {
    const names = uploadTableNames(migratedAs);
    const tables = [names.uploads, names.chunks, names.rows, names.progress];
    await client.query(`DROP SCHEMA IF EXISTS ${scratchSchema} CASCADE`);
    await client.query(`CREATE SCHEMA ${scratchSchema}`);
    try {
      await client.query(`SET search_path = ${scratchSchema}`);
      await client.query(uploadTablesSql(definition));
    } finally {
      await client.query('RESET search_path');
    }
    return {
      migrated: await catalogOf(client, 'public', tables),
      created: await catalogOf(client, scratchSchema, tables),
    };
  }

  it.each(kinds)('creates the tables the migrations created: %s', async (_name, definition) => {
    const { migrated, created } = await bothCatalogs(definition);
    expect(migrated.persistence).toHaveLength(4);
    expect(migrated.columns.length).toBeGreaterThan(30);
    expect(created).toEqual(migrated);
  });

  it('tells a column that differs (the comparison is not blind)', async () => {
    const changed: UploadTablesDefinition = {
      ...memberUploadTables,
      rowColumns: memberUploadTables.rowColumns.map((column) =>
        column === 'city text' ? 'city varchar(80)' : column,
      ),
    };
    const { migrated, created } = await bothCatalogs(changed, memberUploadTables);
    expect(created.columns).not.toEqual(migrated.columns);
    expect(created.constraints).toEqual(migrated.constraints);
  });
});
