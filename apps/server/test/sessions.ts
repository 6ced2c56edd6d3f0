import { sql } from 'kysely';
import { sha256 } from '../src/auth/sessions';
import type { TestApp } from './app';

/** The `token_hash` of the session behind a `name=value` Cookie header. */
export const sessionTokenHashOf = (cookie: string) => sha256(cookie.slice(cookie.indexOf('=') + 1));

/** Time passes for the session: its last activity moves that far into the past. */
export function idleSession(t: TestApp, cookie: string, seconds: number) {
  return t.database.db
    .updateTable('sessions')
    .set({ last_seen_at: sql<Date>`last_seen_at - make_interval(secs => ${seconds})` })
    .where('token_hash', '=', sessionTokenHashOf(cookie))
    .execute();
}

/** Forgets every throttle counter (`rate_limits`), as a new minute would: each sign-in test's start. */
export async function resetThrottles(t: Pick<TestApp, 'database'>) {
  await sql`DELETE FROM rate_limits`.execute(t.database.db);
}
