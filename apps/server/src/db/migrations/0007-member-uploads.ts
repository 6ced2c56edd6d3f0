import { sql, type Kysely } from 'kysely';

/**
 * Member CSV uploads (issue 5). Everything lives in the database, so that any instance can
 * validate or commit an upload another one received: the file itself (in chunks of about
 * 1 MB), the rows validation staged (typed, ready for one set-based commit), and the progress
 * of the running step (its own table: progress is written outside the step's transaction, and
 * the commit's SERIALIZABLE transaction must not see its upload row changed under it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE member_uploads (
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
  search_indexed_at timestamptz
);
CREATE INDEX member_uploads_created_idx ON member_uploads (created_at);

CREATE TABLE member_upload_chunks (
  upload_id text NOT NULL REFERENCES member_uploads (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (upload_id, seq)
);

-- One row per data row of the file, as validation left it: the member's values when valid,
-- the reason and the original cells when not. 'action' is what the commit did with it.
-- UNLOGGED: validation writes 100,000 rows in a second without WAL; after a crash the table
-- is empty, and a commit then asks for the file to be validated again (the file is logged).
CREATE UNLOGGED TABLE member_upload_rows (
  upload_id text NOT NULL REFERENCES member_uploads (id) ON DELETE CASCADE,
  line integer NOT NULL,
  reason text,
  cells text[],
  number text,
  new_mid text,
  action text CHECK (action IN ('insert', 'update', 'unchanged')),
  is_renamed boolean NOT NULL DEFAULT false,
  legal_name text,
  category text,
  status text,
  trade_name text,
  country_iso2 char(2),
  address_line1 text,
  address_line2 text,
  postal_code text,
  city text,
  state text,
  vat_number text,
  website text,
  email text,
  phone text,
  joined_on date,
  paid_through_year integer,
  billing_currency char(3),
  directory_visible boolean,
  PRIMARY KEY (upload_id, line)
);
CREATE INDEX member_upload_rows_number_idx ON member_upload_rows (upload_id, number);

CREATE TABLE member_upload_progress (
  upload_id text PRIMARY KEY REFERENCES member_uploads (id) ON DELETE CASCADE,
  progress jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      'DROP TABLE member_upload_progress, member_upload_rows, member_upload_chunks, member_uploads;',
    )
    .execute(db);
}
