import type { TConfirmBankEntryRequest } from '@ops/contract/bank-statements';
import type { Kysely } from 'kysely';
import type { Actor } from '../../db/audit';
import { lockRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { bookEntryIn, type EntryBookingContext } from '../book-entry';
import { operatorName } from './entry-words';

/** What an operator's action did, in words. */
export type EntryActionOutcome = { message: string; memberEffects: string[] };

/**
 * Books a suggestion (rule 3: the payer's IBAN is known and the amount is that of an open
 * invoice of the same member) to its suggested invoice, once an operator has looked at it.
 */
export async function confirmBankEntry(
  db: Kysely<Database>,
  actor: Actor,
  beid: string,
  request: TConfirmBankEntryRequest,
  context: EntryBookingContext,
): Promise<EntryActionOutcome> {
  return writeTransaction(db, async (trx) => {
    const entry = await lockRecord(trx, 'bank_entries', beid, { version: request.version });
    if (entry.state !== 'suggested' || entry.invoice_iid === null) {
      throw badInput(
        'params.beid',
        'transition',
        `Only a suggested payment can be confirmed; this one is ${entry.state}.`,
      );
    }
    const who = await operatorName(trx, actor);
    const booked = await bookEntryIn(trx, actor, beid, entry.invoice_iid, {
      rule: entry.match_rule ?? 'known-iban',
      reason: `${entry.match_reason ?? 'suggested'}; confirmed by ${who}`,
      context,
      invoiceField: 'params.beid',
    });
    return { message: booked.booking.summary, memberEffects: booked.booking.memberEffects };
  });
}
