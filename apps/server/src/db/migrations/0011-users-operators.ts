import { sql, type Kysely } from 'kysely';

/**
 * The users and operators lists (issue 5). Users carry their member's legal name
 * (`member_name`, kept by triggers) so that "sort by member" walks an index instead of joining
 * and sorting 100,000 rows. Times the lists sort by are kept to the millisecond: a keyset cursor
 * carries them through JavaScript, whose dates have no microseconds. Every sort and filter the
 * users list offers has an index on live (not deleted) users, its expression equal to the list
 * spec's, the uid after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
ALTER TABLE users ADD COLUMN member_name text;

CREATE FUNCTION users_list_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.member_name := (SELECT m.legal_name FROM members m WHERE m.mid = NEW.member_mid);
  ELSIF NEW.member_mid IS DISTINCT FROM OLD.member_mid THEN
    NEW.member_name := (SELECT m.legal_name FROM members m WHERE m.mid = NEW.member_mid);
  END IF;
  NEW.last_sign_in_at := date_trunc('milliseconds', NEW.last_sign_in_at);
  NEW.created_at := date_trunc('milliseconds', NEW.created_at);
  RETURN NEW;
END
$$;
CREATE TRIGGER users_list_columns BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_list_columns();

-- A renamed member renames it on its users, set-based (a CSV upload renames thousands at once).
CREATE FUNCTION users_follow_member_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET member_name = n.legal_name
    FROM new_rows n
   WHERE u.member_mid = n.mid AND u.member_name IS DISTINCT FROM n.legal_name;
  RETURN NULL;
END
$$;
CREATE TRIGGER members_user_names AFTER UPDATE ON members
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_follow_member_names();

CREATE FUNCTION operators_list_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_at := date_trunc('milliseconds', NEW.created_at);
  RETURN NEW;
END
$$;
CREATE TRIGGER operators_list_columns BEFORE INSERT OR UPDATE ON operators
  FOR EACH ROW EXECUTE FUNCTION operators_list_columns();

-- Rows written before this migration (the triggers above fill the columns from now on).
UPDATE users u
   SET member_name = (SELECT m.legal_name FROM members m WHERE m.mid = u.member_mid)
 WHERE u.member_mid IS NOT NULL
    OR u.last_sign_in_at <> date_trunc('milliseconds', u.last_sign_in_at)
    OR u.created_at <> date_trunc('milliseconds', u.created_at);
UPDATE operators SET created_at = created_at
 WHERE created_at <> date_trunc('milliseconds', created_at);

-- Sorts of the users list.
CREATE INDEX users_list_email_idx ON users (email, uid) WHERE deleted_at IS NULL;
CREATE INDEX users_list_display_name_idx ON users ((coalesce(display_name, '~~')), uid)
  WHERE deleted_at IS NULL;
CREATE INDEX users_list_member_idx ON users ((coalesce(member_name, '~~')), uid)
  WHERE deleted_at IS NULL;
CREATE INDEX users_list_last_sign_in_idx
  ON users ((coalesce(last_sign_in_at, '1970-01-01 00:00:00+00'::timestamptz)), uid)
  WHERE deleted_at IS NULL;
CREATE INDEX users_list_created_idx ON users (created_at, uid) WHERE deleted_at IS NULL;

-- Filters of the users list, in the default order (e-mail) after the filtered value.
CREATE INDEX users_list_disabled_idx ON users ((disabled::text), email, uid)
  WHERE deleted_at IS NULL;
CREATE INDEX users_list_role_idx ON users (member_role, email, uid) WHERE deleted_at IS NULL;
CREATE INDEX users_list_member_mid_idx ON users (member_mid, email, uid)
  WHERE deleted_at IS NULL;
CREATE INDEX users_list_last_sign_in_day_idx
  ON users (((last_sign_in_at AT TIME ZONE 'UTC')::date), uid) WHERE deleted_at IS NULL;
CREATE INDEX users_list_sign_in_methods_idx ON users USING gin (sign_in_methods)
  WHERE deleted_at IS NULL;

-- A user's sessions (the detail's active count and last activity).
CREATE INDEX sessions_uid_seen_idx ON sessions (uid, last_seen_at DESC);

-- The operators list: a few dozen rows at most; "since" and the active filter still have theirs.
CREATE INDEX operators_list_since_idx ON operators (created_at, uid);
CREATE INDEX operators_list_active_idx ON operators ((active::text), created_at, uid);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP INDEX users_list_email_idx, users_list_display_name_idx, users_list_member_idx,
                  users_list_last_sign_in_idx, users_list_created_idx, users_list_disabled_idx,
                  users_list_role_idx, users_list_member_mid_idx, users_list_last_sign_in_day_idx,
                  users_list_sign_in_methods_idx, sessions_uid_seen_idx, operators_list_since_idx,
                  operators_list_active_idx;
       DROP TRIGGER operators_list_columns ON operators;
       DROP FUNCTION operators_list_columns();
       DROP TRIGGER members_user_names ON members;
       DROP FUNCTION users_follow_member_names();
       DROP TRIGGER users_list_columns ON users;
       DROP FUNCTION users_list_columns();
       ALTER TABLE users DROP COLUMN member_name;`,
    )
    .execute(db);
}
