import { actionCodeLifetimeMs } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';

/**
 * Deletes what can no longer be used: expired or revoked sessions (after a day, so "signed out
 * yesterday" can still be looked up), used or expired link codes, the sealed codes of e-mails
 * that never left while their code could still be used, stale redirect sign-ins, and throttle
 * counters whose window ended.
 */
export async function deleteExpiredAuthData(db: Kysely<Database>): Promise<void> {
  await sql`DELETE FROM sessions
    WHERE expires_at < now() - interval '1 day' OR revoked_at < now() - interval '1 day'`.execute(
    db,
  );
  await sql`DELETE FROM action_codes WHERE expires_at < now() - interval '1 day'`.execute(db);
  await sql`UPDATE emails SET sealed_secret = NULL
    WHERE sealed_secret IS NOT NULL
      AND created_at < now() - make_interval(secs => ${actionCodeLifetimeMs / 1000})`.execute(db);
  await sql`DELETE FROM redirect_sign_ins WHERE expires_at < now() - interval '1 hour'`.execute(db);
  await sql`DELETE FROM rate_limits WHERE expire < (extract(epoch FROM now()) * 1000)::bigint`.execute(
    db,
  );
}

/** Runs the clean-up now and every hour; returns the function that stops it. */
export function scheduleAuthMaintenance(db: Kysely<Database>, logger: Logger): () => void {
  const run = () =>
    deleteExpiredAuthData(db).catch((error: unknown) =>
      logger.warn({ err: error }, 'clean-up of expired sign-in data failed'),
    );
  void run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
