import { sql, type Kysely } from 'kysely';

/**
 * Applications (issue 5): the review queue's order as an indexable key, an index for every sort
 * and filter of the list (each ending with the id that breaks ties, on live rows only), the
 * uploaded documents' bytes (in the database, so that any instance serves them), and the
 * counters that allocate membership and invoice numbers when an application is approved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
-- The review queue (contract applicationQueueRank): what waits for the federation's staff, then
-- what waits for the applicant or the association, then drafts, then decided applications.
CREATE FUNCTION application_queue_rank(status text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE status
         WHEN 'submitted' THEN 1 WHEN 'endorsed' THEN 1 WHEN 'under-review' THEN 1
         WHEN 'information-requested' THEN 2 WHEN 'awaiting-endorsement' THEN 2
         WHEN 'draft' THEN 3
         ELSE 4
       END;

-- Microseconds since 1970 (UTC) of a submission; a draft (never submitted) sorts after every
-- real time. An integer, not a timestamp: a list cursor carries it exactly (a JavaScript Date
-- would drop the microseconds and repeat or skip rows at a page boundary).
CREATE FUNCTION application_submitted_key(submitted_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN coalesce((extract(epoch FROM submitted_at AT TIME ZONE 'UTC') * 1000000)::bigint,
                9000000000000000);

-- The default order of the list in one key: queue rank, then oldest submitted first.
CREATE FUNCTION application_queue_key(status text, submitted_at timestamptz) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN application_queue_rank(status)::bigint * 10000000000000000
       + application_submitted_key(submitted_at);

-- The day (UTC) of a submission, for the list's date-range filter.
CREATE FUNCTION application_submitted_day(submitted_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN (submitted_at AT TIME ZONE 'UTC')::date;

CREATE INDEX applications_list_queue_idx
  ON applications ((application_queue_key(status, submitted_at)), aid) WHERE deleted_at IS NULL;
CREATE INDEX applications_list_number_idx ON applications (number, aid) WHERE deleted_at IS NULL;
CREATE INDEX applications_list_legal_name_idx ON applications (legal_name, aid)
  WHERE deleted_at IS NULL;
CREATE INDEX applications_list_country_idx ON applications ((coalesce(country_iso2, '~~')), aid)
  WHERE deleted_at IS NULL;
CREATE INDEX applications_list_category_idx ON applications (category, aid)
  WHERE deleted_at IS NULL;
CREATE INDEX applications_list_status_idx ON applications (status, aid) WHERE deleted_at IS NULL;
CREATE INDEX applications_list_submitted_idx
  ON applications ((application_submitted_key(submitted_at)), aid) WHERE deleted_at IS NULL;
CREATE INDEX applications_list_submitted_day_idx
  ON applications ((application_submitted_day(submitted_at)), aid) WHERE deleted_at IS NULL;
-- A member's applications, and the applicant's.
CREATE INDEX applications_member_idx ON applications (member_mid) WHERE member_mid IS NOT NULL;
CREATE INDEX applications_submitted_by_idx ON applications (submitted_by_uid);

-- Uploaded documents: the bytes live here, applications.documents lists them (with the legacy
-- entries that have no file). Only PDFs and images, at most 10 MB each.
CREATE TABLE application_documents (
  id text PRIMARY KEY,
  aid text NOT NULL REFERENCES applications (aid) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('application-form', 'endorsement-letter', 'diploma',
                                     'registry-extract', 'insurance', 'other')),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  content_type text NOT NULL
    CHECK (content_type IN ('application/pdf', 'image/png', 'image/jpeg', 'image/webp')),
  size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
  sha256 text NOT NULL,
  content bytea NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by text
);
CREATE INDEX application_documents_aid_idx ON application_documents (aid);

-- Number counters ('member', 'invoice-2026', ...): taken with UPDATE ... RETURNING (a row lock),
-- never below the highest number already in the table (demo data, imports).
CREATE TABLE number_counters (
  name text PRIMARY KEY,
  last_value bigint NOT NULL
);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP TABLE number_counters, application_documents;
       DROP INDEX applications_list_queue_idx, applications_list_number_idx,
                  applications_list_legal_name_idx, applications_list_country_idx,
                  applications_list_category_idx, applications_list_status_idx,
                  applications_list_submitted_idx, applications_list_submitted_day_idx,
                  applications_member_idx, applications_submitted_by_idx;
       DROP FUNCTION application_submitted_day(timestamptz), application_queue_key(text, timestamptz),
                     application_submitted_key(timestamptz), application_queue_rank(text);`,
    )
    .execute(db);
}
