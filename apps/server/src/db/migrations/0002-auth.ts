import { sql, type Kysely } from 'kysely';

/**
 * What our authentication provider keeps beside users and sessions: single-use codes of e-mailed
 * links, linked identities of OpenID providers, pending sign-ins by redirect, and the counters of
 * the sign-in throttle. Also the change feed: triggers that NOTIFY `{table, id, op}` so that every
 * server instance can push changes to its browsers (the operator gate first).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
-- Codes of e-mailed sign-in and password-reset links. Only the SHA-256 is stored.
CREATE TABLE action_codes (
  code_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('sign-in', 'password-reset')),
  uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  email text NOT NULL,
  continue_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX action_codes_uid_idx ON action_codes (uid, kind);
CREATE INDEX action_codes_expires_idx ON action_codes (expires_at);

-- A user's account at an OpenID provider, matched on the provider's stable subject.
CREATE TABLE user_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_uid_idx ON user_identities (uid);

-- A sign-in by redirect between its start and the moment the browser reads its result. The row
-- is found by the hash of a cookie set on the browser that started it (login-CSRF protection).
CREATE TABLE redirect_sign_ins (
  binding_hash text PRIMARY KEY,
  provider text NOT NULL,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  continue_url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  result jsonb
);
CREATE INDEX redirect_sign_ins_expires_idx ON redirect_sign_ins (expires_at);

-- Counters of rate-limiter-flexible's PostgreSQL store (its own table layout), shared by every
-- server instance so that throttling holds across a load balancer.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

-- Deliveries whose worker died: their lease ran out while PROCESSING.
CREATE INDEX emails_lease_idx ON emails (lease_expires_at) WHERE state = 'PROCESSING';

-- The change feed: one small JSON per changed row on the 'changes' channel.
CREATE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_data jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('changes', json_build_object(
    'table', TG_TABLE_NAME,
    'id', row_data ->> TG_ARGV[0],
    'op', lower(TG_OP))::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER operators_changes AFTER INSERT OR UPDATE OR DELETE ON operators
  FOR EACH ROW EXECUTE FUNCTION notify_change('uid');
CREATE TRIGGER users_changes AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_change('uid');
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP TRIGGER users_changes ON users;
       DROP TRIGGER operators_changes ON operators;
       DROP FUNCTION notify_change();
       DROP INDEX sessions_expiry_idx;
       DROP INDEX emails_lease_idx;
       DROP TABLE rate_limits, redirect_sign_ins, user_identities, action_codes;`,
    )
    .execute(db);
}
