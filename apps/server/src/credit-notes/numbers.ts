import { creditNoteNumberOf } from '@ops/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Trx = Transaction<Database>;

/** The highest sequence already used in a year's credit notes (the demo data numbers some). */
async function highestSequence(trx: Trx, year: number): Promise<number> {
  const row = await trx
    .selectFrom('credit_notes')
    .select(sql<string>`coalesce(max(substring(number from 9)::integer), 0)`.as('highest'))
    .where('year', '=', year)
    .where(sql<boolean>`number ~ ${`^CN-${year}-[0-9]+$`}`)
    .executeTakeFirstOrThrow();
  return Number(row.highest);
}

/**
 * The next number of a year's credit notes, `CN-{year}-000001`, gapless: the counter
 * `credit-note-{year}` in `number_counters` is taken in the caller's transaction (as invoice
 * numbers are, invoices/numbers.ts), so a credit note that is not committed uses up no number
 * and two at once never share one.
 */
export async function allocateCreditNoteNumber(trx: Trx, year: number): Promise<string> {
  const highest = await highestSequence(trx, year);
  const row = await trx
    .insertInto('number_counters')
    .values({ name: `credit-note-${year}`, last_value: highest + 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({
        last_value: sql`greatest(number_counters.last_value, ${highest}::bigint) + 1`,
      }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return creditNoteNumberOf(year, Number(row.last_value));
}
