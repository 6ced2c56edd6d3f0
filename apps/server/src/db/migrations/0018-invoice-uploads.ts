import { sql, type Kysely } from 'kysely';

/**
 * Invoice CSV uploads (issue 6): the shared upload pipeline's tables for invoices, the same
 * shape as the members' (0007): the upload with its detection, mapping, counts and result; the
 * file in chunks; the progress of the running step (its own table, written outside the step's
 * transaction); and the staged rows, UNLOGGED (validation writes 100,000 of them in a second;
 * after a crash the table is empty and the commit asks for a new validation).
 * `followed_up_at` is set once the search index and the year's certificates have caught up
 * with a commit. Invoices get an index on `import_batch` (an upload's invoices, for its
 * follow-up and for the fixes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE invoice_uploads (
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
  followed_up_at timestamptz
);
CREATE INDEX invoice_uploads_created_idx ON invoice_uploads (created_at);

CREATE TABLE invoice_upload_chunks (
  upload_id text NOT NULL REFERENCES invoice_uploads (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (upload_id, seq)
);

-- One row per data row of the file: the invoice's values when valid (member and bank account
-- resolved by set-based checks), the reason and the original cells when not. 'action' is what
-- the commit did with it.
CREATE UNLOGGED TABLE invoice_upload_rows (
  upload_id text NOT NULL REFERENCES invoice_uploads (id) ON DELETE CASCADE,
  line integer NOT NULL,
  reason text,
  cells text[],
  number text,
  new_iid text,
  action text CHECK (action IN ('insert', 'update', 'refused')),
  member_number text,
  member_mid text,
  kind text,
  year integer,
  issue_date date,
  due_date date,
  currency char(3),
  lines jsonb,
  subtotal_minor bigint,
  vat_minor bigint,
  donation_minor bigint,
  total_minor bigint,
  bank_account text,
  bank_account_id text,
  payment_reference text,
  status text,
  paid_at timestamptz,
  paid_amount_minor bigint,
  paid_method text,
  paid_reference text,
  PRIMARY KEY (upload_id, line)
);
CREATE INDEX invoice_upload_rows_number_idx ON invoice_upload_rows (upload_id, number);

CREATE TABLE invoice_upload_progress (
  upload_id text PRIMARY KEY REFERENCES invoice_uploads (id) ON DELETE CASCADE,
  progress jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX invoices_import_batch_idx ON invoices (import_batch) WHERE import_batch IS NOT NULL;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX invoices_import_batch_idx;
       DROP TABLE invoice_upload_progress, invoice_upload_rows, invoice_upload_chunks, invoice_uploads;`,
    )
    .execute(db);
}
