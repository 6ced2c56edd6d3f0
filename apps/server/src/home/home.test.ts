import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { newId } from '../lib/ids';

describe('GET /api/home/overview', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'olga@example.org');
  });
  afterAll(() => t.close());

  const overview = async () => {
    const response = await t.app.inject({ url: '/api/home/overview', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<{
      applicationsAwaitingReview: number;
      overdueInvoices: number;
      failedEmails: number;
    }>();
  };

  it('counts nothing on an empty database', async () => {
    expect(await overview()).toMatchObject({
      applicationsAwaitingReview: 0,
      overdueInvoices: 0,
      failedEmails: 0,
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
});
