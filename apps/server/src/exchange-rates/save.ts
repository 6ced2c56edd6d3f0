import {
  parseExchangeRate,
  type TExchangeRateParams,
  type TExchangeRateSave,
  type TExchangeRateSaveResult,
} from '@ops/contract/exchange-rates';
import type { Kysely, Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import {
  findRecord,
  insertRecord,
  lockRecord,
  recordConflict,
  recordLabel,
  updateRecord,
} from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { badInput } from '../errors';
import {
  millionthsOf,
  monthColumn,
  rateId,
  rateWords,
  selectRates,
  toExchangeRate,
} from './rate-row';

async function readBack(trx: Transaction<Database>, id: string) {
  const row = await selectRates(trx).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new Error(`The exchange rate ${id} vanished within its transaction`);
  return toExchangeRate(row);
}

/**
 * PUT /api/exchange-rates/:currency/:month: sets a new rate (no version), or changes one with
 * the version the person read (409 if it moved, 404 if it is gone), audited through the records
 * store. A new rate for a month that has one already is the same 409: someone set it since the
 * screen was read. Saving the stored value again writes nothing.
 */
export async function saveExchangeRate(
  db: Kysely<Database>,
  actor: Actor,
  params: TExchangeRateParams,
  body: TExchangeRateSave,
): Promise<TExchangeRateSaveResult> {
  const parsed = parseExchangeRate(body.rate);
  if (!parsed.ok) throw badInput('body.rate', parsed.rule, parsed.message);
  const id = rateId(params.currency, params.month);
  return writeTransaction(db, async (trx) => {
    if (body.version === undefined) {
      const existing = await findRecord(trx, 'exchange_rates', id);
      if (existing)
        throw await recordConflict(trx, recordLabel('exchange_rates', existing), existing);
      await insertRecord(
        trx,
        actor,
        'exchange_rates',
        {
          currency: params.currency,
          month: monthColumn(params.month),
          chf_per_unit: parsed.rate,
          source: 'entered',
        },
        { action: 'create' },
      );
      const rate = await readBack(trx, id);
      return { rate, outcome: 'inserted', message: `${rateWords(rate)}.` };
    }
    const row = await lockRecord(trx, 'exchange_rates', id, { version: body.version });
    const before = toExchangeRate(row);
    if (millionthsOf(row) === parsed.millionths) {
      return {
        rate: await readBack(trx, id),
        outcome: 'unchanged',
        message: `${rateWords(before)} already; nothing changed.`,
      };
    }
    await updateRecord(
      trx,
      actor,
      'exchange_rates',
      row,
      { chf_per_unit: parsed.rate, source: 'entered' },
      { action: 'update' },
    );
    const rate = await readBack(trx, id);
    return {
      rate,
      outcome: 'updated',
      message: `${rateWords(rate)} (was ${before.rate}).`,
    };
  });
}
