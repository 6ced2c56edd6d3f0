import { sql, type Kysely } from 'kysely';

/**
 * Certificates (issue 5): the member's name as the certificate states it (a sortable column of
 * the certificate itself), the per-year number sequence, the stored PDF bytes, an index for every
 * sort and filter of the list (each ending with the id that breaks ties), and the rule that a
 * member has at most one issued membership certificate per year (a new one supersedes it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
-- The name printed on the certificate, kept as issued (a later rename does not change a
-- document already handed out). Rows inserted without it (the demo data's COPY) take the
-- member's current legal name.
ALTER TABLE certificates ADD COLUMN member_name text;
UPDATE certificates c SET member_name = m.legal_name FROM members m WHERE m.mid = c.member_mid;

CREATE FUNCTION certificates_fill_member_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.member_name IS NULL THEN
    SELECT legal_name INTO NEW.member_name FROM members WHERE mid = NEW.member_mid;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER certificates_member_name BEFORE INSERT ON certificates
  FOR EACH ROW EXECUTE FUNCTION certificates_fill_member_name();
ALTER TABLE certificates ALTER COLUMN member_name SET NOT NULL;

-- Certificate numbers C-{year}-{000001}: one counter row per year, taken with an upsert (row
-- lock), started after the highest number already present (demo data, imports).
CREATE TABLE certificate_sequences (
  year integer PRIMARY KEY,
  last_number integer NOT NULL
);

-- The PDF exactly as issued. Certificates without a row (issued before the console, e.g. the
-- demo data) are rendered on demand from the record, deterministically.
CREATE TABLE certificate_files (
  cid text PRIMARY KEY REFERENCES certificates (cid) ON DELETE CASCADE,
  content bytea NOT NULL,
  sha256 text NOT NULL,
  byte_size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- At most one issued membership certificate per member and year.
CREATE UNIQUE INDEX certificates_one_issued_membership_idx ON certificates (member_mid, year)
  WHERE type = 'membership' AND status = 'issued';
-- The hourly sweep that marks issued certificates past their valid-to date as expired.
CREATE INDEX certificates_issued_valid_to_idx ON certificates (valid_to) WHERE status = 'issued';
-- q: a certificate number prefix.
CREATE INDEX certificates_number_pattern_idx ON certificates (number text_pattern_ops);

CREATE INDEX certificates_list_number_idx ON certificates (number, cid);
CREATE INDEX certificates_list_member_name_idx ON certificates (member_name, cid);
CREATE INDEX certificates_list_member_idx ON certificates (member_mid, cid);
CREATE INDEX certificates_list_type_idx ON certificates (type, cid);
CREATE INDEX certificates_list_year_idx ON certificates (year, cid);
CREATE INDEX certificates_list_status_idx ON certificates (status, cid);
CREATE INDEX certificates_list_valid_to_idx ON certificates (valid_to, cid);
CREATE INDEX certificates_list_issued_at_idx
  ON certificates ((coalesce(issued_at, '9999-12-31T00:00:00Z'::timestamptz)), cid);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX certificates_one_issued_membership_idx, certificates_issued_valid_to_idx,
                  certificates_number_pattern_idx, certificates_list_number_idx,
                  certificates_list_member_name_idx, certificates_list_member_idx,
                  certificates_list_type_idx, certificates_list_year_idx,
                  certificates_list_status_idx, certificates_list_valid_to_idx,
                  certificates_list_issued_at_idx;
       DROP TABLE certificate_files, certificate_sequences;
       DROP TRIGGER certificates_member_name ON certificates;
       DROP FUNCTION certificates_fill_member_name();
       ALTER TABLE certificates DROP COLUMN member_name;`,
    )
    .execute(db);
}
