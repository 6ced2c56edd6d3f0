import type { TAssignBankEntryRequest } from '@ops/contract/bank-statements';
import type { Kysely } from 'kysely';
import type { Actor } from '../../db/audit';
import { findRecord, lockRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { bookEntryIn, type EntryBookingContext } from '../book-entry';
import type { EntryActionOutcome } from './confirm';
import { operatorName } from './entry-words';

/**
 * Books a payment of the queue (unmatched, or a suggestion the operator corrects) to the invoice
 * an operator found for it: rule "operator", reason "assigned by <operator>". The invoice must be
 * issued or paid (a second payment of a paid one goes to the member's credit) and in the
 * payment's currency.
 */
export async function assignBankEntry(
  db: Kysely<Database>,
  actor: Actor,
  beid: string,
  request: TAssignBankEntryRequest,
  context: EntryBookingContext,
): Promise<EntryActionOutcome> {
  return writeTransaction(db, async (trx) => {
    const entry = await lockRecord(trx, 'bank_entries', beid, { version: request.version });
    if (entry.direction !== 'credit') {
      throw badInput('params.beid', 'transition', 'A debit is listed, never booked.');
    }
    if (entry.state !== 'unmatched' && entry.state !== 'suggested') {
      throw badInput(
        'params.beid',
        'transition',
        `Only a payment in the queue can be assigned; this one is ${entry.state}.`,
      );
    }
    const invoice = await findRecord(trx, 'invoices', request.iid);
    if (!invoice) {
      throw badInput('body.iid', 'exists', `No invoice has the id ${request.iid}.`);
    }
    if (invoice.status !== 'issued' && invoice.status !== 'paid') {
      throw badInput(
        'body.iid',
        'transition',
        `Invoice ${invoice.number} is ${invoice.status}: only an issued or paid invoice takes a payment.`,
      );
    }
    const currency = entry.currency.trim();
    if (invoice.currency.trim() !== currency) {
      throw badInput(
        'body.iid',
        'currency',
        `The payment is in ${currency}, invoice ${invoice.number} in ${invoice.currency.trim()}: book it by hand after converting.`,
      );
    }
    const who = await operatorName(trx, actor);
    const booked = await bookEntryIn(trx, actor, beid, request.iid, {
      rule: 'operator',
      reason: `assigned by ${who}`,
      context,
    });
    return { message: booked.booking.summary, memberEffects: booked.booking.memberEffects };
  });
}
