import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';

/** Business tables whose changes screens follow live, with their key column. */
const followedTables = [
  ['members', 'mid'],
  ['applications', 'aid'],
  ['invoices', 'iid'],
  ['certificates', 'cid'],
  ['emails', 'eid'],
  ['bank_accounts', 'id'],
  ['countries', 'iso2'],
] as const;

/**
 * The change feed for every business table (issue 5's live lists and details): the `changes`
 * channel of notify_change() carries `{table, id, op}` per changed record. Statement-level
 * triggers keep bulk writes cheap: a statement changing more than 100 rows sends one
 * `{table, id: '*', op}` ("many records: refetch this table") instead of a notification per row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE FUNCTION notify_statement_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  key_column text := TG_ARGV[0];
  ids text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT array_agg(%I::text) FROM (SELECT %I FROM old_rows LIMIT 101) x',
                   key_column, key_column) INTO ids;
  ELSE
    EXECUTE format('SELECT array_agg(%I::text) FROM (SELECT %I FROM new_rows LIMIT 101) x',
                   key_column, key_column) INTO ids;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('changes',
      json_build_object('table', TG_TABLE_NAME, 'id', '*', 'op', lower(TG_OP))::text);
  ELSE
    PERFORM pg_notify('changes',
      json_build_object('table', TG_TABLE_NAME, 'id', id, 'op', lower(TG_OP))::text)
      FROM unnest(ids) AS id;
  END IF;
  RETURN NULL;
END
$$;

${changeFeedTriggers(followedTables)}
-- Users already announce updates and deletions row by row (the operator gate); new users too.
${changeFeedTriggers([['users', 'uid']], ['insert'])}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drops = followedTables.flatMap(([table]) =>
    ['insert', 'update', 'delete'].map((op) => `DROP TRIGGER ${table}_changes_${op} ON ${table};`),
  );
  await sql
    .raw(
      `${drops.join('\n')}
       DROP TRIGGER users_changes_insert ON users;
       DROP FUNCTION notify_statement_changes();`,
    )
    .execute(db);
}
