import type { UploadTables } from './kind';

/**
 * The tables of one import kind, declared once. Migrations 0007 (members) and 0018 (invoices)
 * wrote them out by hand; `tables-sql.test.ts` proves that `uploadTablesSql` of each of those
 * kinds creates exactly what they created (columns, defaults, checks, keys, indexes, UNLOGGED),
 * so a new kind (bank statements…) is one call in its migration:
 *
 *   await sql.raw(uploadTablesSql(bankStatementUploadTables)).execute(db);
 *
 * Migrations call this function, so what it creates for a given definition must never change:
 * a new need is a new option, off by default.
 */
export type UploadTablesDefinition = {
  /** The tables' prefix, singular: `member` → `member_uploads`, `member_upload_rows`… */
  name: string;
  /** Column of the uploads table set when the follow-up of a commit has finished. */
  followUpColumn: string;
  /** The staged rows' key column (the record's number), indexed with the upload. */
  keyColumn: string;
  /**
   * The staged rows' own columns as SQL, after `upload_id, line, reason, cells` (the key column
   * among them): `'number text'`, `"action text CHECK (action IN ('insert', 'update'))"`…
   */
  rowColumns: readonly string[];
};

/** The table and column names the pipeline reads and writes for a kind. */
export function uploadTableNames(definition: UploadTablesDefinition): UploadTables {
  const { name, followUpColumn } = definition;
  return {
    uploads: `${name}_uploads`,
    chunks: `${name}_upload_chunks`,
    progress: `${name}_upload_progress`,
    rows: `${name}_upload_rows`,
    followUpColumn,
  };
}

/**
 * The DDL of a kind's tables. Everything lives in the database, so that any instance can
 * validate or commit an upload another one received: the upload (detection, mapping, counts,
 * result), the file itself (in chunks of about 1 MB), the rows validation staged (typed, ready
 * for one set-based commit), and the progress of the running step (its own table: progress is
 * written outside the step's transaction).
 */
export function uploadTablesSql(definition: UploadTablesDefinition): string {
  const { uploads, chunks, progress, rows, followUpColumn } = uploadTableNames(definition);
  const rowColumns = definition.rowColumns.map((column) => `  ${column},\n`).join('');
  return `
CREATE TABLE ${uploads} (
  id text PRIMARY KEY,
  filename text NOT NULL,
  byte_size integer NOT NULL,
  encoding text NOT NULL CHECK (encoding IN ('utf-8', 'windows-1252')),
  has_bom boolean NOT NULL DEFAULT false,
  separator text NOT NULL CHECK (separator IN (',', ';', E'\\t')),
  header text[] NOT NULL,
  sample jsonb NOT NULL DEFAULT '[]',
  mapping jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'uploaded'
    CHECK (status IN ('uploaded', 'validating', 'validated', 'committing', 'committed')),
  validation jsonb,
  result jsonb,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  validated_at timestamptz,
  committed_at timestamptz,
  committed_by text,
  ${followUpColumn} timestamptz
);
CREATE INDEX ${uploads}_created_idx ON ${uploads} (created_at);

CREATE TABLE ${chunks} (
  upload_id text NOT NULL REFERENCES ${uploads} (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (upload_id, seq)
);

-- One row per data row of the file, as validation left it: the record's values when valid,
-- the reason and the original cells when not. UNLOGGED: validation writes 100,000 rows in a
-- second without WAL; after a crash the table is empty, and a commit then asks for the file to
-- be validated again (the file is logged).
CREATE UNLOGGED TABLE ${rows} (
  upload_id text NOT NULL REFERENCES ${uploads} (id) ON DELETE CASCADE,
  line integer NOT NULL,
  reason text,
  cells text[],
${rowColumns}  PRIMARY KEY (upload_id, line)
);
CREATE INDEX ${rows}_${definition.keyColumn}_idx ON ${rows} (upload_id, ${definition.keyColumn});

CREATE TABLE ${progress} (
  upload_id text PRIMARY KEY REFERENCES ${uploads} (id) ON DELETE CASCADE,
  progress jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;
}
