import type { TReport } from '@ops/contract/reports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { insertMembers, memberRow } from '../../test/fixtures';
import { insertInvoice } from '../invoices/pdf-test-support';
import { pay, payAt } from '../ledger/ledger-test-support';
import { setClockForTests } from '../lib/clock';
import { loadCountries } from '../seed/countries';

/**
 * Issue 30: the reports' "this year", their default periods, renewal progress against the same
 * day of the years before, and the dashboard's overdue count, at the instants where headquarters'
 * day and UTC's differ (00:30 on 1 January in Zurich is still 31 December in UTC) and on a leap
 * day (whose "same day" in a year without one is 28 February).
 */
describe('reports and the dashboard at the edges of the calendar, in Zurich', () => {
  let t: TestApp;

  beforeAll(async () => {
    setClockForTests('2026-11-20T10:00:00Z');
    t = await createTestApp();
    await loadCountries(t.database.pool);
    const db = t.database.db;
    await insertMembers(db, [
      memberRow('renews-early', { joined_on: '2020-03-01' }),
      memberRow('renews-late', { joined_on: '2021-05-01' }),
      memberRow('owes-december', { joined_on: '2022-02-01' }),
    ]);
    // The renewal of 2027, prepared and issued in December 2026; one paid at 00:10 on 1 January.
    const renewal = (mid: string, year: number, issued: string, due: string) =>
      insertInvoice(db, {
        member_mid: mid,
        currency: 'CHF',
        kind: 'membership',
        year,
        issue_date: issued,
        due_date: due,
      });
    await renewal('renews-early', 2027, '2026-12-15', '2027-01-14');
    const paidOnNewYear = await renewal('renews-late', 2027, '2026-12-15', '2027-01-14');
    setClockForTests('2026-12-31T23:20:00Z');
    await payAt(db, paidOnNewYear.iid, 127_500, new Date('2026-12-31T23:10:00Z')); // 00:10 in Zurich
    // The renewals of 2026 and 2025, issued on 6 January, paid in February.
    for (const year of [2025, 2026]) {
      const invoice = await renewal('renews-early', year, `${year}-01-06`, `${year}-02-05`);
      await pay(db, invoice.iid, 127_500, `${year}-02-10`);
    }
    // Due on the last day of the year: overdue from 1 January in Zurich.
    await insertInvoice(db, {
      member_mid: 'owes-december',
      currency: 'CHF',
      kind: 'other',
      year: 2026,
      issue_date: '2026-12-01',
      due_date: '2026-12-31',
    });
  });
  afterAll(async () => {
    await t.close();
    setClockForTests(null);
  });

  /** A finance operator's report (signed in at the clock's instant: sessions follow it). */
  const report = async (url: string) => {
    const cookie = await signInAsNewOperator(t, `finance-${Math.random()}@example.org`, [
      'finance',
    ]);
    const answer = await t.app.inject({ url, headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TReport>();
  };
  const overdueInvoices = async () => {
    const cookie = await signInAsNewOperator(t, `home-${Math.random()}@example.org`, ['finance']);
    const answer = await t.app.inject({ url: '/api/home/overview', headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ overdueInvoices: number }>().overdueInvoices;
  };

  it('at 23:30 on 31 December in Zurich, it is still the old year everywhere', async () => {
    setClockForTests('2026-12-31T22:30:00Z');
    const progress = await report('/api/reports/renewal-progress');
    expect(progress.filters.to).toBe('2026-12-31');
    expect([...new Set(progress.rows.map((row) => row.year))]).toEqual([2024, 2025, 2026]);
    expect(await overdueInvoices()).toBe(0);
  });

  it('at 00:30 on 1 January in Zurich (31 December in UTC), "this year" is the new one', async () => {
    setClockForTests('2026-12-31T23:30:00Z');
    const progress = await report('/api/reports/renewal-progress');
    expect(progress.filters.to).toBe('2027-01-01');
    expect([...new Set(progress.rows.map((row) => row.year))]).toEqual([2025, 2026, 2027]);
    // This year's renewal issued in December counts from 1 January; one paid that night.
    expect(progress.rows.filter((row) => row.year === 2027)).toEqual([
      expect.objectContaining({
        day: '2027-01-01',
        dayOfYear: 1,
        issued: 2,
        paid: 1,
        paidShare: 50,
      }),
    ]);
    // Last year and the year before, up to the same day: 1 January, nothing issued yet.
    for (const year of [2025, 2026]) {
      const rows = progress.rows.filter((row) => row.year === year);
      expect(rows.at(-1)).toMatchObject({ day: `${year}-01-01`, dayOfYear: 1, issued: 0 });
    }
    // Default periods end today at headquarters and start from its year.
    expect((await report('/api/reports/revenue')).filters).toMatchObject({
      from: '2026-01-01',
      to: '2027-01-01',
    });
    expect((await report('/api/reports/membership-by-region')).filters).toMatchObject({
      from: '2023-01-01',
      to: '2027-01-01',
    });
    expect((await report('/api/reports/growth')).filters).toMatchObject({
      from: '2026-02-01',
      to: '2027-01-01',
    });
    // Due on 31 December: overdue on the dashboard now (by UTC's day it would not be yet).
    expect(await overdueInvoices()).toBe(1);
  });

  it('on 29 February, the years before compare up to 28 February', async () => {
    setClockForTests('2028-02-29T11:00:00Z');
    const progress = await report('/api/reports/renewal-progress');
    expect(progress.filters.to).toBe('2028-02-29');
    const lastOf = (year: number) => progress.rows.filter((row) => row.year === year).at(-1);
    expect(lastOf(2026)).toMatchObject({ day: '2026-02-28', dayOfYear: 59, issued: 1, paid: 1 });
    expect(lastOf(2027)).toMatchObject({ day: '2027-02-28', dayOfYear: 59, issued: 2, paid: 1 });
    expect(lastOf(2028)).toMatchObject({ day: '2028-02-29', dayOfYear: 60, issued: 0 });
    expect((await report('/api/reports/certificates')).filters).toMatchObject({
      from: '2024-01-01',
      to: '2028-02-29',
    });
  });
});
