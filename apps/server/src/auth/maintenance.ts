import { actionCodeLifetimeMs } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clock } from '../lib/clock';

/** What one clean-up removed, by kind (the Jobs screen shows it as the run's result). */
export type AuthCleanUp = {
  sessions: number;
  actionCodes: number;
  sealedSecrets: number;
  redirectSignIns: number;
  rateLimits: number;
};

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * Deletes what can no longer be used: expired or revoked sessions (after a day, so "signed out
 * yesterday" can still be looked up), used or expired link codes, the sealed codes of e-mails
 * that never left while their code could still be used, stale redirect sign-ins, and throttle
 * counters whose window ended. Hourly on the job queue (`jobs/tasks/`); running it twice at once
 * or again after an interruption is harmless, every statement deletes only what is past.
 */
export async function deleteExpiredAuthData(db: Kysely<Database>): Promise<AuthCleanUp> {
  // Expiry instants are written from the product's clock (sessions, codes, redirects); what is
  // past is judged by the same clock.
  const now = clock.now();
  const sessions = await sql`DELETE FROM sessions
    WHERE expires_at < ${now}::timestamptz - interval '1 day'
       OR revoked_at < now() - interval '1 day'`.execute(db);
  const actionCodes = await sql`DELETE FROM action_codes
    WHERE expires_at < ${now}::timestamptz - interval '1 day'`.execute(db);
  const sealedSecrets = await sql`UPDATE emails SET sealed_secret = NULL
    WHERE sealed_secret IS NOT NULL
      AND created_at < now() - make_interval(secs => ${actionCodeLifetimeMs / 1000})`.execute(db);
  const redirectSignIns = await sql`DELETE FROM redirect_sign_ins
    WHERE expires_at < ${now}::timestamptz - interval '1 hour'`.execute(db);
  const rateLimits = await sql`DELETE FROM rate_limits
    WHERE expire < (extract(epoch FROM now()) * 1000)::bigint`.execute(db);
  return {
    sessions: affected(sessions),
    actionCodes: affected(actionCodes),
    sealedSecrets: affected(sealedSecrets),
    redirectSignIns: affected(redirectSignIns),
    rateLimits: affected(rateLimits),
  };
}
