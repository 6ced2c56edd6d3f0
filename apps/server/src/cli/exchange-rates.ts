import {
  exchangeRateSourceLabels,
  type TExchangeRateImportResult,
  type TExchangeRates,
} from '@ops/contract/exchange-rates';
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { cliActor } from '../db/audit';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import { importExchangeRates } from '../exchange-rates';

/** A rates file the CLI cannot import (missing, not CSV, a bad row): exit code 2, the reason. */
export class UnreadableRatesFile extends Error {}

/** The file's bytes, or why there are none. */
export async function readRatesFile(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'a folder' : String(error);
    throw new UnreadableRatesFile(`${file}: ${why}.`);
  }
}

/**
 * `ops exchange-rates import <file>`: the API's import as the CLI (audited as `cli`), the whole
 * file in one transaction. A refused file names every bad line, as the 400 does.
 */
export async function importRatesFile(
  db: Kysely<Database>,
  file: string,
  content: Buffer,
): Promise<TExchangeRateImportResult> {
  try {
    return await importExchangeRates(db, cliActor, content);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'invalid-argument') throw error;
    const lines = (error.issues ?? []).map((issue) => `  ${issue.message} (${issue.rule})`);
    const detail = lines.length > 1 ? `\n${lines.join('\n')}` : '';
    throw new UnreadableRatesFile(`${file}: ${error.message}${detail}`);
  }
}

/** What an import did, in a few lines: the counts, then each changed rate. */
export function ratesImportSummary(file: string, result: TExchangeRateImportResult): string {
  const lines = [
    `${file}: ${result.inserted} inserted, ${result.updated} updated, ${result.unchanged} unchanged.`,
  ];
  for (const row of result.rows) {
    if (row.outcome === 'inserted')
      lines.push(`  new     ${row.currency} ${row.month}  ${row.rate}`);
    if (row.outcome === 'updated') {
      lines.push(`  changed ${row.currency} ${row.month}  ${row.previousRate ?? ''} → ${row.rate}`);
    }
  }
  return lines.join('\n');
}

/** The rates as a text table, newest month first: month, currency, CHF per unit, source. */
export function ratesTable(rates: TExchangeRates): string {
  if (rates.length === 0) return 'No exchange rates yet.';
  const rows = [
    ['Month', 'Currency', 'CHF per unit', 'Source'],
    ...rates.map((rate) => [
      rate.month,
      rate.currency,
      rate.rate,
      exchangeRateSourceLabels[rate.source],
    ]),
  ];
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
