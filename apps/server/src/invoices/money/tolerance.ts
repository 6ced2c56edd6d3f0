import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Trx = Transaction<Database>;

/** Without a row for the currency: 10.00 of it or 1 %, whichever is smaller (issue 16). */
export const defaultTolerance = { maxMinor: 1000, percentBasisPoints: 100 } as const;

/**
 * The short payment written off as bank charges for an invoice of this total: the currency's
 * fixed ceiling or its share of the total, whichever is smaller (rounded down: never more).
 */
export async function paymentToleranceOf(
  trx: Trx,
  currency: string,
  totalMinor: number,
): Promise<number> {
  const row = await trx
    .selectFrom('payment_tolerances')
    .select(['max_minor', 'percent_basis_points'])
    .where('currency', '=', currency)
    .executeTakeFirst();
  const maxMinor = row ? Number(row.max_minor) : defaultTolerance.maxMinor;
  const basisPoints = row ? row.percent_basis_points : defaultTolerance.percentBasisPoints;
  return Math.min(maxMinor, Math.floor((totalMinor * basisPoints) / 10_000));
}
