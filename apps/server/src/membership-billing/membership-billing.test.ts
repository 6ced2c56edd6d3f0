import type {
  TMembershipBillingResult,
  TMembershipBillingSettings,
} from '@ops/contract/membership-billing';
import type { TFirstInvoicePlan } from '@ops/contract/membership-billing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { expectInvalid } from '../../test/requests';
import { addApplicant, addApplication, addDefaultChfAccount } from '../applications/test-fixtures';
import { setClockForTests } from '../lib/clock';
import { loadCountries } from '../seed/countries';

/**
 * Issue 32: how an approval bills a new member's first year. Approved on 2 December, a member
 * used to be billed the whole year, due on 1 January; now the federation's rule decides, the
 * approve dialog's plan says what it will be, and the approval issues exactly that.
 */
describe('the first-year billing rule', () => {
  let t: TestApp;
  let finance: string;
  let membership: string;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    finance = await signInAsNewOperator(t, 'billing-finance@example.org', ['finance']);
    membership = await signInAsNewOperator(t, 'billing-membership@example.org', ['membership']);
    reader = await signInAsNewOperator(t, 'billing-reader@example.org', ['read-only']);
    await addDefaultChfAccount(t.database.db, 'chf-billing');
  });
  afterEach(() => setClockForTests(null));
  afterAll(() => t.close());

  const settings = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/settings/membership-billing',
        headers: { cookie: reader },
      })
    ).json<TMembershipBillingSettings>();

  const save = (body: Record<string, unknown>, cookie = finance) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/settings/membership-billing',
      headers: { cookie },
      payload: body,
    });

  async function useRule(firstYearRule: string, cutoffMonth = 10) {
    const { version } = await settings();
    const response = await save({ firstYearRule, cutoffMonth, version });
    expect(response.statusCode, response.body).toBe(200);
  }

  /**
   * An application approved on `day` (09:00 in Zurich): its plan, then its first invoice. The
   * operators sign in on that day: a session from the real day may have expired by then.
   */
  async function approveOn(day: string) {
    setClockForTests(`${day}T08:00:00Z`);
    const suffix = `${day}-${Math.random().toString(36).slice(2, 8)}`;
    const membership = await signInAsNewOperator(t, `approver-${suffix}@example.org`, [
      'membership',
    ]);
    const reader = await signInAsNewOperator(t, `planner-${suffix}@example.org`, ['read-only']);
    const db = t.database.db;
    const uid = await addApplicant(db, `applicant-${day}-${Math.random()}@example.org`);
    const application = await addApplication(db, { submitted_by_uid: uid });
    const planned = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${application.aid}/first-invoice`,
      headers: { cookie: reader },
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${application.aid}/actions`,
      headers: { cookie: membership },
      payload: { action: 'approve', version: 1 },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const { invoice } = approved.json<{ invoice: { iid: string } }>();
    const row = await db
      .selectFrom('invoices')
      .select(['number', 'year', 'total_minor', 'issue_date', 'due_date', 'lines'])
      .where('iid', '=', invoice.iid)
      .executeTakeFirstOrThrow();
    const lines = (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as {
      description: string;
    }[];
    return {
      plan: planned.json<TFirstInvoicePlan>(),
      invoice: { ...row, total_minor: Number(row.total_minor), line: lines[0]?.description },
      message: approved.json<{ message: string }>().message,
    };
  }

  it('defaults to next year in full for approvals from 1 October, and bills 2 December so', async () => {
    expect(await settings()).toMatchObject({
      firstYearRule: 'next-year-from-cutoff',
      cutoffMonth: 10,
      version: 1,
    });
    const { plan, invoice, message } = await approveOn('2026-12-02');
    expect(plan).toEqual({
      year: 2027,
      months: 12,
      fullFeeMinor: 95_000,
      feeMinor: 95_000,
      currency: 'CHF',
      issueDate: '2026-12-02',
      dueDate: '2027-01-01',
      rule: 'next-year-from-cutoff',
      reason: 'Approved from 1 October: billed for 2027 in full.',
    });
    expect(invoice).toMatchObject({
      year: 2027,
      total_minor: 95_000,
      issue_date: '2026-12-02',
      due_date: '2027-01-01',
      line: 'Membership fee 2027 – individual member',
    });
    // Numbered in its membership year's series, as the renewal run numbers next year's.
    expect(invoice.number).toMatch(/^2027-\d{6}$/);
    expect(message).toContain('for 2027');

    // Before the cut-off, the current year in full.
    const march = await approveOn('2026-03-15');
    expect(march.plan).toMatchObject({ year: 2026, months: 12, feeMinor: 95_000 });
    expect(march.invoice).toMatchObject({ year: 2026, total_minor: 95_000 });
  });

  it('bills the rest of the year by month, counting the month of approval', async () => {
    await useRule('pro-rata-by-month');
    const december = await approveOn('2026-12-02');
    expect(december.plan).toMatchObject({
      year: 2026,
      months: 1,
      feeMinor: 7_917, // 950.00 / 12, rounded to the centime
      reason: 'Billed for the rest of 2026 by month: 1 of 12 months, from December.',
    });
    expect(december.invoice).toMatchObject({
      year: 2026,
      total_minor: 7_917,
      line: 'Membership fee 2026 (1 of 12 months, from December) – individual member',
    });
    expect(december.message).toContain('for 1 month of 2026');

    const march = await approveOn('2027-03-15');
    expect(march.plan).toMatchObject({ year: 2027, months: 10, feeMinor: 79_167 });
    expect(march.invoice).toMatchObject({ total_minor: 79_167 });
  });

  it('bills the whole current year under full-year, whatever the month', async () => {
    await useRule('full-year');
    const { plan, invoice } = await approveOn('2028-12-02');
    expect(plan).toMatchObject({ year: 2028, months: 12, feeMinor: 95_000, dueDate: '2029-01-01' });
    expect(invoice).toMatchObject({ year: 2028, total_minor: 95_000 });
  });

  it('is changed by finance with the version read, audited; bad input is a 400 naming the field', async () => {
    const before = await settings();
    expect((await save({ ...before, firstYearRule: 'full-year' }, reader)).statusCode).toBe(403);
    expect((await save({ ...before, firstYearRule: 'full-year' }, membership)).statusCode).toBe(
      403,
    );
    await expectInvalid(
      await save({ firstYearRule: 'half-year', cutoffMonth: 10, version: before.version }),
      'body.firstYearRule',
      'invalid_value',
    );
    await expectInvalid(
      await save({ firstYearRule: 'full-year', cutoffMonth: 13, version: before.version }),
      'body.cutoffMonth',
      'too_big',
    );
    const saved = await save({
      firstYearRule: 'next-year-from-cutoff',
      cutoffMonth: 11,
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const result = saved.json<TMembershipBillingResult>();
    expect(result.settings).toMatchObject({
      firstYearRule: 'next-year-from-cutoff',
      cutoffMonth: 11,
      version: before.version + 1,
      updatedBy: 'billing-finance@example.org',
    });
    expect(result.message).toContain(
      'Next year, when approved from the cut-off month (1 November)',
    );
    // The version read is checked: a second save with the old one is a 409.
    const stale = await save({
      firstYearRule: 'full-year',
      cutoffMonth: 11,
      version: before.version,
    });
    expect(stale.statusCode).toBe(409);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('table_name', '=', 'membership_billing_settings')
      .execute();
    expect(audited.length).toBeGreaterThanOrEqual(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/settings/membership-billing' })).statusCode,
    ).toBe(401);
  });
});
