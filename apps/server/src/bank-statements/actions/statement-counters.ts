import type { TBankEntryState } from '@ops/contract';
import { sql, type Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import { versionBump } from '../../db/records';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/** The statement's counter of each entry state (migration 0026). */
const counterOfState = {
  booked: 'booked',
  suggested: 'suggested',
  unmatched: 'unmatched',
  ignored: 'ignored',
  debit: 'debits',
  duplicate: 'duplicates',
} as const satisfies Record<TBankEntryState, string>;

/**
 * Moves `count` entries of a statement from one state's counter to another's (the list reads the
 * counters, never counts entries). The statement gets a new version, so that "confirm all
 * suggestions" with the version a person read sees any change made meanwhile; the audit entry of
 * the change is the entry's own (the counters only follow it).
 */
export async function moveStatementCounters(
  trx: Trx,
  actor: Actor,
  bsid: string,
  from: TBankEntryState,
  to: TBankEntryState,
  count = 1,
): Promise<void> {
  if (from === to || count === 0) return;
  const fromColumn = sql.ref(counterOfState[from]);
  const toColumn = sql.ref(counterOfState[to]);
  await sql`UPDATE bank_statements bs
     SET ${fromColumn} = ${fromColumn} - ${count}, ${toColumn} = ${toColumn} + ${count},
         ${versionBump('bs', actor)}
   WHERE bs.bsid = ${bsid}`.execute(trx);
}
