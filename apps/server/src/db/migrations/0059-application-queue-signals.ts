import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: what the console's applications queue tells staff about applications that arrive by
 * themselves.
 *
 * - **How long an endorsement has been waiting.** `endorsement_requested_at` is stamped by the
 *   database whenever an application enters `awaiting-endorsement` (by the console's action or by
 *   the portal's submission), so no writer can forget it; the list sorts by
 *   `application_endorsement_wait_key`, with its index. The key is larger the longer the wait;
 *   an application that waits for no endorsement has the smallest key (it waits 0 days).
 * - **Possible duplicates.** An application whose company is already a member, or already applied,
 *   is flagged (never refused): the same VAT number, or the same legal name with the country, by
 *   the keys the member fixes find duplicate members with (`member_vat_key`, `member_name_key`
 *   of migration 0008: case, accents, spaces and punctuation ignored, the Swiss UID's language
 *   suffix too). Members have those indexes; applications get theirs here, so a page of the list
 *   looks up its rows' matches rather than comparing every pair.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE applications ADD COLUMN endorsement_requested_at timestamptz`.execute(db);
  // The rows already waiting (the demo's, the legacy system's) have waited since their last change.
  await sql`
    UPDATE applications SET endorsement_requested_at = updated_at
     WHERE status = 'awaiting-endorsement'
  `.execute(db);
  await sql`
    CREATE FUNCTION applications_stamp_endorsement_request() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status = 'awaiting-endorsement'
         AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM NEW.status) THEN
        -- A row inserted already waiting (the demo's) keeps the time it gives, or its own.
        NEW.endorsement_requested_at := CASE
          WHEN TG_OP = 'INSERT' THEN coalesce(NEW.endorsement_requested_at, NEW.updated_at, now())
          ELSE now()
        END;
      END IF;
      RETURN NEW;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER applications_stamp_endorsement_request
      BEFORE INSERT OR UPDATE OF status ON applications
      FOR EACH ROW EXECUTE FUNCTION applications_stamp_endorsement_request()
  `.execute(db);
  await sql`
    CREATE FUNCTION application_endorsement_wait_key(status text, requested_at timestamptz)
    RETURNS bigint
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
      WHEN status = 'awaiting-endorsement' AND requested_at IS NOT NULL
        THEN -(extract(epoch FROM requested_at AT TIME ZONE 'UTC') * 1000000)::bigint
      ELSE -9000000000000000
    END
  `.execute(db);
  await sql`
    CREATE INDEX applications_list_endorsement_wait_idx
      ON applications ((application_endorsement_wait_key(status, endorsement_requested_at)), aid)
      WHERE deleted_at IS NULL
  `.execute(db);
  // The Source filter with the list's default order (the review queue).
  await sql`
    CREATE INDEX applications_list_source_idx
      ON applications (source, (application_queue_key(status, submitted_at)), aid)
      WHERE deleted_at IS NULL
  `.execute(db);

  // The members side has its indexes already (members_fix_name_idx, members_fix_vat_idx).
  await sql`
    CREATE INDEX applications_company_name_key_idx
      ON applications (member_name_key(legal_name), country_iso2) WHERE deleted_at IS NULL
  `.execute(db);
  await sql`
    CREATE INDEX applications_company_vat_key_idx
      ON applications (member_vat_key(company->>'vatNumber'))
      WHERE deleted_at IS NULL AND member_vat_key(company->>'vatNumber') IS NOT NULL
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'applications_company_vat_key_idx',
    'applications_company_name_key_idx',
    'applications_list_source_idx',
    'applications_list_endorsement_wait_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS application_endorsement_wait_key(text, timestamptz)`.execute(
    db,
  );
  await sql`DROP TRIGGER IF EXISTS applications_stamp_endorsement_request ON applications`.execute(
    db,
  );
  await sql`DROP FUNCTION IF EXISTS applications_stamp_endorsement_request()`.execute(db);
  await sql`ALTER TABLE applications DROP COLUMN IF EXISTS endorsement_requested_at`.execute(db);
}
