import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { cliActor } from '../db/audit';
import { writeTransaction } from '../db/transaction';
import { payAt } from '../ledger/ledger-test-support';
import { setClockForTests } from '../lib/clock';
import { loadCountries } from '../seed/countries';
import { insertDefaultQrAccount, insertMember } from './pdf-test-support';
import { createRenewalRun } from './renewal';
import { renewalAccounts, renewBatch, selectCandidates } from './renewal-batch';
import { continueRenewalRun } from './renewal-job';

const mailFrom = 'Federation <billing@federation.example>';

/**
 * Issue 30: the renewal of next year, started in late December and finished in January (a run
 * taken over across midnight, or simply a long one). Every invoice is of the run's year and
 * numbered in that year's series without a gap, whichever day it was issued; the ones issued
 * after midnight in Zurich (still 31 December in UTC) are dated 1 January and due 30 days later;
 * a payment booked that night pays the new year (paid through it), and the certificate it earns
 * is valid 1 January - 31 December of that year, numbered in its series.
 */
describe('the renewal prepared in December and run in January, in Zurich', () => {
  let t: TestApp;
  const mids: string[] = [];

  beforeAll(async () => {
    setClockForTests('2026-12-30T10:00:00Z');
    t = await createTestApp();
    await loadCountries(t.database.pool);
    await insertDefaultQrAccount(t.database.db);
    for (let i = 0; i < 5; i++) {
      const member = await insertMember(t.database.db, {
        legal_name: `Silvester Logistik ${i}`,
        country_iso2: 'CH',
        billing_currency: 'CHF',
        paid_through_year: 2026,
      });
      mids.push(member.mid);
    }
  });
  afterAll(async () => {
    await t.close();
    setClockForTests(null);
  });

  it('numbers, dates and pays every invoice in the run year, across midnight in Zurich', async () => {
    const db = t.database.db;
    const { run } = await createRenewalRun(db, cliActor, { year: 2027 });
    // 30 December: the first batch of two members.
    const firstBatch = await selectCandidates(db, '', 2);
    const accountOf = await renewalAccounts(db);
    await writeTransaction(db, (trx) =>
      renewBatch(trx, cliActor, run, firstBatch, { accountOf, mailFrom }),
    );
    // 00:30 on 1 January in Zurich, 23:30 on 31 December in UTC: the rest.
    setClockForTests('2026-12-31T23:30:00Z');
    const finished = await continueRenewalRun(db, cliActor, run.id, { mailFrom });
    expect(finished).toMatchObject({ status: 'succeeded', issued: 5, processed: 5 });

    const invoices = await db
      .selectFrom('invoices')
      .select(['iid', 'member_mid', 'number', 'year', 'issue_date', 'due_date'])
      .where('member_mid', 'in', mids)
      .orderBy('number')
      .execute();
    const days = (value: unknown) =>
      value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    expect(
      invoices.map((row) => ({
        number: row.number,
        year: row.year,
        issued: days(row.issue_date),
        due: days(row.due_date),
      })),
    ).toEqual([
      { number: '2027-000001', year: 2027, issued: '2026-12-30', due: '2027-01-29' },
      { number: '2027-000002', year: 2027, issued: '2026-12-30', due: '2027-01-29' },
      { number: '2027-000003', year: 2027, issued: '2027-01-01', due: '2027-01-31' },
      { number: '2027-000004', year: 2027, issued: '2027-01-01', due: '2027-01-31' },
      { number: '2027-000005', year: 2027, issued: '2027-01-01', due: '2027-01-31' },
    ]);

    // Paid at 00:40 in Zurich: the member is paid through 2027 and earns its 2027 certificate.
    setClockForTests('2026-12-31T23:45:00Z');
    const paid = invoices[2];
    if (!paid) throw new Error('no invoice to pay');
    const balance = await db
      .selectFrom('invoices')
      .select('balance_minor')
      .where('iid', '=', paid.iid)
      .executeTakeFirstOrThrow();
    await payAt(db, paid.iid, Number(balance.balance_minor), new Date('2026-12-31T23:40:00Z'));
    const member = await db
      .selectFrom('members')
      .select('paid_through_year')
      .where('mid', '=', paid.member_mid as string)
      .executeTakeFirstOrThrow();
    expect(member.paid_through_year).toBe(2027);
    const payment = await db
      .selectFrom('money_movements')
      .select('booked_on')
      .where('invoice_iid', '=', paid.iid)
      .executeTakeFirstOrThrow();
    expect(days(payment.booked_on)).toBe('2027-01-01');
    const certificates = await db
      .selectFrom('certificates')
      .select(['number', 'year', 'valid_from', 'valid_to'])
      .where('member_mid', '=', paid.member_mid as string)
      .execute();
    expect(
      certificates.map((row) => ({
        number: row.number,
        year: row.year,
        from: days(row.valid_from),
        to: days(row.valid_to),
      })),
    ).toEqual([{ number: 'C-2027-000001', year: 2027, from: '2027-01-01', to: '2027-12-31' }]);
  });
});
