import type { TIgnoreBankEntryRequest } from '@ops/contract/bank-statements';
import type { Kysely } from 'kysely';
import type { Actor } from '../../db/audit';
import { lockRecord, updateRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { entryWords } from './entry-words';
import { moveStatementCounters } from './statement-counters';

/**
 * Marks a credit nobody owes us for "not a member payment" (a refund from a supplier, a
 * transfer between our own accounts): it leaves the queue with the operator's reason. An
 * unmatched or suggested entry only; "reverse" takes it back to the queue.
 */
export async function ignoreBankEntry(
  db: Kysely<Database>,
  actor: Actor,
  beid: string,
  request: TIgnoreBankEntryRequest,
): Promise<string> {
  return writeTransaction(db, async (trx) => {
    const entry = await lockRecord(trx, 'bank_entries', beid, { version: request.version });
    if (entry.state !== 'unmatched' && entry.state !== 'suggested') {
      throw badInput(
        'params.beid',
        'transition',
        `Only a payment in the queue can be marked "not a member payment"; this one is ${entry.state}.`,
      );
    }
    await updateRecord(
      trx,
      actor,
      'bank_entries',
      entry,
      {
        state: 'ignored',
        ignored_reason: request.reason,
        // A suggestion's invoice is forgotten with it: nothing was booked.
        invoice_iid: null,
        member_mid: null,
        match_rule: null,
        match_reason: null,
      },
      { action: 'ignore', reason: request.reason },
    );
    await moveStatementCounters(trx, actor, entry.statement_bsid, entry.state, 'ignored');
    return `${entryWords(entry)} marked "not a member payment".`;
  });
}
