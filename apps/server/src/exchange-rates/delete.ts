import type { TExchangeRateDeleteResult, TExchangeRateParams } from '@ops/contract/exchange-rates';
import type { Kysely } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import { lockRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { rateId, rateWords, toExchangeRate } from './rate-row';

/**
 * DELETE /api/exchange-rates/:currency/:month?version=N: removes a rate the person read at that
 * version (409 if it moved, 404 if it is gone), with an audit entry keeping the whole row.
 * Amounts of that month then convert with the latest earlier month's rate.
 */
export async function deleteExchangeRate(
  db: Kysely<Database>,
  actor: Actor,
  params: TExchangeRateParams,
  version: number,
): Promise<TExchangeRateDeleteResult> {
  const id = rateId(params.currency, params.month);
  return writeTransaction(db, async (trx) => {
    const row = await lockRecord(trx, 'exchange_rates', id, { version });
    await trx.deleteFrom('exchange_rates').where('id', '=', id).execute();
    await recordAudit(trx, actor, {
      table: 'exchange_rates',
      recordId: id,
      action: 'delete',
      before: row,
      after: null,
    });
    return { message: `Deleted the rate ${rateWords(toExchangeRate(row))}.` };
  });
}
