import {
  exchangeRateOfMillionths,
  type TExchangeRateImportResult,
  type TExchangeRateImportRow,
} from '@ops/contract/exchange-rates';
import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { insertRecord, lockRecords, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { parseRateCsv } from './parse-csv';
import { millionthsOf, monthColumn, rateId } from './rate-row';

/**
 * POST /api/exchange-rates/import and `ops exchange-rates import`: a CSV file of rates, every
 * row checked before anything is written (one bad row refuses the file, naming its line), then
 * the whole file in one transaction: new rates inserted, different ones updated, one audit
 * entry per row changed; a row equal to the stored rate is reported unchanged and not written.
 */
export async function importExchangeRates(
  db: Kysely<Database>,
  actor: Actor,
  content: Buffer | string,
): Promise<TExchangeRateImportResult> {
  const rows = parseRateCsv(content);
  return writeTransaction(db, async (trx) => {
    const stored = await lockRecords(
      trx,
      'exchange_rates',
      rows.map((row) => rateId(row.currency, row.month)),
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    const outcomes: TExchangeRateImportRow[] = [];
    for (const row of rows) {
      const current = byId.get(rateId(row.currency, row.month));
      const base = { line: row.line, currency: row.currency, month: row.month, rate: row.rate };
      if (!current) {
        await insertRecord(
          trx,
          actor,
          'exchange_rates',
          {
            currency: row.currency,
            month: monthColumn(row.month),
            chf_per_unit: row.rate,
            source: 'csv',
          },
          { action: 'create' },
        );
        outcomes.push({ ...base, outcome: 'inserted', previousRate: null });
        continue;
      }
      const previous = millionthsOf(current);
      if (previous === row.millionths) {
        outcomes.push({ ...base, outcome: 'unchanged', previousRate: null });
        continue;
      }
      await updateRecord(
        trx,
        actor,
        'exchange_rates',
        current,
        { chf_per_unit: row.rate, source: 'csv' },
        { action: 'update' },
      );
      outcomes.push({
        ...base,
        outcome: 'updated',
        previousRate: exchangeRateOfMillionths(previous),
      });
    }
    const count = (outcome: TExchangeRateImportRow['outcome']) =>
      outcomes.filter((row) => row.outcome === outcome).length;
    return {
      inserted: count('inserted'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      rows: outcomes,
    };
  });
}
