import type { TReverseBankEntryRequest } from '@ops/contract/bank-statements';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import { lockRecord, updateRecord } from '../../db/records';
import type { BankEntriesTable, Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { reverseMovementIn } from '../../invoices';
import { entryWords, operatorName } from './entry-words';
import { moveStatementCounters } from './statement-counters';

type Trx = Transaction<Database>;
type EntryRow = Selectable<BankEntriesTable>;

/** What an entry forgets when it returns to the queue: its booking and how it was matched. */
const queuedAgain = {
  state: 'unmatched',
  outcome: null,
  invoice_iid: null,
  member_mid: null,
  match_rule: null,
  match_reason: null,
  movement_id: null,
  ignored_reason: null,
} as const;

/**
 * Sends a booked entry back to the queue once its booking was reversed (by this area's
 * "reverse", or by reversing the payment on its invoice): unmatched, with why in words, and its
 * statement's counters moved.
 */
export async function returnEntryToQueueIn(
  trx: Trx,
  actor: Actor,
  entry: EntryRow,
  why: string,
  reason: string,
): Promise<EntryRow> {
  const updated = await updateRecord(
    trx,
    actor,
    'bank_entries',
    entry,
    { ...queuedAgain, unmatched_reason: why },
    { action: 'reverse', reason },
  );
  await moveStatementCounters(trx, actor, entry.statement_bsid, entry.state, 'unmatched');
  return updated;
}

/**
 * Reverses what became of an entry (finance role), back to the Unmatched payments queue: a
 * booked one by counter-booking its payment through the money engine (the invoice returns to its
 * earlier state: paid → issued with its balance open again); an ignored one is simply taken back.
 */
export async function reverseBankEntry(
  db: Kysely<Database>,
  actor: Actor,
  beid: string,
  request: TReverseBankEntryRequest,
): Promise<string> {
  return writeTransaction(db, async (trx) => {
    const entry = await lockRecord(trx, 'bank_entries', beid, { version: request.version });
    const who = await operatorName(trx, actor);
    if (entry.state === 'ignored') {
      await returnEntryToQueueIn(
        trx,
        actor,
        entry,
        `Taken back from "not a member payment" by ${who}: ${request.reason}`,
        request.reason,
      );
      return `${entryWords(entry)} is back in the Unmatched payments queue.`;
    }
    if (entry.state !== 'booked' || entry.movement_id === null) {
      throw badInput(
        'params.beid',
        'transition',
        `Only a booked payment or one marked "not a member payment" can be reversed; this one is ${entry.state}.`,
      );
    }
    const reversal = await reverseMovementIn(
      trx,
      actor,
      entry.movement_id,
      request.reason,
      'params.beid',
    );
    const invoice = reversal.invoice?.number;
    await returnEntryToQueueIn(
      trx,
      actor,
      entry,
      `Booking${invoice ? ` to invoice ${invoice}` : ''} reversed by ${who}: ${request.reason}`,
      request.reason,
    );
    return `${reversal.message} ${entryWords(entry)} is back in the Unmatched payments queue.`;
  });
}

/**
 * After a bank payment was reversed from its invoice (`POST /api/money-movements/:id/reverse`),
 * sends the entry that booked it back to the queue, as this area's own reverse does. Nothing
 * when no entry names the movement (a card, CSV or manual payment).
 */
export async function returnEntryOfMovementToQueueIn(
  trx: Trx,
  actor: Actor,
  movementId: string,
  reason: string,
): Promise<EntryRow | null> {
  const found = await trx
    .selectFrom('bank_entries')
    .select('beid')
    .where('movement_id', '=', movementId)
    .executeTakeFirst();
  if (!found) return null;
  const entry = await lockRecord(trx, 'bank_entries', found.beid);
  const who = await operatorName(trx, actor);
  return returnEntryToQueueIn(
    trx,
    actor,
    entry,
    `Payment reversed on its invoice by ${who}: ${reason}`,
    reason,
  );
}
