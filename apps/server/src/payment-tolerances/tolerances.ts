import { invoiceCurrencies } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import type {
  TPaymentTolerance,
  TPaymentToleranceResult,
  TPaymentToleranceUpdate,
} from '@ops/contract/payment-tolerances';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database, PaymentTolerancesTable } from '../db/schema';
import { writeTransaction } from '../db/transaction';

type Row = Selectable<PaymentTolerancesTable> & { updated_by_email?: string | null };
type Currency = (typeof invoiceCurrencies)[number];

function toTolerance(row: Row): TPaymentTolerance {
  return {
    currency: row.currency.trim() as Currency,
    maxMinor: Number(row.max_minor),
    percentBasisPoints: row.percent_basis_points,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by_email ?? row.updated_by,
  };
}

/** "CHF 10.00 or 1 %, whichever is smaller": a tolerance in words. */
export function toleranceWords(
  tolerance: Pick<TPaymentTolerance, 'currency' | 'maxMinor' | 'percentBasisPoints'>,
): string {
  const percent = `${(tolerance.percentBasisPoints / 100).toString()} %`;
  return `${formatMoney(tolerance.maxMinor, tolerance.currency)} or ${percent} of the invoice, whichever is smaller`;
}

function tolerancesOf(db: Kysely<Database> | Transaction<Database>, currencies: string[]) {
  return db
    .selectFrom('payment_tolerances as t')
    .leftJoin('users as u', 'u.uid', 't.updated_by')
    .selectAll('t')
    .select('u.email as updated_by_email')
    .where('t.currency', 'in', currencies)
    .execute();
}

/** The tolerance of every invoice currency (migration 0026 wrote one row each), in their order. */
export async function listPaymentTolerances(db: Kysely<Database>): Promise<TPaymentTolerance[]> {
  const rows = await tolerancesOf(db, [...invoiceCurrencies]);
  const order = (currency: string) => invoiceCurrencies.indexOf(currency.trim() as Currency);
  return rows.sort((a, b) => order(a.currency) - order(b.currency)).map(toTolerance);
}

/**
 * Changes one currency's tolerance with the version the person read (409 if it moved), audited
 * through the records store. It applies to payments booked from now on; earlier write-offs stay.
 */
export async function updatePaymentTolerance(
  db: Kysely<Database>,
  actor: Actor,
  currency: Currency,
  update: TPaymentToleranceUpdate,
): Promise<TPaymentToleranceResult> {
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'payment_tolerances', currency, { version: update.version });
    const before = toTolerance(row);
    await updateRecord(
      trx,
      actor,
      'payment_tolerances',
      row,
      {
        max_minor: update.maxMinor,
        percent_basis_points: update.percentBasisPoints,
      },
      {
        action: 'update',
        view: (audited) => ({
          max_minor: audited.max_minor,
          percent_basis_points: audited.percent_basis_points,
          version: audited.version,
        }),
      },
    );
    // Read back with the author's e-mail, as the list shows it.
    const [updated] = await tolerancesOf(trx, [currency]);
    if (!updated) throw new Error(`The ${currency} tolerance vanished within its transaction`);
    const after = toTolerance(updated);
    return {
      tolerance: after,
      message: `Short ${currency} payments are now written off up to ${toleranceWords(after)} (was ${toleranceWords(before)}). Payments booked from now on follow it.`,
    };
  });
}
