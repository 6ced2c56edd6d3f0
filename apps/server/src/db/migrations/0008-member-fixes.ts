import { sql, type Kysely } from 'kysely';

/**
 * Member fixes (issue 5): the normalized keys that duplicates are found by, the e-mail rule, and a
 * partial index per check on live members, so that every check is one indexed query at 100,000
 * members (duplicates: an index-only scan of the keys in order; the others: only the rows at fault).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      String.raw`
-- 'Zürich Spedition A.G.' = 'zurich spedition ag': case, accents, spaces and punctuation ignored.
CREATE FUNCTION member_name_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN nullif(search_compact(value), '');

-- 'CHE-123.456.789 MWST' = 'che123456789': the Swiss UID's language suffix is no part of it.
CREATE FUNCTION member_vat_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN nullif(regexp_replace(search_compact(value), '^(che[0-9]{9})(mwst|tva|iva)$', '\1'), '');

-- The same rule as the contract's memberEmailPattern; NULL (no e-mail) is no error.
CREATE FUNCTION member_email_is_valid(value text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN value IS NULL OR (length(value) <= 254 AND value ~
    '^[a-z0-9!#$%&''*+/=?^_${'`'}{|}~-]+(\.[a-z0-9!#$%&''*+/=?^_${'`'}{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$');

-- INCLUDE the raw column: PostgreSQL plans an index-only scan of an expression only when the
-- columns it is computed from are in the index too.
CREATE INDEX members_fix_name_idx ON members (member_name_key(legal_name), country_iso2, mid)
  INCLUDE (legal_name) WHERE deleted_at IS NULL;
CREATE INDEX members_fix_vat_idx ON members (member_vat_key(vat_number), mid)
  INCLUDE (vat_number) WHERE deleted_at IS NULL AND member_vat_key(vat_number) IS NOT NULL;
CREATE INDEX members_fix_no_country_idx ON members (number, mid)
  WHERE deleted_at IS NULL AND country_iso2 IS NULL;
CREATE INDEX members_fix_email_idx ON members (number, mid)
  WHERE deleted_at IS NULL AND NOT member_email_is_valid(email);
CREATE INDEX members_fix_association_idx ON members (national_association_mid, mid)
  WHERE deleted_at IS NULL AND national_association_mid IS NOT NULL;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX members_fix_name_idx, members_fix_vat_idx, members_fix_no_country_idx,
                  members_fix_email_idx, members_fix_association_idx;
       DROP FUNCTION member_name_key(text), member_vat_key(text), member_email_is_valid(text);`,
    )
    .execute(db);
}
