import { ageingBuckets, reportNames, type TReport, type TReportRow } from '@ops/contract/reports';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewUser, type TestApp } from '../../test/app';
import { insertMembers, memberRow, signInOperators } from '../../test/fixtures';
import { csvExport } from '../../test/lists';
import { apiAs, expectForbidden, expectInvalid, type OperatorApi } from '../../test/requests';
import { insertInvoice } from '../invoices/pdf-test-support';
import { todayAtHeadquarters } from '../lib/dates';
import { newId } from '../lib/ids';
import { creditNote, pay, reverse } from '../ledger/ledger-test-support';
import { loadCountries } from '../seed/countries';
import { addDays } from './periods';

/** Sums a column of rows, per the value of another (e.g. amounts per currency). */
function sumBy(rows: TReportRow[], key: string, by: string): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const row of rows) {
    const group = String(row[by]);
    sums[group] = (sums[group] ?? 0) + Number(row[key] ?? 0);
  }
  return sums;
}

/** The sums that are not zero (a currency with rows but none of this figure drops out). */
function nonZero(sums: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(sums).filter(([, value]) => value !== 0));
}

describe('GET /api/reports/:name', () => {
  let t: TestApp;
  let api: OperatorApi;
  let financeCookie: string;
  let readOnlyCookie: string;
  let membershipCookie: string;
  let userCookie: string;
  const today = todayAtHeadquarters();
  const year = Number(today.slice(0, 4));
  /** Days before today: every booking is in the past, whatever the hour the tests run. */
  const ago = (days: number) => addDays(today, -days);

  const report = async (url: string, cookie?: string) => {
    const answer = await api.get<TReport>(url, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    const { cookies } = await signInOperators(t, {
      finance: ['finance'],
      reader: ['read-only'],
      registrar: ['membership'],
    });
    ({ finance: financeCookie, reader: readOnlyCookie, registrar: membershipCookie } = cookies);
    api = apiAs(t, financeCookie);
    userCookie = await signInAsNewUser(t, 'member@example.org');
    const db = t.database.db;

    // Members in three regions and every category, a suspended and an honorary one, leavers and
    // a deleted member (counted nowhere).
    await insertMembers(db, [
      memberRow('ch-ind', { joined_on: '2020-03-01' }),
      memberRow('ch-ind-2', { joined_on: `${year}-01-01` }),
      memberRow('ch-susp', { joined_on: '2021-06-15' }),
      memberRow('de-assoc', {
        category: 'association',
        country_iso2: 'DE',
        joined_on: '2023-05-10',
      }),
      memberRow('fr-hon', {
        category: 'honorary',
        country_iso2: 'FR',
        joined_on: '2019-01-01',
        legal_name: '=HYPERLINK("http://evil.example")',
      }),
      memberRow('us-ind', { country_iso2: 'US', joined_on: ago(10) }),
      memberRow('ch-resigned', {
        status: 'resigned',
        joined_on: '2018-02-01',
        terminated_on: ago(3),
      }),
      memberRow('jp-terminated', {
        status: 'terminated',
        country_iso2: 'JP',
        joined_on: '2017-02-01',
        terminated_on: `${year - 1}-06-30`,
      }),
      memberRow('ch-deleted', { joined_on: '2020-01-01', deleted_at: new Date() }),
      memberRow('ch-future', { joined_on: addDays(today, 30) }),
    ]);
    // A suspension as the dunning run or an operator makes it: an update the summary sees.
    await db
      .updateTable('members')
      .set({ status: 'suspended' })
      .where('mid', '=', 'ch-susp')
      .execute();

    // Invoices in three currencies: a partial payment, a credit note, a short payment written
    // off as bank charges, a payment reversed, and open balances in every bucket.
    const invoice = (mid: string, currency: string, issued: number, due: number, kind = 'other') =>
      insertInvoice(db, {
        member_mid: mid,
        currency,
        kind: kind as 'other',
        year,
        issue_date: ago(issued),
        due_date: addDays(today, -due),
      });
    const a = await invoice('ch-ind', 'CHF', 60, 40); // 31–60 days
    await pay(db, a.iid, 50_000, ago(20));
    const b = await invoice('de-assoc', 'EUR', 100, 95); // over 90 days
    await creditNote(db, b.iid, 27_500, ago(50), 'CN-TEST-000001');
    const c = await invoice('us-ind', 'USD', 5, -25, 'membership'); // paid, 5.00 written off
    await pay(db, c.iid, 127_000, ago(2));
    const d = await invoice('ch-susp', 'CHF', 20, 10); // 1–30 days, its payment reversed
    const wrong = await pay(db, d.iid, 10_000, ago(5));
    await reverse(db, wrong.movement.id);
    await invoice('fr-hon', 'CHF', 80, 70, 'membership'); // 61–90 days
    await invoice('ch-ind-2', 'EUR', 3, -27, 'membership'); // not yet due
    await insertInvoice(db, {
      member_mid: 'ch-ind',
      currency: 'CHF',
      status: 'draft',
      issue_date: null,
      due_date: null,
    });

    // A rate for EUR from long ago (it carries forward), none for USD.
    await db
      .insertInto('exchange_rates')
      .values({
        currency: 'EUR',
        month: `${year - 2}-01-01`,
        chf_per_unit: '0.95',
        source: 'entered',
      })
      .execute();

    const certificate = (mid: string, type: string, issuedAt: Date | null) => ({
      cid: newId(),
      number: `C-${newId().slice(0, 8)}`,
      member_mid: mid,
      type: type as 'membership',
      year,
      valid_from: `${year}-01-01`,
      valid_to: `${year}-12-31`,
      status: issuedAt ? ('issued' as const) : ('pending' as const),
      issued_at: issuedAt,
      verification_code: newId(),
    });
    await db
      .insertInto('certificates')
      .values([
        certificate('ch-ind', 'membership', new Date(`${ago(30)}T10:00:00Z`)),
        certificate('de-assoc', 'diploma', new Date(`${ago(30)}T10:00:00Z`)),
        certificate('ch-ind', 'document-licence', new Date(`${year - 1}-03-01T10:00:00Z`)),
        certificate('fr-hon', 'membership', null),
      ])
      .execute();

    const email = (state: string, deliveries: number, day: string) => ({
      eid: newId(),
      to_addresses: ['someone@example.org'],
      from_address: 'ops@example.org',
      subject: 'Hello',
      kind: 'test',
      state: state as 'SUCCESS',
      delivery_count: deliveries,
      created_at: new Date(`${day}T10:00:00Z`),
    });
    await db
      .insertInto('emails')
      .values([
        email('SUCCESS', 1, ago(1)),
        email('SUCCESS', 3, ago(1)),
        email('ERROR', 5, ago(1)),
        email('PENDING', 0, ago(1)),
      ])
      .execute();

    const application = (
      status: string,
      submittedDaysAgo: number,
      decidedAfter: number | null,
      fields: Record<string, unknown> = {},
    ) => {
      const submitted = new Date(`${ago(submittedDaysAgo)}T09:00:00Z`);
      return {
        aid: newId(),
        number: `APP-${newId().slice(0, 8)}`,
        category: 'individual' as const,
        status: status as 'approved',
        legal_name: 'Applicant AG',
        country_iso2: 'CH',
        submitted_at: submitted,
        decided_at:
          decidedAfter === null ? null : new Date(submitted.getTime() + decidedAfter * 86_400_000),
        ...fields,
      };
    };
    const endorsedThenApproved = application('approved', 40, 6);
    await db
      .insertInto('applications')
      .values([
        endorsedThenApproved,
        application('approved', 40, 10),
        application('rejected', 40, 3),
        application('endorsed', 40, null), // imported: no trail, the status says it
        application('submitted', 40, null, { country_iso2: 'DE', category: 'association' }),
        application('approved', 800, 5), // before the period
        application('submitted', 40, null, { deleted_at: new Date() }),
      ])
      .execute();
    await db
      .insertInto('audit_log')
      .values({
        at: new Date(endorsedThenApproved.submitted_at.getTime() + 2 * 86_400_000),
        actor_uid: null,
        actor_kind: 'system',
        table_name: 'applications',
        record_id: endorsedThenApproved.aid,
        action: 'record-endorsement',
        before: JSON.stringify({ status: 'awaiting-endorsement' }),
        after: JSON.stringify({ status: 'endorsed' }),
      })
      .execute();
  });
  afterAll(() => t.close());

  it('answers every report with its columns, each row keyed by them', async () => {
    for (const name of reportNames) {
      const body = await report(`/api/reports/${name}`);
      expect(body.name).toBe(name);
      expect(body.columns.length, name).toBeGreaterThan(1);
      const keys = body.columns.map((column) => column.key).sort();
      for (const row of body.rows) expect(Object.keys(row).sort(), name).toEqual(keys);
      for (const column of body.columns.filter((each) => each.currencyKey)) {
        expect(keys, `${name}: ${column.key}'s currency`).toContain(column.currencyKey);
      }
      expect(body.filters.to).toBe(today);
      expect(Date.parse(body.generatedAt)).not.toBeNaN();
      expect(Date.parse(body.asOf)).not.toBeNaN();
    }
  });

  it('refuses visitors, non-operators, and finance reports to operators without the role', async () => {
    expect((await t.app.inject({ url: '/api/reports/growth' })).statusCode).toBe(401);
    expectForbidden(await api.get('/api/reports/growth', userCookie));
    for (const name of [
      'revenue',
      'receivables-ageing',
      'receivables-by-member',
      'renewal-progress',
    ]) {
      expectForbidden(await api.get(`/api/reports/${name}`, readOnlyCookie), 'reports.finance');
      expectForbidden(await api.get(`/api/reports/${name}?format=csv`, membershipCookie));
    }
    for (const name of ['growth', 'membership-by-region', 'applications-funnel', 'certificates']) {
      expect((await api.get(`/api/reports/${name}`, readOnlyCookie)).status, name).toBe(200);
    }
  });

  it('refuses bad filters with a 400 naming the field', async () => {
    expectInvalid(
      await api.get('/api/reports/growth?region=mars'),
      'query.region.0',
      'invalid_value',
    );
    expectInvalid(await api.get('/api/reports/growth?from=2026-02-30'), 'query.from', 'custom');
    expectInvalid(await api.get('/api/reports/growth?to=24.11.2026'), 'query.to');
    expectInvalid(await api.get('/api/reports/sales'), 'params.name', 'invalid_value');
    expectInvalid(await api.get('/api/reports/growth?country=ZZ'), 'query.country', 'country');
    expectInvalid(await api.get('/api/reports/growth?country=CH,ch'), 'query.country.1');
    expectInvalid(await api.get('/api/reports/growth?region=europe,mars'), 'query.region.1');
    expectInvalid(await api.get('/api/reports/revenue?currency=GBP'), 'query.currency.0');
    expectInvalid(
      await api.get('/api/reports/growth?from=2026-05-01&to=2026-04-30'),
      'query.from',
      'order',
    );
    expectInvalid(await api.get('/api/reports/growth?from=0000-01-01'), 'query.from', 'too_small');
    expectInvalid(await api.get('/api/reports/growth?from=1900-01-01'), 'query.from', 'too_big');
    expectInvalid(
      await api.get('/api/reports/membership-by-region?by=month'),
      'query.by',
      'invalid_value',
    );
    expectInvalid(await api.get('/api/reports/revenue?format=pdf'), 'query.format');
  });

  it('lists the filters a report cannot apply, and applies none of them', async () => {
    const emails = await report('/api/reports/email-delivery?region=europe&currency=CHF&by=month');
    expect(emails.ignoredFilters.sort()).toEqual(['by', 'currency', 'region']);
    expect(emails.filters).toMatchObject({ region: [], currency: [], by: null });
    const ageing = await report(`/api/reports/receivables-ageing?from=${year}-01-01&to=${ago(1)}`);
    expect(ageing.ignoredFilters.sort()).toEqual(['from', 'to']);
    expect(ageing.filters).toMatchObject({ from: null, to: today });
    const renewal = await report(`/api/reports/renewal-progress?from=${year}-01-01`);
    expect(renewal.ignoredFilters).toEqual(['from']);
    expect((await report('/api/reports/growth')).ignoredFilters).toEqual([]);
  });

  it('ageing: one row per currency and bucket, totals equal the open balances of issued invoices', async () => {
    const body = await report('/api/reports/receivables-ageing');
    expect(body.rows.map((row) => `${row.currency} ${row.bucket}`)).toEqual(
      ['CHF', 'EUR'].flatMap((currency) => ageingBuckets.map((bucket) => `${currency} ${bucket}`)),
    );
    const { rows: open } = await sql<{ currency: string; balance: string; invoices: string }>`
      SELECT currency::text AS currency, sum(balance_minor) AS balance, count(*) AS invoices
        FROM invoices WHERE status = 'issued' GROUP BY 1`.execute(t.database.db);
    expect(sumBy(body.rows, 'amountMinor', 'currency')).toEqual(
      Object.fromEntries(open.map((row) => [row.currency, Number(row.balance)])),
    );
    expect(sumBy(body.rows, 'invoices', 'currency')).toEqual(
      Object.fromEntries(open.map((row) => [row.currency, Number(row.invoices)])),
    );
    const cell = (currency: string, bucket: string) =>
      body.rows.find((row) => row.currency === currency && row.bucket === bucket);
    // 1,275.00 less the partial 500.00; the reversed payment leaves 1,275.00 open.
    expect(cell('CHF', '31-60')).toMatchObject({ invoices: 1, amountMinor: 77_500 });
    expect(cell('CHF', '1-30')).toMatchObject({ invoices: 1, amountMinor: 127_500 });
    expect(cell('CHF', '61-90')).toMatchObject({ invoices: 1, amountMinor: 127_500 });
    expect(cell('CHF', 'current')).toMatchObject({ invoices: 0, amountMinor: 0, chfMinor: 0 });
    // The credit note of 275.00 took the balance to 1,000.00; EUR at 0.95 CHF.
    expect(cell('EUR', '90+')).toMatchObject({
      invoices: 1,
      amountMinor: 100_000,
      chfMinor: 95_000,
    });
    expect(cell('EUR', '90+')?.rateMonth).toBe(`${year - 2}-01`);

    const swiss = await report('/api/reports/receivables-ageing?country=CH&category=honorary');
    expect(swiss.rows).toEqual([]);
    const honorary = await report('/api/reports/receivables-ageing?category=honorary');
    expect(sumBy(honorary.rows, 'amountMinor', 'currency')).toEqual({ CHF: 127_500 });
  });

  it('receivables by member: one row per member and currency, oldest first, adding up to the ageing', async () => {
    const body = await report('/api/reports/receivables-by-member');
    expect(body.rows.map((row) => [row.mid, row.currency])).toEqual([
      ['de-assoc', 'EUR'],
      ['fr-hon', 'CHF'],
      ['ch-ind', 'CHF'],
      ['ch-susp', 'CHF'],
      ['ch-ind-2', 'EUR'],
    ]);
    expect(body.rows[0]).toMatchObject({
      memberNumber: 'M-de-assoc',
      over90Minor: 100_000,
      totalMinor: 100_000,
      openInvoices: 1,
      oldestDueDate: ago(95),
      daysPastDue: 95,
    });
    expect(body.rows[0]?.oldestInvoiceNumber).toMatch(/^2026-/);
    const ageing = await report('/api/reports/receivables-ageing');
    expect(sumBy(body.rows, 'totalMinor', 'currency')).toEqual(
      sumBy(ageing.rows, 'amountMinor', 'currency'),
    );
    const europe = await report('/api/reports/receivables-by-member?region=europe&currency=EUR');
    expect(europe.rows.map((row) => row.mid)).toEqual(['de-assoc', 'ch-ind-2']);
    expect(europe.notes).toEqual([]);
  });

  it('revenue: collected equals the payments less their reversals in the period, per currency', async () => {
    const body = await report('/api/reports/revenue');
    const { from, to } = body.filters;
    const { rows: payments } = await sql<{ currency: string; amount: string }>`
      SELECT m.currency::text AS currency,
             sum(CASE WHEN m.kind = 'reversal' THEN -m.amount_minor ELSE m.amount_minor END) AS amount
        FROM money_movements m LEFT JOIN money_movements r ON r.id = m.reverses_id
       WHERE (m.kind = 'payment' OR r.kind = 'payment')
         AND m.booked_on BETWEEN ${from}::date AND ${to}::date
       GROUP BY 1`.execute(t.database.db);
    expect(nonZero(sumBy(body.rows, 'collectedMinor', 'currency'))).toEqual(
      nonZero(Object.fromEntries(payments.map((row) => [row.currency, Number(row.amount)]))),
    );
    expect(nonZero(sumBy(body.rows, 'collectedMinor', 'currency'))).toEqual({
      CHF: 50_000,
      USD: 127_000,
    });
    expect(sumBy(body.rows, 'creditedMinor', 'currency')).toMatchObject({ EUR: 27_500 });
    expect(sumBy(body.rows, 'writtenOffMinor', 'currency')).toMatchObject({ USD: 500 });
    expect(sumBy(body.rows, 'invoicedMinor', 'currency')).toEqual({
      CHF: 3 * 127_500,
      EUR: 2 * 127_500,
      USD: 127_500,
    });
    // Every month of the period, for each currency with money in it.
    const months = new Set(body.rows.map((row) => row.month));
    expect(months.size).toBe(12 + Number(today.slice(5, 7)));
    expect(body.rows).toHaveLength(months.size * 3);
    // CHF equivalents: CHF is itself, EUR at its rate, USD has no rate (empty, and a note).
    const chf = sumBy(body.rows, 'collectedChfMinor', 'currency');
    expect(chf.CHF).toBe(50_000);
    expect(sumBy(body.rows, 'creditedChfMinor', 'currency').EUR).toBe(26_125);
    const usd = body.rows.filter((row) => row.currency === 'USD' && row.collectedMinor !== 0);
    expect(usd.map((row) => row.collectedChfMinor)).toEqual([null]);
    expect(body.notes.join(' ')).toMatch(/No exchange rate for USD in \w{3} \d{4}/);

    // A year is the sum of its months, in CHF too.
    const byYear = await report('/api/reports/revenue?by=year');
    expect(byYear.rows.map((row) => `${row.year} ${row.currency}`)).toEqual([
      `${year - 1} CHF`,
      `${year} CHF`,
      `${year - 1} EUR`,
      `${year} EUR`,
      `${year - 1} USD`,
      `${year} USD`,
    ]);
    expect(sumBy(byYear.rows, 'invoicedChfMinor', 'currency').EUR).toBe(
      sumBy(body.rows, 'invoicedChfMinor', 'currency').EUR,
    );
    expect(byYear.columns.map((column) => column.key)).not.toContain('rate');

    const onlyUs = await report('/api/reports/revenue?region=americas&currency=USD,EUR');
    expect(sumBy(onlyUs.rows, 'collectedMinor', 'currency')).toEqual({ USD: 127_000 });
  });

  it('membership: the count of this year equals the members list with the same filters', async () => {
    const direct = async (region: string | null, category: string | null) => {
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
         WHERE m.deleted_at IS NULL AND m.joined_on <= ${today}::date
           AND NOT coalesce(m.terminated_on <= ${today}::date, false)
           AND (${region}::text IS NULL OR c.region = ${region})
           AND (${category}::text IS NULL OR m.category = ${category})`.execute(t.database.db);
      return Number(rows[0]?.n);
    };
    const thisYear = (body: TReport) =>
      body.rows.filter((row) => row.year === year).reduce((n, row) => n + Number(row.members), 0);

    const filtered = await report(
      '/api/reports/membership-by-region?region=europe&category=individual',
    );
    expect(thisYear(filtered)).toBe(await direct('europe', 'individual'));
    expect(thisYear(filtered)).toBe(3); // ch-ind, ch-ind-2, and ch-susp (suspended is a member)
    const all = await report('/api/reports/membership-by-region');
    expect(thisYear(all)).toBe(await direct(null, null));
    expect(all.rows.find((row) => row.year === year && row.region === 'europe')).toMatchObject({
      members: 5,
      on: today,
    });
    const honorary = await report('/api/reports/membership-by-region?by=category');
    expect(
      honorary.rows.find((row) => row.year === year && row.category === 'honorary'),
    ).toMatchObject({ members: 1 });
    // Last year: the terminated member still counted until 30 June, gone by 31 December.
    expect(
      all.rows.find((row) => row.year === year - 1 && row.region === 'asia-pacific'),
    ).toMatchObject({ members: 0, on: `${year - 1}-12-31` });
    const byCountry = await report('/api/reports/membership-by-region?by=country&country=DE,FR');
    expect(byCountry.rows.filter((row) => row.year === year)).toEqual([
      { year, country: 'DE', countryName: 'Germany', members: 1, on: today },
      { year, country: 'FR', countryName: 'France', members: 1, on: today },
    ]);
  });

  it('growth: joins, leavers and suspensions per month', async () => {
    const body = await report(`/api/reports/growth?from=${year - 1}-01-01`);
    expect(body.rows[0]?.month).toBe(`${year - 1}-01`);
    const total = (key: string) => body.rows.reduce((n, row) => n + Number(row[key]), 0);
    expect(total('joins')).toBe(2); // ch-ind-2 and us-ind (the future member joins later)
    expect(total('resignations')).toBe(1);
    expect(total('terminations')).toBe(1);
    expect(total('suspensions')).toBe(1);
    const thisMonth = body.rows.at(-1);
    expect(thisMonth).toMatchObject({ month: today.slice(0, 7), suspensions: 1 });
    expect(thisMonth?.net).toBe(
      Number(thisMonth?.joins) - Number(thisMonth?.resignations) - Number(thisMonth?.terminations),
    );
    const americas = await report(`/api/reports/growth?from=${year - 1}-01-01&region=americas`);
    expect(americas.rows.reduce((n, row) => n + Number(row.joins), 0)).toBe(1);
  });

  it('renewal progress: issued and paid so far per day, this year against the two before', async () => {
    const body = await report('/api/reports/renewal-progress?currency=USD,CHF');
    const years = [...new Set(body.rows.map((row) => row.year))];
    expect(years).toEqual([year - 2, year - 1, year]);
    const last = body.rows.at(-1);
    expect(last).toMatchObject({ year, day: today, issued: 2, paid: 1, paidShare: 50 });
    // CHF at face value; USD has no rate, so the CHF total of paid is unknown.
    expect(last?.paidChfMinor).toBeNull();
    // Issued by 1 January: this year's USD and CHF renewals issued on or before it (us-ind 5
    // days ago, paid 2 days ago; fr-hon 80 days ago, so in December before 21 March). Written
    // for any day: the figure was once 0, which held from late March to December only (issue 30).
    const byNewYear = (days: number) => ago(days) <= `${year}-01-01`;
    const issuedByNewYear = [5, 80].filter(byNewYear).length;
    const paidByNewYear = byNewYear(5) && byNewYear(2) ? 1 : 0;
    expect(body.rows.find((row) => row.year === year && row.day === `${year}-01-01`)).toMatchObject(
      {
        dayOfYear: 1,
        issued: issuedByNewYear,
        paidShare: issuedByNewYear ? Math.round((100 * paidByNewYear) / issuedByNewYear) : null,
      },
    );
    const chfOnly = await report('/api/reports/renewal-progress?currency=CHF');
    expect(chfOnly.rows.at(-1)).toMatchObject({ issued: 1, issuedChfMinor: 127_500, paid: 0 });
    expect(chfOnly.notes).toEqual([]);
  });

  it('applications funnel: steps, shares and median days', async () => {
    const body = await report('/api/reports/applications-funnel?region=europe&category=individual');
    expect(body.rows).toEqual([
      { step: 'submitted', applications: 4, share: 100, medianDays: null },
      { step: 'endorsed', applications: 2, share: 50, medianDays: 2 },
      { step: 'approved', applications: 2, share: 50, medianDays: 7 },
      { step: 'rejected', applications: 1, share: 25, medianDays: 3 },
    ]);
    const all = await report('/api/reports/applications-funnel');
    expect(all.rows[0]).toMatchObject({ applications: 5 });
  });

  it('certificates per year and type, e-mails per week', async () => {
    const body = await report(`/api/reports/certificates?from=${year - 1}-01-01`);
    expect(body.rows).toHaveLength(6);
    // Every certificate issued, by the day at headquarters (the paid USD renewal issued one too).
    const { rows: issued } = await sql<{ year: number; type: string; n: string }>`
      SELECT extract(year FROM issued_at AT TIME ZONE 'Europe/Zurich')::int AS year, type,
             count(*) AS n
        FROM certificates WHERE issued_at IS NOT NULL GROUP BY 1, 2`.execute(t.database.db);
    expect(body.rows.filter((row) => row.issued !== 0)).toEqual(
      expect.arrayContaining(
        issued.map((row) => ({ year: row.year, type: row.type, issued: Number(row.n) })),
      ),
    );
    expect(body.rows.reduce((n, row) => n + Number(row.issued), 0)).toBe(4);
    const swiss = await report(`/api/reports/certificates?from=${year - 1}-01-01&country=CH`);
    expect(swiss.rows.reduce((n, row) => n + Number(row.issued), 0)).toBe(2);

    const emails = await report('/api/reports/email-delivery');
    expect(emails.rows).toHaveLength(12);
    const totals = ['sent', 'failed', 'retried'].map((key) =>
      emails.rows.reduce((n, row) => n + Number(row[key]), 0),
    );
    expect(totals).toEqual([2, 1, 2]);
    expect(emails.rows.every((row) => new Date(`${row.week}T00:00:00Z`).getUTCDay() === 1)).toBe(
      true,
    );
  });

  it('exports CSV with the header, one line per row, money in major units and text made safe', async () => {
    const lines = await csvExport(
      t,
      '/api/reports/receivables-by-member?format=csv',
      financeCookie,
      'receivables-by-member-',
    );
    expect(lines[0]).toBe(
      'Member number,Member,Member id,Currency,Not yet due,1–30 days,31–60 days,61–90 days,Over 90 days,Total open,Open invoices,Oldest invoice,Oldest invoice id,Oldest due date,Days past due',
    );
    expect(lines).toHaveLength(6);
    expect(lines[1]).toMatch(
      /^M-de-assoc,Company de-assoc,de-assoc,EUR,0\.00,0\.00,0\.00,0\.00,1000\.00,1000\.00,1,/,
    );
    // A name that a spreadsheet would run as a formula is written as text.
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const response = await t.app.inject({
      url: '/api/reports/growth?format=csv',
      headers: { cookie: financeCookie },
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="growth-${today}.csv"`,
    );
    expect(response.body.startsWith('\uFEFFMonth,Joined,')).toBe(true);
  });

  it('exports XLSX with typed cells and the same totals, and an About sheet', async () => {
    const json = await report('/api/reports/revenue');
    const response = await t.app.inject({
      url: '/api/reports/revenue?format=xlsx',
      headers: { cookie: financeCookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="revenue-${today}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    const bytes = response.rawPayload;
    // exceljs types its input as an ArrayBuffer (its own `Buffer`): the file's bytes as one.
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const [sheet, about] = workbook.worksheets;
    if (!sheet || !about) throw new Error('Two sheets expected');
    expect(sheet.name).toBe('Revenue');
    expect(about.name).toBe('About');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).value).toBe('Month');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(json.rows.length + 1);

    const column = (key: string) => json.columns.findIndex((each) => each.key === key) + 1;
    const first = sheet.getRow(2);
    expect(first.getCell(column('month')).value).toBeInstanceOf(Date);
    expect(first.getCell(column('month')).numFmt).toBe('yyyy-mm');
    expect((first.getCell(column('month')).value as Date).toISOString()).toBe(
      `${json.rows[0]?.month}-01T00:00:00.000Z`,
    );
    expect(typeof first.getCell(column('collectedMinor')).value).toBe('number');
    expect(first.getCell(column('collectedMinor')).numFmt).toBe('#,##0.00 "CHF"');

    // The same totals, per currency, in major units.
    const totals: Record<string, number> = {};
    sheet.eachRow((row, index) => {
      if (index === 1) return;
      const currency = String(row.getCell(column('currency')).value);
      const cell = row.getCell(column('invoicedMinor'));
      if (currency === 'EUR') expect(cell.numFmt).toBe('#,##0.00 "EUR"');
      totals[currency] = (totals[currency] ?? 0) + Number(cell.value);
    });
    const expected = sumBy(json.rows, 'invoicedMinor', 'currency');
    for (const [currency, minor] of Object.entries(expected)) {
      expect(totals[currency]).toBeCloseTo(minor / 100, 6);
    }
    const aboutText = about.getSheetValues().flat().map(String).join('\n');
    expect(aboutText).toContain('Invoiced, collected, credited and written off');
    expect(aboutText).toContain('No exchange rate for USD');
  });
});
