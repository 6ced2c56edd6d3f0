import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { THomeOverview } from '@ops/contract';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { addBankAccount, addEntry, addStatement } from '../bank-statements/test-support';
import type { MemberCategory, MemberStatus } from '../db/schema';
import { todayAtHeadquarters } from '../lib/dates';
import { newId } from '../lib/ids';

describe('GET /api/home/overview', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'olga@example.org');
  });
  afterAll(() => t.close());

  /** The overview's four dunning levels, by their default names, with the invoices at each. */
  const dunningLevelsWith = (...invoices: number[]) =>
    ['Reminder 1', 'Reminder 2', 'Final notice', 'Suspension'].map((name, index) => ({
      level: index + 1,
      name,
      invoices: invoices[index],
    }));
  const overview = async () => {
    const response = await t.app.inject({ url: '/api/home/overview', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<THomeOverview>();
  };

  it('counts nothing on an empty database', async () => {
    expect(await overview()).toMatchObject({
      applicationsAwaitingReview: 0,
      overdueInvoices: 0,
      failedEmails: 0,
      suggestedBankPayments: 0,
      unmatchedBankPayments: 0,
      dunningLevels: dunningLevelsWith(0, 0, 0, 0),
      suspension: { level: 4, name: 'Suspension', members: 0 },
    });
  });

  it('counts applications to review, overdue invoices and failed e-mails, and only those', async () => {
    const db = t.database.db;
    const application = (status: string, deleted = false) => ({
      aid: newId(),
      number: `APP-${newId().slice(0, 8)}`,
      category: 'individual' as const,
      status: status as 'submitted',
      legal_name: 'Cargo Test AG',
      deleted_at: deleted ? new Date() : null,
    });
    await db
      .insertInto('applications')
      .values([
        application('submitted'),
        application('under-review'),
        application('endorsed'),
        application('draft'),
        application('approved'),
        application('submitted', true),
      ])
      .execute();
    const invoice = (status: string, dueDate: string) => ({
      iid: newId(),
      number: `INV-${newId().slice(0, 8)}`,
      kind: 'membership' as const,
      year: 2026,
      currency: 'CHF',
      status: status as 'issued',
      due_date: dueDate,
      paid_at: status === 'paid' ? new Date('2020-01-20T10:00:00Z') : null,
    });
    await db
      .insertInto('invoices')
      .values([
        invoice('issued', '2020-01-31'),
        invoice('issued', '2999-01-31'),
        invoice('paid', '2020-01-31'),
      ])
      .execute();
    const email = (state: string) => ({
      eid: newId(),
      to_addresses: ['x@example.org'],
      from_address: 'ops@example.org',
      subject: 'Hello',
      kind: 'test',
      state: state as 'ERROR',
    });
    await db
      .insertInto('emails')
      .values([email('ERROR'), email('ERROR'), email('SUCCESS'), email('PENDING')])
      .execute();

    expect(await overview()).toMatchObject({
      applicationsAwaitingReview: 3,
      overdueInvoices: 1,
      failedEmails: 2,
    });
  });
  // Issue 18: the day's dashboard.
  it('counts the bank payments to match, the invoices per enabled dunning level and the members due for suspension', async () => {
    const db = t.database.db;
    const today = todayAtHeadquarters();
    const daysBefore = (days: number) => {
      const day = new Date(`${today}T00:00:00Z`);
      day.setUTCDate(day.getUTCDate() - days);
      return day.toISOString().slice(0, 10);
    };

    await addBankAccount(db, { id: 'ba-home' });
    const bsid = await addStatement(db, { bank_account_id: 'ba-home' });
    for (const state of ['suggested', 'suggested', 'unmatched', 'unmatched', 'unmatched', 'booked'])
      await addEntry(db, bsid, { amount_minor: 1_000, state: state as 'unmatched' });

    const member = async (
      status: MemberStatus,
      fields: { category?: MemberCategory; exemptUntil?: string; deleted?: boolean } = {},
    ) => {
      const mid = newId();
      await db
        .insertInto('members')
        .values({
          mid,
          number: `M-${mid.slice(0, 8)}`,
          category: fields.category ?? 'individual',
          status,
          legal_name: `Member ${status}`,
          dunning_exempt_until: fields.exemptUntil ?? null,
          deleted_at: fields.deleted ? new Date() : null,
        })
        .execute();
      return mid;
    };
    const invoice = (
      memberMid: string,
      dueDate: string,
      fields: { status?: 'issued' | 'paid'; dunningLevel?: number } = {},
    ) => ({
      iid: newId(),
      number: `INV-${newId().slice(0, 8)}`,
      member_mid: memberMid,
      kind: 'membership' as const,
      year: 2026,
      currency: 'CHF',
      subtotal_minor: 10_000,
      total_minor: 10_000,
      status: fields.status ?? 'issued',
      due_date: dueDate,
      dunning_level: fields.dunningLevel ?? 0,
      paid_at: fields.status === 'paid' ? new Date() : null,
    });
    // The suspending level (4, enabled) is reached 90 days after the due date.
    const cutoff = daysBefore(90);
    const dayAfterCutoff = daysBefore(89);
    const due = await member('active');
    const twice = await member('overdue');
    const exemptUntilYesterday = await member('pending-payment', { exemptUntil: daysBefore(1) });
    const notYet = await member('active');
    const suspended = await member('suspended');
    const honorary = await member('active', { category: 'honorary' });
    const exempt = await member('active', { exemptUntil: today });
    const paid = await member('active');
    const deleted = await member('active', { deleted: true });
    await db
      .insertInto('invoices')
      .values([
        invoice(due, cutoff, { dunningLevel: 3 }),
        invoice(twice, daysBefore(200), { dunningLevel: 1 }),
        invoice(twice, daysBefore(120), { dunningLevel: 1 }),
        invoice(exemptUntilYesterday, daysBefore(100)),
        invoice(notYet, dayAfterCutoff, { dunningLevel: 2 }),
        invoice(suspended, daysBefore(300), { dunningLevel: 4 }),
        invoice(honorary, daysBefore(300)),
        invoice(exempt, daysBefore(300)),
        invoice(paid, daysBefore(300), { status: 'paid', dunningLevel: 2 }),
        invoice(deleted, daysBefore(300)),
      ])
      .execute();

    const counts = await overview();
    expect(counts).toMatchObject({
      suggestedBankPayments: 2,
      unmatchedBankPayments: 3,
      dunningLevels: dunningLevelsWith(2, 1, 1, 1),
      // due, twice (once) and the one whose exemption ended yesterday.
      suspension: { level: 4, name: 'Suspension', dueOnOrBefore: cutoff, members: 3 },
    });
    // The overdue count is the invoices list's `overdue=true` (the earlier test's one too).
    const list = await t.app.inject({
      url: '/api/invoices?overdue=true&limit=1',
      headers: { cookie },
    });
    expect(list.json<{ estimatedTotal: number }>().estimatedTotal).toBe(counts.overdueInvoices);
    for (const { level, invoices } of counts.dunningLevels) {
      const page = await t.app.inject({
        url: `/api/invoices?status=issued&dunningLevel=${level}&limit=1`,
        headers: { cookie },
      });
      expect(page.json<{ estimatedTotal: number }>().estimatedTotal, `level ${level}`).toBe(
        invoices,
      );
    }

    // Only enabled levels are counted; without an enabled suspending level, no suspension count.
    await db
      .updateTable('dunning_levels')
      .set({ enabled: false })
      .where('level', 'in', [2, 4])
      .execute();
    const fewer = await overview();
    expect(fewer.dunningLevels.map((level) => level.level)).toEqual([1, 3]);
    expect(fewer.suspension).toBeNull();
    await db.updateTable('dunning_levels').set({ enabled: true }).execute();
  });
});
