import { sql, type Kysely } from 'kysely';

/**
 * Issue 6: PDFs uploaded for invoices (the invoice PDFs upload). One file per invoice, its bytes
 * in the database so that every instance serves it and a backup carries it; replacing it is an
 * UPDATE of the same row. `invoices.pdf_file` holds the uploaded file's original name (null: the
 * PDF is generated from the invoice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE invoice_files (
  iid text PRIMARY KEY REFERENCES invoices (iid) ON DELETE CASCADE,
  content bytea NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  byte_size integer NOT NULL CHECK (byte_size > 0),
  original_name text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by text
);
-- Stored as uploaded: a PDF is compressed already, and TOAST's pglz would only spend time.
ALTER TABLE invoice_files ALTER COLUMN content SET STORAGE EXTERNAL;`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE invoice_files;').execute(db);
}
