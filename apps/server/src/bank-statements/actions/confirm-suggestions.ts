import type {
  TConfirmSuggestionsRequest,
  TConfirmSuggestionsResult,
} from '@ops/contract/bank-statements';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../db/audit';
import { lockRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { bookEntryIn, type EntryBookingContext } from '../book-entry';
import { operatorName } from './entry-words';

/**
 * Books every suggestion of a statement in one transaction, in the statement's order. A
 * suggestion that can no longer be booked (its invoice was voided or paid by hand meanwhile) is
 * left in the queue and said why: each booking runs under a savepoint, so a refusal undoes only
 * its own writes.
 */
export async function confirmStatementSuggestions(
  db: Kysely<Database>,
  actor: Actor,
  bsid: string,
  request: TConfirmSuggestionsRequest | null | undefined,
  context: EntryBookingContext,
): Promise<TConfirmSuggestionsResult> {
  return writeTransaction(db, async (trx) => {
    await lockRecord(trx, 'bank_statements', bsid, { version: request?.version });
    const suggestions = await trx
      .selectFrom('bank_entries')
      .select(['beid', 'invoice_iid', 'match_rule', 'match_reason'])
      .where('statement_bsid', '=', bsid)
      .where('state', '=', 'suggested')
      .orderBy('entry_position')
      .orderBy('transaction_position')
      .execute();
    const who = await operatorName(trx, actor);
    const skipped: TConfirmSuggestionsResult['skipped'] = [];
    const memberEffects: string[] = [];
    for (const suggestion of suggestions) {
      if (suggestion.invoice_iid === null) continue;
      await sql`SAVEPOINT confirm_suggestion`.execute(trx);
      try {
        const booked = await bookEntryIn(trx, actor, suggestion.beid, suggestion.invoice_iid, {
          rule: suggestion.match_rule ?? 'known-iban',
          reason: `${suggestion.match_reason ?? 'suggested'}; confirmed by ${who}`,
          context,
          invoiceField: 'params.bsid',
        });
        await sql`RELEASE SAVEPOINT confirm_suggestion`.execute(trx);
        memberEffects.push(...booked.booking.memberEffects);
      } catch (error) {
        // Only a refusal (a 400 of the engine) skips; anything else fails the whole.
        if (!(error instanceof AppError) || error.code !== 'invalid-argument') throw error;
        await sql`ROLLBACK TO SAVEPOINT confirm_suggestion`.execute(trx);
        skipped.push({ beid: suggestion.beid, reason: error.message });
      }
    }
    const confirmed = suggestions.length - skipped.length;
    const message =
      suggestions.length === 0
        ? 'This statement has no suggestions to confirm.'
        : `${confirmed} of ${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'} booked${
            skipped.length > 0 ? `; ${skipped.length} left in the queue` : ''
          }.`;
    return { confirmed, skipped, memberEffects, message };
  });
}
