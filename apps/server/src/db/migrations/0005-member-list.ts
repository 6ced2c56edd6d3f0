import { sql, type Kysely } from 'kysely';

/**
 * The members list (issue 5): an index for every sort it offers, each ending with the id that
 * breaks ties (keyset pages walk them), on live rows only; and the tsquery of a list's `q`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
-- Every word of a list's search box, the last one as a prefix, normalized as the index is.
CREATE FUNCTION search_prefix_query(value text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsquery('simple',
           string_agg(quote_literal(w) || CASE WHEN i = n THEN ':*' ELSE '' END, ' & ' ORDER BY i))
    FROM (SELECT w, i, count(*) OVER () AS n
            FROM unnest(regexp_split_to_array(
                   btrim(regexp_replace(search_normalize(value), '[^[:alnum:]]+', ' ', 'g')), ' '))
                 WITH ORDINALITY AS t(w, i)
           WHERE w <> '') words
$$;

CREATE INDEX members_list_number_idx ON members (number, mid) WHERE deleted_at IS NULL;
CREATE INDEX members_list_legal_name_idx ON members (legal_name, mid) WHERE deleted_at IS NULL;
CREATE INDEX members_list_country_idx ON members ((coalesce(country_iso2, '~~')), mid)
  WHERE deleted_at IS NULL;
CREATE INDEX members_list_category_idx ON members (category, mid) WHERE deleted_at IS NULL;
CREATE INDEX members_list_status_idx ON members (status, mid) WHERE deleted_at IS NULL;
CREATE INDEX members_list_joined_idx ON members ((coalesce(joined_on, '9999-12-31')), mid)
  WHERE deleted_at IS NULL;
CREATE INDEX members_list_paid_through_idx ON members ((coalesce(paid_through_year, 9999)), mid)
  WHERE deleted_at IS NULL;
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX members_list_number_idx, members_list_legal_name_idx, members_list_country_idx,
                  members_list_category_idx, members_list_status_idx, members_list_joined_idx,
                  members_list_paid_through_idx;
       DROP FUNCTION search_prefix_query(text);`,
    )
    .execute(db);
}
