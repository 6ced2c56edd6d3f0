import type { TExchangeRateImportResult, TExchangeRates } from '@ops/contract/exchange-rates';
import { describe, expect, it } from 'vitest';
import { cliOnEmptyDatabase } from './test-support';

describe('ops exchange-rates', () => {
  const cli = cliOnEmptyDatabase({ tempFolder: 'exchange-rates-' });
  const { ops, writeFile: writeCsv } = cli;

  it('imports a file as the CLI (audited), then lists the rates as text and JSON', async () => {
    const file = writeCsv(
      'rates.csv',
      '\uFEFFcurrency;month;rate\r\nEUR;2026-04;0,9412\r\nUSD;2026-04;0.8801\r\nEUR;2026-05;0.95\r\n',
    );
    const imported = await ops(['exchange-rates', 'import', file]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`${file}: 3 inserted, 0 updated, 0 unchanged.`);

    const again = await ops(['exchange-rates', 'import', file, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 3,
    } satisfies Partial<TExchangeRateImportResult>);

    const audit = await cli.database.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'action', 'record_id'])
      .where('table_name', '=', 'exchange_rates')
      .orderBy('record_id')
      .execute();
    expect(audit).toEqual([
      { actor_kind: 'cli', action: 'create', record_id: 'EUR-2026-04' },
      { actor_kind: 'cli', action: 'create', record_id: 'EUR-2026-05' },
      { actor_kind: 'cli', action: 'create', record_id: 'USD-2026-04' },
    ]);

    const text = await ops(['exchange-rates', 'list']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.trim().split('\n')).toEqual([
      'Month    Currency  CHF per unit  Source',
      '2026-05  EUR       0.95          CSV import',
      '2026-04  EUR       0.9412        CSV import',
      '2026-04  USD       0.8801        CSV import',
    ]);
    const json = await ops(['exchange-rates', 'list', '--json']);
    const rates = JSON.parse(json.stdout) as TExchangeRates;
    expect(rates.map((rate) => [rate.currency, rate.month, rate.rate, rate.updatedBy])).toEqual([
      ['EUR', '2026-05', '0.95', 'cli'],
      ['EUR', '2026-04', '0.9412', 'cli'],
      ['USD', '2026-04', '0.8801', 'cli'],
    ]);
  });

  it('refuses a bad file with exit code 2 naming each line, and a missing file', async () => {
    const file = writeCsv(
      'bad.csv',
      'currency,month,rate\nGBP,2026-04,1.12\nCHF,2026-04,1\nGBP,2026-4,1\n',
    );
    const refused = await ops(['exchange-rates', 'import', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Nothing was imported: the file has 2 problems.');
    expect(refused.stderr).toContain(
      'Line 3: CHF is the base currency: its rate is always 1 (currency)',
    );
    expect(refused.stderr).toContain('Line 4: "2026-4" is not a month written YYYY-MM');
    const gbp = await cli.database.db
      .selectFrom('exchange_rates')
      .select('id')
      .where('currency', '=', 'GBP')
      .execute();
    expect(gbp).toEqual([]);

    const missing = await ops(['exchange-rates', 'import', cli.pathOf('nowhere.csv')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nowhere.csv: no such file.');
  });
});
