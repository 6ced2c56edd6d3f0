import { constants } from '@ops/contract';
import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '../errors';
import type { Database } from './schema';

/** serialization_failure and deadlock_detected: the transaction may succeed if run again. */
const retryableSqlStates = new Set(['40001', '40P01']);

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && retryableSqlStates.has(code);
}

/**
 * Runs a multi-step write as one SERIALIZABLE transaction. A serialization conflict is retried up
 * to `constants.transactionRetryLimit` (25, spec §9) times with a short jittered back-off, then
 * fails with `aborted` (HTTP 409), like the spec's `maxretry`. `work` must be safe to re-run:
 * it may only touch the database through `trx`.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>, attempt: number) => Promise<T>,
  options: {
    retryLimit?: number;
    /**
     * 'read committed' for a bulk write that takes its row locks as it goes (a CSV import):
     * SERIALIZABLE would track every row it reads, and a conflict with any single edit made
     * meanwhile would start the whole import again.
     */
    isolationLevel?: 'serializable' | 'read committed';
  } = {},
): Promise<T> {
  const retryLimit = options.retryLimit ?? constants.transactionRetryLimit;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db
        .transaction()
        .setIsolationLevel(options.isolationLevel ?? 'serializable')
        .execute((trx) => work(trx, attempt));
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt > retryLimit) {
        throw new AppError(
          'aborted',
          `The change conflicted with other changes ${attempt} times in a row; nothing was saved. Try again.`,
          { cause: error },
        );
      }
      const backoffMs = Math.min(100, 2 ** Math.min(attempt, 6)) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, backoffMs));
    }
  }
}

/**
 * For a transaction that writes thousands of rows: PostgreSQL keeps the plans of the statements
 * it runs for each row (foreign-key checks, trigger functions) instead of planning each one
 * again. The pool asks for a fresh plan at every execution (database.ts, for the search
 * statements), which made the two foreign-key checks of each imported invoice four times
 * slower: measured on 10,000 invoices, 350 ms of checks instead of 90.
 */
export const reusePlansForBulkWriteSql = 'SET LOCAL plan_cache_mode = auto';

/** reusePlansForBulkWriteSql in a Kysely transaction. */
export async function reusePlansForBulkWrite(trx: Transaction<Database>): Promise<void> {
  await sql.raw(reusePlansForBulkWriteSql).execute(trx);
}
