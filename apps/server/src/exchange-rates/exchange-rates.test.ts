import type {
  TExchangeRateDeleteResult,
  TExchangeRateImportResult,
  TExchangeRates,
  TExchangeRateSaveResult,
} from '@ops/contract/exchange-rates';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, signInAsNewUser, type TestApp } from '../../test/app';
import { signInEditorAndReader } from '../../test/fixtures';
import { changesChannel } from '../realtime/changes';
import { chfMinorOf, chfRatesOf } from './chf-rates';
import { loadChfRates } from './index';
import { auditEntriesOf } from '../../test/audit';

type ErrorBody = {
  error: {
    code: string;
    message: string;
    issues?: { path: string; rule: string; message: string }[];
  };
};

describe('exchange rates', () => {
  let t: TestApp;
  let cookie: string;
  let uid: string;
  let readOnlyCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, uid, readOnlyCookie } = await signInEditorAndReader(t, 'rates@example.org', [
      'finance',
    ]));
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (path: string, payload: Record<string, unknown>, as = cookie) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/exchange-rates/${path}`,
      headers: { cookie: as },
      payload,
    });
  const importCsv = (csv: string | Buffer, contentType = 'text/csv', as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/exchange-rates/import',
      headers: { cookie: as, 'content-type': contentType },
      payload: csv,
    });
  const list = async (query = '') => {
    const response = await t.app.inject({
      url: `/api/exchange-rates${query}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TExchangeRates>();
  };
  const auditOf = (recordId: string) =>
    auditEntriesOf(t.database.db, 'exchange_rates', recordId)
      .select(['action', 'actor_uid', 'actor_kind', 'before', 'after'])
      .orderBy('id')
      .execute();
  const countRows = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('exchange_rates')
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countAudit = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select(sql<string>`count(*)`.as('n'))
          .where('table_name', '=', 'exchange_rates')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('sets a new rate, changes it with the version read, and refuses a stale version with 409', async () => {
    const created = await put('EUR/2030-01', { rate: '0.941200' });
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json<TExchangeRateSaveResult>();
    expect(first).toMatchObject({
      outcome: 'inserted',
      rate: { currency: 'EUR', month: '2030-01', rate: '0.9412', source: 'entered', version: 1 },
      message: '1 EUR = 0.9412 CHF in Jan 2030.',
    });
    expect(first.rate.updatedBy).toBe('rates@example.org');

    // A second "new" rate for the month: someone set it since the screen was read.
    const again = await put('EUR/2030-01', { rate: '0.95' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toContain(
      'The EUR rate of 2030-01 was changed by',
    );

    const updated = await put('EUR/2030-01', { rate: '0.95', version: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<TExchangeRateSaveResult>()).toMatchObject({
      outcome: 'updated',
      rate: { rate: '0.95', version: 2 },
      message: '1 EUR = 0.95 CHF in Jan 2030 (was 0.9412).',
    });

    const stale = await put('EUR/2030-01', { rate: '0.96', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().error).toMatchObject({ code: 'aborted' });
    expect(stale.json<ErrorBody>().error.message).toMatch(
      /^The EUR rate of 2030-01 was changed by .*rates@example\.org.* since you opened it\. Reload to see the change\.$/,
    );

    // The stored value again: nothing written, the version stays.
    const same = await put('EUR/2030-01', { rate: '0.950', version: 2 });
    expect(same.json<TExchangeRateSaveResult>()).toMatchObject({
      outcome: 'unchanged',
      rate: { version: 2 },
    });

    const audit = await auditOf('EUR-2030-01');
    expect(audit.map((entry) => [entry.action, entry.actor_uid, entry.actor_kind])).toEqual([
      ['create', uid, 'operator'],
      ['update', uid, 'operator'],
    ]);
    expect(audit[1]?.before).toMatchObject({ chf_per_unit: '0.941200', version: 1 });
    expect(audit[1]?.after).toMatchObject({ chf_per_unit: '0.950000', version: 2 });

    const missing = await put('EUR/2030-02', { rate: '1', version: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes a rate with the version read (409 when stale, 404 when gone), audited', async () => {
    await put('GBP/2030-03', { rate: '1.12' });
    const stale = await t.app.inject({
      method: 'DELETE',
      url: '/api/exchange-rates/GBP/2030-03?version=2',
      headers: { cookie },
    });
    expect(stale.statusCode).toBe(409);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/exchange-rates/GBP/2030-03?version=1',
      headers: { cookie },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json<TExchangeRateDeleteResult>().message).toBe(
      'Deleted the rate 1 GBP = 1.12 CHF in Mar 2030.',
    );
    expect(await list('?currency=GBP')).toEqual([]);
    const audit = await auditOf('GBP-2030-03');
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect(audit[1]?.before).toMatchObject({ currency: 'GBP', chf_per_unit: '1.120000' });
    expect(audit[1]?.after).toBeNull();
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/exchange-rates/GBP/2030-03?version=1',
      headers: { cookie },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json<ErrorBody>().error.message).toBe('No exchange rate has the id GBP-2030-03.');
  });

  it('lists every rate newest month first, currencies alphabetically, or one currency', async () => {
    await put('USD/2031-01', { rate: '0.88' });
    await put('EUR/2031-01', { rate: '0.93' });
    await put('USD/2031-02', { rate: '0.87' });
    const all = await list();
    const of2031 = all.filter((rate) => rate.month.startsWith('2031'));
    expect(of2031.map((rate) => `${rate.currency} ${rate.month} ${rate.rate}`)).toEqual([
      'USD 2031-02 0.87',
      'EUR 2031-01 0.93',
      'USD 2031-01 0.88',
    ]);
    const months = all.map((rate) => rate.month);
    expect(months).toEqual([...months].sort().reverse());
    const usd = await list('?currency=USD');
    expect(usd.every((rate) => rate.currency === 'USD')).toBe(true);
    expect(usd.map((rate) => rate.month)).toEqual(['2031-02', '2031-01']);
  });

  it('refuses bad input with a 400 naming the field and the rule', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['EUR/2032-01', { rate: '0' }, 'body.rate', 'positive'],
      ['EUR/2032-01', { rate: '0.1234567' }, 'body.rate', 'decimals'],
      ['EUR/2032-01', { rate: '0,94' }, 'body.rate', 'format'],
      ['EUR/2032-01', { rate: '-1' }, 'body.rate', 'format'],
      ['EUR/2032-01', { rate: '10000.000001' }, 'body.rate', 'range'],
      ['EUR/2032-01', { rate: '' }, 'body.rate', 'too_small'],
      ['EUR/2032-01', { rate: 0.94 }, 'body.rate', 'invalid_type'],
      ['CHF/2032-01', { rate: '1' }, 'params.currency', 'invalid_format'],
      ['eur/2032-01', { rate: '1' }, 'params.currency', 'invalid_format'],
      ['EUR/2032-13', { rate: '1' }, 'params.month', 'invalid_format'],
      ['EUR/2032-01-01', { rate: '1' }, 'params.month', 'invalid_format'],
    ];
    for (const [path, payload, field, rule] of cases) {
      const response = await put(path, payload);
      expect(response.statusCode, `${path} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json<ErrorBody>().error.issues?.[0], path).toMatchObject({
        path: field,
        rule,
      });
    }
    expect(await list('?currency=EUR')).not.toContainEqual(
      expect.objectContaining({ month: '2032-01' }),
    );
    const badDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/exchange-rates/EUR/2030-01',
      headers: { cookie },
    });
    expect(badDelete.statusCode).toBe(400);
    expect(badDelete.json<ErrorBody>().error.issues?.[0]?.path).toBe('query.version');
  });

  it('imports a CSV file in one transaction: inserted, updated and unchanged rows, one audit entry per change', async () => {
    await put('EUR/2033-01', { rate: '0.9' });
    await put('USD/2033-01', { rate: '0.8' });
    const auditBefore = await countAudit();
    const csv = [
      'currency,month,rate',
      'EUR,2033-01,0.900000',
      'USD,2033-01,0.81',
      'EUR,2033-02,0.91',
      'JPY,2033-02,0.0057',
      '',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<TExchangeRateImportResult>();
    expect(result).toMatchObject({ inserted: 2, updated: 1, unchanged: 1 });
    expect(result.rows).toEqual([
      {
        line: 2,
        currency: 'EUR',
        month: '2033-01',
        rate: '0.9',
        outcome: 'unchanged',
        previousRate: null,
      },
      {
        line: 3,
        currency: 'USD',
        month: '2033-01',
        rate: '0.81',
        outcome: 'updated',
        previousRate: '0.8',
      },
      {
        line: 4,
        currency: 'EUR',
        month: '2033-02',
        rate: '0.91',
        outcome: 'inserted',
        previousRate: null,
      },
      {
        line: 5,
        currency: 'JPY',
        month: '2033-02',
        rate: '0.0057',
        outcome: 'inserted',
        previousRate: null,
      },
    ]);
    expect((await countAudit()) - auditBefore).toBe(3);
    expect((await auditOf('USD-2033-01')).map((entry) => entry.action)).toEqual([
      'create',
      'update',
    ]);
    const rates = await list();
    expect(rates.find((rate) => rate.currency === 'USD' && rate.month === '2033-01')).toMatchObject(
      {
        rate: '0.81',
        source: 'csv',
        version: 2,
      },
    );
    expect(rates.find((rate) => rate.currency === 'EUR' && rate.month === '2033-01')).toMatchObject(
      {
        source: 'entered',
        version: 1,
      },
    );
    // The same file again changes nothing.
    const again = (await importCsv(csv)).json<TExchangeRateImportResult>();
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    expect((await countAudit()) - auditBefore).toBe(3);
  });

  it('reads a semicolon-separated file with a BOM, Windows line ends and decimal commas', async () => {
    const csv = Buffer.from(
      '\uFEFFCurrency;Month;Rate\r\nEUR;2034-01;0,9312\r\nUSD;2034-01;0.8701\r\n',
    );
    const response = await importCsv(csv, 'application/octet-stream');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TExchangeRateImportResult>()).toMatchObject({ inserted: 2 });
    const rates = await list();
    expect(rates.filter((rate) => rate.month === '2034-01').map((rate) => rate.rate)).toEqual([
      '0.9312',
      '0.8701',
    ]);
    // text/plain arrives as a string through Fastify's own parser: the same import.
    const plain = await importCsv('currency,month,rate\nGBP,2034-01,1.1\n', 'text/plain');
    expect(plain.statusCode, plain.body).toBe(200);
  });

  it('refuses a file with any bad row, naming each line and rule, and writes nothing', async () => {
    const rowsBefore = await countRows();
    const auditBefore = await countAudit();
    const csv = [
      'currency,month,rate',
      'EUR,2035-01,0.9',
      'CHF,2035-01,1',
      'EUR,2035-13,0.9',
      'USD,2035-01,0.12345678',
      'EUR,2035-01,0.91',
      'usd,2035-02,0',
      'GBP,2035-01',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(400);
    const error = response.json<ErrorBody>().error;
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toMatch(/^Nothing was imported: the file has 7 problems\. Line 3: /);
    expect(error.issues?.map((issue) => [issue.path, issue.rule])).toEqual([
      ['body.line.3.currency', 'currency'],
      ['body.line.4.month', 'invalid-date'],
      ['body.line.5.rate', 'decimals'],
      ['body.line.6.month', 'duplicate'],
      ['body.line.7.currency', 'currency'],
      ['body.line.7.rate', 'positive'],
      ['body.line.8.row', 'csv'],
    ]);
    expect(error.issues?.[3]?.message).toBe('Line 6: EUR 2035-01 is on line 2 already');
    expect(await countRows()).toBe(rowsBefore);
    expect(await countAudit()).toBe(auditBefore);

    const header = await importCsv('currency,day,rate\nEUR,2035-01,1\n');
    expect(header.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body.header',
      rule: 'mapping',
    });
    const empty = await importCsv('\uFEFF\n');
    expect(empty.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body',
      rule: 'empty',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/exchange-rates/import',
      headers: { cookie },
      payload: { csv: 'currency,month,rate' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json<ErrorBody>().error.issues?.[0]?.rule).toBe('content-type');
  });

  it('is for operators; writes need exchange-rates.edit (finance, admin)', async () => {
    const writes = [
      { method: 'PUT' as const, url: '/api/exchange-rates/EUR/2036-01', payload: { rate: '1' } },
      { method: 'DELETE' as const, url: '/api/exchange-rates/EUR/2030-01?version=2' },
      {
        method: 'POST' as const,
        url: '/api/exchange-rates/import',
        headers: { 'content-type': 'text/csv' },
        payload: 'currency,month,rate\nEUR,2036-01,1\n',
      },
    ];
    expect((await t.app.inject({ url: '/api/exchange-rates' })).statusCode).toBe(401);
    const membership = await signInAsNewOperator(t, 'rates-membership@example.org', ['membership']);
    for (const write of writes) {
      expect((await t.app.inject(write)).statusCode, write.url).toBe(401);
      for (const as of [readOnlyCookie, membership]) {
        const refused = await t.app.inject({ ...write, headers: { ...write.headers, cookie: as } });
        expect(refused.statusCode, write.url).toBe(403);
        expect(refused.json<ErrorBody>().error.message).toContain('exchange-rates.edit');
      }
    }
    expect(await list('?currency=EUR')).not.toContainEqual(
      expect.objectContaining({ month: '2036-01' }),
    );
    for (const as of [readOnlyCookie, membership]) {
      const read = await t.app.inject({ url: '/api/exchange-rates', headers: { cookie: as } });
      expect(read.statusCode).toBe(200);
    }
    const userCookie = await signInAsNewUser(t, 'rates-user@example.org');
    const asUser = await t.app.inject({
      url: '/api/exchange-rates',
      headers: { cookie: userCookie },
    });
    expect(asUser.statusCode).toBe(403);
  });

  it('announces a change on the change feed with the record id', async () => {
    const heard: string[] = [];
    const unsubscribe = t.notifications.subscribe(changesChannel, (payload) => heard.push(payload));
    try {
      await put('SEK/2037-04', { rate: '0.083' });
      await expect
        .poll(() => heard.map((payload) => JSON.parse(payload) as Record<string, string>))
        .toContainEqual({ table: 'exchange_rates', id: 'SEK-2037-04', op: 'insert' });
    } finally {
      unsubscribe();
    }
  });

  describe('loadChfRates', () => {
    it('converts with the month’s rate, else the latest earlier month’s; none before → null', async () => {
      await importCsv(
        ['currency,month,rate', 'NOK,2040-01,0.08', 'NOK,2040-03,0.09', 'NOK,2041-01,0.1'].join(
          '\n',
        ),
      );
      const rates = await loadChfRates(t.database.db);
      expect(rates.toChf(100_000, 'NOK', '2040-01-15')).toEqual({
        chfMinor: 8_000,
        rate: '0.08',
        rateMonth: '2040-01',
      });
      // February has no rate: January's applies.
      expect(rates.toChf(100_000, 'NOK', '2040-02-29')).toEqual({
        chfMinor: 8_000,
        rate: '0.08',
        rateMonth: '2040-01',
      });
      expect(rates.toChf(100_000, 'NOK', '2040-03-01')?.rateMonth).toBe('2040-03');
      expect(rates.toChf(100_000, 'NOK', '2040-12-31')?.rateMonth).toBe('2040-03');
      expect(rates.toChf(100_000, 'NOK', '2045-06-30')).toEqual({
        chfMinor: 10_000,
        rate: '0.1',
        rateMonth: '2041-01',
      });
      expect(rates.toChf(100_000, 'NOK', '2039-12-31')).toBeNull();
      expect(rates.toChf(100_000, 'XAU', '2040-01-01')).toBeNull();
      expect(rates.toChf(12_345, 'CHF', '2040-01-01')).toEqual({
        chfMinor: 12_345,
        rate: '1',
        rateMonth: '2040-01',
      });
    });

    it('rounds half away from zero in integers, respecting the currencies’ decimals', () => {
      const rates = chfRatesOf(
        new Map([
          ['EUR', [{ month: '2026-01', millionths: 941_250n }]],
          ['JPY', [{ month: '2026-01', millionths: 5_700n }]],
        ]),
      );
      // 0.10 EUR × 0.94125 = 0.094125 CHF → 0.09; 0.50 EUR → 0.470625 → 0.47; 2.00 → 1.8825 → 1.88
      expect(rates.toChf(10, 'EUR', '2026-01-31')?.chfMinor).toBe(9);
      expect(rates.toChf(200, 'EUR', '2026-01-31')?.chfMinor).toBe(188);
      // 0.40 EUR × 0.94125 = 0.3765 → 0.38 (half up); a refund of it → -0.38 (half away from zero)
      expect(rates.toChf(40, 'EUR', '2026-01-31')?.chfMinor).toBe(38);
      expect(rates.toChf(-40, 'EUR', '2026-01-31')?.chfMinor).toBe(-38);
      // JPY has no minor unit: ¥1,000 × 0.0057 = CHF 5.70
      expect(rates.toChf(1_000, 'JPY', '2026-01-31')?.chfMinor).toBe(570);
      expect(chfMinorOf(1, 2, 500_000n)).toBe(1); // 0.005 CHF → 0.01
      expect(chfMinorOf(-1, 2, 500_000n)).toBe(-1);
      expect(chfMinorOf(1, 2, 499_999n)).toBe(0);
      // The largest amount at the largest rate stays exact.
      expect(chfMinorOf(1_000_000_000_00, 2, 10_000_000_000n)).toBe(1_000_000_000_000_000);
      expect(() => chfMinorOf(0.5, 2, 1_000_000n)).toThrow(RangeError);
    });
  });
});
