import { sql } from 'kysely';
import type { Trx } from './context';

/**
 * The next number of a counter, never at or below `highest` (the highest number already in
 * its table: demo data, imports). The counter row is updated in the caller's transaction, so
 * a concurrent allocation waits for its row lock and then fails to serialize and is retried by
 * writeTransaction: two approvals never get the same number.
 */
export async function allocateNumber(trx: Trx, name: string, highest: number): Promise<number> {
  const row = await trx
    .insertInto('number_counters')
    .values({ name, last_value: highest + 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({
        last_value: sql`greatest(number_counters.last_value, ${highest}::bigint) + 1`,
      }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}

/** Membership numbers are M-000001 … (seed/demo-plan.ts: by seniority). */
export async function nextMemberNumber(trx: Trx): Promise<string> {
  const highest = await trx
    .selectFrom('members')
    .select('number')
    .where('number', 'like', 'M-%')
    .where(sql<boolean>`number ~ '^M-[0-9]+$'`)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  const value = await allocateNumber(trx, 'member', highest ? Number(highest.number.slice(2)) : 0);
  return `M-${String(value).padStart(6, '0')}`;
}

/** Invoice numbers are {year}-000001 …, counted per year (seed/billing-rows.ts). */
export async function nextInvoiceNumber(
  trx: Trx,
  year: number,
): Promise<{ number: string; sequence: number }> {
  const highest = await trx
    .selectFrom('invoices')
    .select('number')
    .where('number', 'like', `${year}-%`)
    .where(sql<boolean>`number ~ ${`^${year}-[0-9]+$`}`)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
  const sequence = await allocateNumber(
    trx,
    `invoice-${year}`,
    highest ? Number(highest.number.slice(5)) : 0,
  );
  return { number: `${year}-${String(sequence).padStart(6, '0')}`, sequence };
}
