import type { TDunningReport } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { insertMembers, memberRow, signInEditorAndReader } from '../../test/fixtures';
import { addOurAccounts } from '../bank-statements/import/test-support';
import { setClockForTests } from '../lib/clock';
import { runDunning } from './run';

/**
 * Issue 30: dunning on the calendar's edges. Reminder 1 is due 10 days after the due date and
 * reminder 2 30 days after it (20 after reminder 1), counted in Zurich's days: a run at 00:30 on
 * 1 January in Zurich (23:30 on 31 December in UTC) chases for 1 January, and an interval that
 * lands on 29 February lands there, not on 28 February or 1 March.
 */
describe('dunning at the turn of the year and on a leap day, in Zurich', () => {
  let t: TestApp;
  let cookie: string;
  let counter = 0;

  beforeAll(async () => {
    setClockForTests('2026-12-01T12:00:00Z');
    t = await createTestApp();
    await addOurAccounts(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    setClockForTests(null);
  });

  /** Moves the clock, and signs in again: a session lasts 8 hours on the same clock. */
  async function setClockAndSignIn(instant: string) {
    setClockForTests(instant);
    ({ cookie } = await signInEditorAndReader(t, `finance-${++counter}@example.org`, ['finance']));
  }

  async function addOverdueInvoice(dueDate: string) {
    const n = ++counter;
    const mid = `cal-m${n}`;
    await insertMembers(t.database.db, [
      memberRow(mid, { email: `${mid}@example.org`, preferred_language: 'en', country_iso2: null }),
    ]);
    const iid = `cal-i${n}`;
    await t.database.db
      .insertInto('invoices')
      .values({
        iid,
        number: `2026-8${String(n).padStart(5, '0')}`,
        member_mid: mid,
        kind: 'other',
        year: Number(dueDate.slice(0, 4)),
        issue_date: '2026-11-01',
        due_date: dueDate,
        currency: 'CHF',
        subtotal_minor: 30_000,
        total_minor: 30_000,
        status: 'issued',
        bank_account_id: 'acct-chf',
        payment_reference: `RF18CAL${n}`,
      })
      .execute();
    return iid;
  }

  /** GET /api/dunning/preview, with the day (`asOf`) left to the server unless given. */
  async function preview(asOf?: string) {
    const response = await t.app.inject({
      url: asOf ? `/api/dunning/preview?asOf=${asOf}` : '/api/dunning/preview',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TDunningReport>();
  }
  const levelOf = (report: TDunningReport, iid: string) =>
    report.items.find((item) => item.invoiceId === iid)?.level ?? null;

  it('at 00:30 on 1 January in Zurich, the preview and the run chase for 1 January', async () => {
    // Due 22 December: day 10 is 1 January (Zurich's day), only day 9 in UTC (31 December).
    const dueOnTheTenth = await addOverdueInvoice('2026-12-22');
    // Due 23 December: day 9 in Zurich, not yet due on either day.
    const dueOnTheNinth = await addOverdueInvoice('2026-12-23');
    await setClockAndSignIn('2026-12-31T23:30:00Z');

    const report = await preview();
    expect(report.asOf).toBe('2027-01-01');
    expect(levelOf(report, dueOnTheTenth)).toBe(1);
    expect(levelOf(report, dueOnTheNinth)).toBeNull();

    // The nightly job's path: no day given, so the run takes today at headquarters.
    const run = await runDunning(t.database.db, {
      dryRun: false,
      trigger: 'cli',
      operatorUid: null,
      mailFrom: 'office@example.org',
    });
    expect(run.asOf).toBe('2027-01-01');
    const chased = await t.database.db
      .selectFrom('invoices')
      .select(['iid', 'dunning_level', 'dunning_level_on'])
      .where('iid', 'in', [dueOnTheTenth, dueOnTheNinth])
      .orderBy('iid')
      .execute();
    expect(
      chased.map((row) => ({
        iid: row.iid,
        level: row.dunning_level,
        on: row.dunning_level_on === null ? null : String(row.dunning_level_on),
      })),
    ).toEqual([
      { iid: dueOnTheTenth, level: 1, on: '2027-01-01' },
      { iid: dueOnTheNinth, level: 0, on: null },
    ]);
    const runRow = await t.database.db
      .selectFrom('dunning_runs')
      .select('as_of')
      .where('id', '=', run.runId ?? '')
      .executeTakeFirstOrThrow();
    expect(String(runRow.as_of)).toBe('2027-01-01');
  });

  it('an interval that lands on 29 February falls due that day, not the day before or after', async () => {
    // Due 19 February 2028: day 10 is 29 February (2028 is a leap year).
    const iid = await addOverdueInvoice('2028-02-19');
    await setClockAndSignIn('2028-02-29T11:00:00Z');
    expect(levelOf(await preview('2028-02-28'), iid)).toBeNull();
    expect(levelOf(await preview('2028-02-29'), iid)).toBe(1);

    const run = await runDunning(t.database.db, {
      dryRun: false,
      trigger: 'cli',
      operatorUid: null,
      mailFrom: 'office@example.org',
    });
    expect(run.asOf).toBe('2028-02-29');
    // Reminder 2: 20 days after reminder 1 on 29 February is 20 March (February has 29 days).
    expect(levelOf(await preview('2028-03-19'), iid)).toBeNull();
    expect(levelOf(await preview('2028-03-20'), iid)).toBe(2);
  });
});
