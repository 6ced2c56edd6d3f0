import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../errors';

type Limit = { points: number; durationSeconds: number; blockSeconds?: number };

/**
 * How much of each sign-in action one account or one address may do. Counters live in
 * PostgreSQL (rate-limiter-flexible's store), so they hold across every server instance.
 */
export const throttleLimits = {
  /** Sign-in method lookups. */
  methodsPerIp: { points: 60, durationSeconds: 60 },
  methodsPerEmail: { points: 20, durationSeconds: 60 },
  /** Failed password sign-ins; an account is locked for 15 minutes after 10 failures. */
  passwordFailuresPerAccount: { points: 10, durationSeconds: 15 * 60, blockSeconds: 15 * 60 },
  passwordFailuresPerIp: { points: 100, durationSeconds: 60 * 60 },
  /** E-mailed links (sign-in and password reset) sent. */
  linksPerEmail: { points: 5, durationSeconds: 60 * 60 },
  linksPerIp: { points: 30, durationSeconds: 60 * 60 },
  /** Failed attempts to use a link code. */
  codeFailuresPerIp: { points: 30, durationSeconds: 15 * 60 },
  /** Requests to the public endorsement links (issue 34): per address, and per token. */
  endorsementsPerIp: { points: 120, durationSeconds: 60 },
  endorsementsPerToken: { points: 60, durationSeconds: 60 },
  /**
   * Searches of the public member directory (issue 35), per address: a person reads a page in
   * seconds; 30 pages a minute is more than reading and far less than scraping 100,000 members.
   */
  directoryPerIp: { points: 30, durationSeconds: 60 },
} satisfies Record<string, Limit>;

export type ThrottleName = keyof typeof throttleLimits;

export type Throttle = {
  /**
   * Counts one event; refuses with auth/too-many-requests when the limit is passed. Counting
   * and comparing are one statement in PostgreSQL, so parallel requests cannot all slip under
   * the limit: count an attempt before the work it limits, never check first and count after.
   */
  consume(name: ThrottleName, key: string): Promise<void>;
  /** Takes back one counted event (an attempt counted up front that turned out no failure). */
  giveBack(name: ThrottleName, key: string): Promise<void>;
  /** Forgets the count (a successful sign-in clears that account's failures). */
  reset(name: ThrottleName, key: string): Promise<void>;
};

function tooManyRequests(result: RateLimiterRes): AppError {
  const seconds = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  const wait = seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
  return new AppError('auth/too-many-requests', `Too many attempts. Try again in ${wait}.`);
}

export function createThrottle(pool: pg.Pool): Throttle {
  const limiters = Object.fromEntries(
    Object.entries(throttleLimits).map(([name, limit]: [string, Limit]) => [
      name,
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: 'rate_limits',
        tableCreated: true, // by our migration
        clearExpiredByTimeout: false, // our maintenance job deletes expired rows
        keyPrefix: name,
        points: limit.points,
        duration: limit.durationSeconds,
        blockDuration: limit.blockSeconds ?? 0,
      }),
    ]),
  ) as Record<ThrottleName, RateLimiterPostgres>;

  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key.toLowerCase());
      } catch (error) {
        if (error instanceof RateLimiterRes) throw tooManyRequests(error);
        throw error;
      }
    },
    async giveBack(name, key) {
      await limiters[name].reward(key.toLowerCase(), 1);
    },
    async reset(name, key) {
      await limiters[name].delete(key.toLowerCase());
    },
  };
}
