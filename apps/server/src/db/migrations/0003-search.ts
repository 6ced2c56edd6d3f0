import { sql, type Kysely } from 'kysely';

/**
 * The search index (issue 4; design measured in shared/design/search-notes.md): one row per
 * searchable record, kept current by statement-level triggers in the writing transaction, plus
 * the vocabulary of names for typo tolerance and the rebuild tasks of the search indexes screen.
 */
/** The tables whose records are searchable: document type and key column of each. */
const searchedTables = [
  ['members', 'member', 'mid'],
  ['users', 'profile', 'uid'],
  ['applications', 'application', 'aid'],
  ['invoices', 'invoice', 'iid'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is only STABLE because its dictionary could be swapped; naming the dictionary in a
-- SQL-standard body binds it at creation, which makes lower(unaccent(x)) safe to index.
CREATE FUNCTION search_normalize(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(unaccent('unaccent'::regdictionary, value));

-- Numbers as people type them, with or without punctuation: 'CHE-123.456.789' = 'che123456789'.
CREATE FUNCTION search_compact(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN regexp_replace(search_normalize(value), '[^[:alnum:]]+', '', 'g');

-- Words of any script: normalized, split on everything that is not a letter or a digit, no
-- stemming ('simple'): names are not English.
CREATE FUNCTION search_terms(value text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN to_tsvector('simple'::regconfig,
    regexp_replace(coalesce(search_normalize(value), ''), '[^[:alnum:]]+', ' ', 'g'));

CREATE TABLE search_documents (
  type text NOT NULL CHECK (type IN ('profile', 'application', 'member', 'invoice')),
  record_id text NOT NULL,
  name text,
  description text NOT NULL,
  -- The normalized name (or first key when there is no name): exact and starts-with lookups.
  sort_name text COLLATE "C" NOT NULL,
  -- Identifiers that find the record exactly: e-mail (normalized), number and VAT number
  -- (compacted), the record id (as is).
  keys text[] NOT NULL,
  name_terms tsvector NOT NULL,
  -- Name (weight A) and description and other searchable fields (weight B).
  all_terms tsvector NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The transaction that wrote the row: a rebuild takes over what changed while it ran.
  change_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  CONSTRAINT search_documents_pkey PRIMARY KEY (type, record_id)
);
CREATE INDEX search_documents_keys_idx ON search_documents USING gin (keys);
CREATE INDEX search_documents_sort_name_idx ON search_documents (sort_name);
CREATE INDEX search_documents_name_terms_idx ON search_documents USING gin (name_terms);
CREATE INDEX search_documents_all_terms_idx ON search_documents USING gin (all_terms);
CREATE INDEX search_documents_change_xid_idx ON search_documents (change_xid);
CREATE INDEX search_documents_type_updated_idx ON search_documents (type, updated_at);

-- The distinct words of the documents (tens of thousands, not millions): typos are corrected
-- against these, and the word being typed is expanded through them.
CREATE TABLE search_words (
  word text COLLATE "C" NOT NULL,
  CONSTRAINT search_words_pkey PRIMARY KEY (word)
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

-- The closest words of the vocabulary to a typed word (the last one typed is compared with
-- the beginnings of words). Thresholds are low on purpose: the caller keeps only words within
-- the allowed edit distance. Set here, as function settings, so no session needs them.
CREATE FUNCTION search_word_neighbours(typed text, is_prefix boolean, how_many integer)
RETURNS SETOF text
LANGUAGE plpgsql STABLE
SET pg_trgm.similarity_threshold = 0.2
SET pg_trgm.word_similarity_threshold = 0.25 AS $$
BEGIN
  IF is_prefix THEN
    RETURN QUERY SELECT s.word FROM search_words s
                  WHERE typed <% s.word ORDER BY typed <<-> s.word, s.word LIMIT how_many;
  ELSE
    RETURN QUERY SELECT s.word FROM search_words s
                  WHERE s.word % typed ORDER BY s.word <-> typed, s.word LIMIT how_many;
  END IF;
END
$$;

-- Documents removed from the index, so that a rebuild running meanwhile drops them too.
CREATE TABLE search_deletions (
  type text NOT NULL,
  record_id text NOT NULL,
  change_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
  deleted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX search_deletions_change_xid_idx ON search_deletions (change_xid);

-- What a record looks like as a document, before its terms are computed.
-- 'extra': what is searchable but not shown, beyond the name and description (nothing twice:
-- computing the terms is most of the cost of indexing).
CREATE TYPE search_source AS (
  type text,
  record_id text,
  name text,
  description text,
  keys text[],
  extra text
);

CREATE FUNCTION search_sources(doc_type text, ids text[]) RETURNS SETOF search_source
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF doc_type = 'member' THEN
    RETURN QUERY
    SELECT 'member', m.mid, m.legal_name,
           concat_ws(' · ', 'Member ' || m.number, c.name, replace(m.status, '-', ' ')),
           array_remove(ARRAY[m.mid, search_compact(m.number), search_normalize(btrim(m.email)),
                              search_compact(m.vat_number)], NULL),
           concat_ws(' ', m.trade_name, m.city, m.email, m.vat_number, m.category)
      FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
     WHERE m.mid = ANY(ids) AND m.deleted_at IS NULL;
  ELSIF doc_type = 'profile' THEN
    RETURN QUERY
    SELECT 'profile', u.uid, nullif(btrim(u.display_name), ''),
           concat_ws(' · ', u.email, m.legal_name),
           ARRAY[search_normalize(u.email), u.uid],
           m.number
      FROM users u LEFT JOIN members m ON m.mid = u.member_mid
     WHERE u.uid = ANY(ids) AND u.deleted_at IS NULL;
  ELSIF doc_type = 'application' THEN
    RETURN QUERY
    SELECT 'application', a.aid, a.legal_name,
           concat_ws(' · ', 'Application ' || a.number, c.name, replace(a.status, '-', ' ')),
           array_remove(ARRAY[a.aid, search_compact(a.number),
                              search_compact(a.company ->> 'vatNumber')], NULL),
           concat_ws(' ', a.company ->> 'tradeName', a.address ->> 'city',
                     a.contacts -> 0 ->> 'name', a.contacts -> 0 ->> 'email')
      FROM applications a LEFT JOIN countries c ON c.iso2 = a.country_iso2
     WHERE a.aid = ANY(ids) AND a.deleted_at IS NULL;
  ELSIF doc_type = 'invoice' THEN
    RETURN QUERY
    SELECT 'invoice', i.iid, i.number,
           concat_ws(' · ', coalesce(m.legal_name, 'No member'), i.kind || ' ' || i.year,
                     to_char(i.total_minor / 100.0, 'FM999,999,999,990.00') || ' ' || i.currency,
                     i.status),
           array_remove(ARRAY[i.iid, search_compact(i.number),
                              search_compact(i.payment_reference)], NULL),
           concat_ws(' ', m.number, i.payment_reference)
      FROM invoices i LEFT JOIN members m ON m.mid = i.member_mid
     WHERE i.iid = ANY(ids);
  ELSE
    RAISE EXCEPTION 'unknown search document type %', doc_type;
  END IF;
END
$$;

-- The documents of these records as the index stores them (the trigger and the rebuild both
-- write what this returns).
CREATE FUNCTION search_documents_of(doc_type text, ids text[])
RETURNS TABLE (type text, record_id text, name text, description text, sort_name text,
               keys text[], name_terms tsvector, all_terms tsvector)
LANGUAGE sql STABLE AS $$
  SELECT s.type, s.record_id, s.name, s.description, search_normalize(label.text), s.keys,
         n.terms,
         setweight(n.terms, 'A')
           || setweight(search_terms(concat_ws(' ', s.description, s.extra)), 'B')
    FROM search_sources(doc_type, ids) s
   CROSS JOIN LATERAL (SELECT coalesce(s.name, s.keys[1]) AS text) label
   CROSS JOIN LATERAL (SELECT search_terms(label.text) AS terms) n
$$;

-- The words the vocabulary keeps: letters only, 3 to 40 of them.
CREATE FUNCTION search_vocabulary_words(terms tsvector) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w FROM unnest(tsvector_to_array(terms)) AS w WHERE w ~ '^[[:alpha:]]{3,40}$'
$$;

-- Brings the documents of these records up to date: written when changed, removed when the
-- record is gone, and their words added to the vocabulary. One statement per call.
CREATE FUNCTION search_index_records(doc_type text, ids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  WITH docs AS MATERIALIZED (
    SELECT * FROM search_documents_of(doc_type, ids)
  ), gone AS (
    DELETE FROM search_documents d
     WHERE d.type = doc_type AND d.record_id = ANY(ids)
       AND NOT EXISTS (SELECT 1 FROM docs s WHERE s.record_id = d.record_id)
    RETURNING d.type, d.record_id
  ), tombstones AS (
    INSERT INTO search_deletions (type, record_id) SELECT type, record_id FROM gone
  ), words AS (
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM docs, search_vocabulary_words(docs.all_terms) AS w
    ON CONFLICT DO NOTHING
  )
  INSERT INTO search_documents AS d
         (type, record_id, name, description, sort_name, keys, name_terms, all_terms)
  SELECT type, record_id, name, description, sort_name, keys, name_terms, all_terms FROM docs
  ON CONFLICT (type, record_id) DO UPDATE
     SET name = excluded.name, description = excluded.description,
         sort_name = excluded.sort_name, keys = excluded.keys,
         name_terms = excluded.name_terms, all_terms = excluded.all_terms,
         updated_at = now(), change_xid = pg_current_xact_id()
   WHERE (d.name, d.description, d.keys, d.all_terms)
         IS DISTINCT FROM (excluded.name, excluded.description, excluded.keys, excluded.all_terms);
END
$$;

-- Statement-level triggers: a COPY of a million rows indexes them in one set-based statement.
-- SET ops.search_sync = 'off' skips them for a bulk load that rebuilds the index afterwards.
CREATE FUNCTION search_follow_records() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  doc_type text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
  ids text[];
BEGIN
  IF current_setting('ops.search_sync', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(%I) FROM old_rows', key_column) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(%I) FROM new_rows', key_column) INTO ids;
  END IF;
  PERFORM search_index_records(doc_type, ids);

  -- Invoices and profiles show their member's name: follow a renamed member.
  IF TG_TABLE_NAME = 'members' AND TG_OP = 'UPDATE' THEN
    PERFORM search_index_records('invoice', (
      SELECT array_agg(i.iid) FROM old_rows o JOIN new_rows n USING (mid)
        JOIN invoices i ON i.member_mid = n.mid
       WHERE o.legal_name IS DISTINCT FROM n.legal_name));
    PERFORM search_index_records('profile', (
      SELECT array_agg(u.uid) FROM old_rows o JOIN new_rows n USING (mid)
        JOIN users u ON u.member_mid = n.mid
       WHERE o.legal_name IS DISTINCT FROM n.legal_name));
  END IF;
  RETURN NULL;
END
$$;

${searchedTables
  .map(
    ([table, type, key]) => `
CREATE TRIGGER ${table}_search_insert AFTER INSERT ON ${table}
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_records('${type}', '${key}');
CREATE TRIGGER ${table}_search_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_records('${type}', '${key}');
CREATE TRIGGER ${table}_search_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_follow_records('${type}', '${key}');`,
  )
  .join('\n')}

-- Rebuilds of the index: the screen follows them through the change feed.
CREATE TABLE search_tasks (
  uid bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  index_name text NOT NULL,
  kind text NOT NULL DEFAULT 'rebuild' CHECK (kind IN ('rebuild')),
  status text NOT NULL DEFAULT 'enqueued'
    CHECK (status IN ('enqueued', 'processing', 'succeeded', 'failed')),
  requested_by text,
  processed integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  per_type jsonb NOT NULL DEFAULT '{}',
  error text,
  enqueued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  duration_ms integer
);
-- One rebuild at a time: asking again while one waits or runs returns that one.
CREATE UNIQUE INDEX search_tasks_one_active_idx ON search_tasks (index_name)
  WHERE status IN ('enqueued', 'processing');
CREATE INDEX search_tasks_finished_idx ON search_tasks (index_name, finished_at DESC)
  WHERE status IN ('succeeded', 'failed');
CREATE TRIGGER search_tasks_changes AFTER INSERT OR UPDATE ON search_tasks
  FOR EACH ROW EXECUTE FUNCTION notify_change('uid');

-- Secrets shared by every server instance (the search keys' signing key).
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The start page counts failed e-mails; only a few rows are ever in that state.
CREATE INDEX emails_failed_idx ON emails (created_at) WHERE state = 'ERROR';

-- Records written before this migration: the triggers follow only new writes, so a database
-- upgraded from an earlier version gets its index here, in the migration's transaction.
SELECT search_index_records('member', ARRAY(SELECT mid FROM members));
SELECT search_index_records('profile', ARRAY(SELECT uid FROM users));
SELECT search_index_records('application', ARRAY(SELECT aid FROM applications));
SELECT search_index_records('invoice', ARRAY(SELECT iid FROM invoices));
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX emails_failed_idx;
       DROP TABLE server_secrets, search_tasks;
       ${searchedTables
         .flatMap(([table]) =>
           ['insert', 'update', 'delete'].map(
             (op) => `DROP TRIGGER ${table}_search_${op} ON ${table};`,
           ),
         )
         .join('\n')}
       DROP FUNCTION search_word_neighbours(text, boolean, integer);
       DROP FUNCTION search_follow_records(), search_index_records(text, text[]),
                     search_vocabulary_words(tsvector), search_documents_of(text, text[]),
                     search_sources(text, text[]);
       DROP TYPE search_source;
       DROP TABLE search_deletions, search_words, search_documents;
       DROP FUNCTION search_terms(text), search_compact(text), search_normalize(text);`,
    )
    .execute(db);
}
