import type {
  TInvoiceActionResult,
  TInvoiceDetail,
  TInvoicesListPage,
  TMoneyMovementReverseResult,
} from '@ops/contract';
import type { TPaymentToleranceResult, TPaymentTolerances } from '@ops/contract/payment-tolerances';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import {
  apiAs,
  expectConflict,
  expectForbidden,
  expectInvalid,
  type ErrorBody,
} from '../../test/requests';
import {
  addBankAccount,
  addStatementWithEntries,
  countersOf,
} from '../bank-statements/test-support';
import { addMember, thisYear } from '../certificates/test-support';
import { todayAtHeadquarters } from '../lib/dates';
import { loadCountries } from '../seed/countries';
import { auditEntriesOf } from '../../test/audit';

/**
 * Issue 16, payments that do not equal the invoice, through the operator's Mark paid and the
 * invoice's list and detail: tolerance write-offs, partial payments, surplus to the member's
 * credit, reversal, and the tolerance settings.
 */
describe('invoice balances, partial payments and reversals', () => {
  let t: TestApp;
  let finance: ReturnType<typeof apiAs>;
  let membershipCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    finance = apiAs(t, await signInAsNewOperator(t, 'finance@example.org', ['finance']));
    membershipCookie = await signInAsNewOperator(t, 'membership@example.org', ['membership']);
  });
  afterAll(() => t.close());

  let sequence = 0;
  /** An issued membership invoice of this year over `totalMinor` CHF, its member pending payment. */
  async function issuedInvoice(totalMinor: number) {
    sequence++;
    const member = await addMember(t.database.db, {
      legalName: `Short Payer ${sequence} AG`,
      status: 'pending-payment',
    });
    const iid = `money-${sequence}-${member.mid}`;
    await t.database.db
      .insertInto('invoices')
      .values({
        iid,
        number: `${thisYear}-9${String(sequence).padStart(5, '0')}`,
        member_mid: member.mid,
        kind: 'membership',
        year: thisYear,
        issue_date: `${thisYear}-01-05`,
        due_date: `${thisYear}-02-04`,
        currency: 'CHF',
        subtotal_minor: totalMinor,
        total_minor: totalMinor,
        status: 'issued',
      })
      .execute();
    return { iid, member };
  }

  const detail = async (iid: string) =>
    (await finance.get<TInvoiceDetail>(`/api/invoices/${iid}`)).body;

  async function markPaid(iid: string, amountMinor: number) {
    const { version } = await detail(iid);
    const answer = await finance.post<TInvoiceActionResult>(`/api/invoices/${iid}/mark-paid`, {
      version,
      paidAt: todayAtHeadquarters(),
      amountMinor,
      method: 'bank-transfer',
      reference: `STMT-${iid.slice(-6)}`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  it('a short payment within the tolerance pays the invoice; the bank charges show on it', async () => {
    // CHF 950.00: 1 % is 9.50, below the ceiling of 10.00; 7.00 short is within it.
    const { iid, member } = await issuedInvoice(95_000);
    const paid = await markPaid(iid, 94_300);
    expect(paid.outcome).toBe('paid');
    expect(paid.message).toMatch(
      /CHF\s943\.00 booked to invoice .*; paid; CHF\s7\.00 written off as bank charges \(received on/,
    );
    expect(paid.memberEffects[0]).toMatch(/is now active/);
    expect(paid.invoice).toMatchObject({
      status: 'paid',
      balanceMinor: '0',
      paidMinor: '94300',
      writtenOffMinor: '700',
      creditedMinor: '0',
      isPartiallyPaid: false,
    });
    expect(paid.invoice.movements).toMatchObject([
      {
        kind: 'payment',
        amountMinor: '94300',
        settlesMinor: '94300',
        source: 'manual',
        method: 'bank-transfer',
        reason: 'Recorded by hand',
        reversedBy: null,
      },
      { kind: 'write-off', amountMinor: '700', reason: 'bank charges', reversedBy: null },
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'table_name'])
      .where('table_name', '=', 'money_movements')
      .where(
        'record_id',
        'in',
        paid.invoice.movements.map((movement) => movement.id),
      )
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['payment', 'write-off']);
    const row = await t.database.db
      .selectFrom('members')
      .select('status')
      .where('mid', '=', member.mid)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
  });

  it('beyond the tolerance it stays open, partially paid, until the next payment completes it', async () => {
    const { iid, member } = await issuedInvoice(95_000);
    const partial = await markPaid(iid, 50_000);
    expect(partial.outcome).toBe('partial');
    expect(partial.message).toMatch(/partially paid, CHF\s450\.00 still open/);
    expect(partial.memberEffects).toEqual([]);
    expect(partial.invoice).toMatchObject({
      status: 'issued',
      balanceMinor: '45000',
      paidMinor: '50000',
      writtenOffMinor: '0',
      isPartiallyPaid: true,
      actions: expect.arrayContaining(['mark-paid']),
    });

    // The list: the badge's data, the balance, and the "Partially paid" filter.
    const listed = await finance.get<TInvoicesListPage>(`/api/invoices?partial=true&limit=200`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row) => row.iid)).toContain(iid);
    expect(listed.body.data.every((row) => row.isPartiallyPaid && row.status === 'issued')).toBe(
      true,
    );
    const notPartial = await finance.get<TInvoicesListPage>(
      `/api/invoices?partial=false&member=${member.mid}`,
    );
    expect(notPartial.body.data).toEqual([]);
    const row = listed.body.data.find((item) => item.iid === iid);
    expect(row).toMatchObject({ balanceMinor: '45000', paidMinor: '50000' });
    expectInvalid(await finance.get('/api/invoices?partial=maybe'), 'query.partial');

    const completed = await markPaid(iid, 45_000);
    expect(completed.outcome).toBe('paid');
    expect(completed.invoice).toMatchObject({
      status: 'paid',
      balanceMinor: '0',
      paidMinor: '95000',
      paidAmountMinor: '95000',
      isPartiallyPaid: false,
    });
    expect(completed.memberEffects[0]).toMatch(/is now active/);
    // A paid invoice takes no second payment by hand.
    expectInvalid(
      await finance.post(`/api/invoices/${iid}/mark-paid`, {
        version: completed.invoice.version,
        paidAt: todayAtHeadquarters(),
        amountMinor: 100,
        method: 'cash',
      }),
      'params.iid',
      'transition',
    );
  });

  it("an overpayment pays the invoice and the surplus becomes the member's credit", async () => {
    const { iid, member } = await issuedInvoice(20_000);
    const paid = await markPaid(iid, 25_000);
    expect(paid.outcome).toBe('overpaid');
    expect(paid.message).toMatch(/CHF\s50\.00 to the member's credit/);
    expect(paid.invoice).toMatchObject({ status: 'paid', balanceMinor: '0', paidMinor: '20000' });
    expect(paid.invoice.movements).toMatchObject([
      { kind: 'payment', amountMinor: '25000', settlesMinor: '20000', creditMinor: '5000' },
    ]);
    const credit = await t.database.db
      .selectFrom('money_movements')
      .select((eb) => eb.fn.sum<string>('credit_minor').as('credit'))
      .where('member_mid', '=', member.mid)
      .executeTakeFirstOrThrow();
    expect(Number(credit.credit)).toBe(5000);
  });

  it('sorts by balance both ways', async () => {
    for (const direction of ['', '-']) {
      const { body } = await finance.get<TInvoicesListPage>(
        `/api/invoices?sort=${direction}balance&limit=200`,
      );
      const balances = body.data.map((row) => Number(row.balanceMinor));
      const sorted = [...balances].sort((a, b) => (direction ? b - a : a - b));
      expect(balances).toEqual(sorted);
    }
  });

  it('reverses a payment: the paid invoice is open again with its balance, audited', async () => {
    const { iid } = await issuedInvoice(95_000);
    const paid = await markPaid(iid, 94_500);
    const payment = paid.invoice.movements.find((movement) => movement.kind === 'payment');
    if (!payment) throw new Error('no payment booked');
    const url = `/api/money-movements/${payment.id}/reverse`;

    expectForbidden(await finance.post(url, { reason: 'Wrong member' }, membershipCookie));
    expectInvalid(await finance.post(url, { reason: ' ' }), 'body.reason');
    const missing = await finance.post('/api/money-movements/nope/reverse', { reason: 'x' });
    expect(missing.status).toBe(404);

    const reversed = await finance.post<TMoneyMovementReverseResult>(url, {
      reason: 'Booked to the wrong invoice',
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.message).toMatch(/is open again with CHF\s950\.00 to pay/);
    expect(reversed.body.bankEntryId).toBeNull();
    expect(reversed.body.invoice).toMatchObject({
      status: 'issued',
      balanceMinor: '95000',
      paidMinor: '0',
      writtenOffMinor: '0',
      paidAt: null,
      isPartiallyPaid: false,
    });
    const movements = reversed.body.invoice?.movements ?? [];
    // The payment and its bank charges are each reversed by a row naming them.
    expect(movements.map((movement) => movement.kind)).toEqual([
      'payment',
      'write-off',
      'reversal',
      'reversal',
    ]);
    expect(movements[0]?.reversedBy).toMatchObject({ reason: 'Booked to the wrong invoice' });
    expect(movements[1]?.reversedBy).not.toBeNull();
    expect(movements[2]).toMatchObject({ reverses: payment.id, settlesMinor: '-94500' });
    const audit = await auditEntriesOf(t.database.db, 'invoices', iid)
      .select(['action', 'after'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('reverse-payment');
    expect(audit.after).toMatchObject({
      status: 'issued',
      _reason: 'Booked to the wrong invoice',
    });

    expectInvalid(await finance.post(url, { reason: 'again' }), 'params.id', 'already-reversed');
    const reversal = movements[2];
    expectInvalid(
      await finance.post(`/api/money-movements/${reversal?.id ?? ''}/reverse`, { reason: 'x' }),
      'params.id',
      'not-reversible',
    );
  });

  it('reverses a bank booking from the invoice: the entry returns to the Unmatched payments queue', async () => {
    await addBankAccount(t.database.db, { id: 'ba-money' });
    const entries = [{ amount_minor: 30_000 }];
    const { bsid, beids } = await addStatementWithEntries(t.database.db, 'ba-money', entries);
    const beid = beids[0] ?? '';
    const { iid } = await issuedInvoice(95_000);
    const assigned = await finance.post(`/api/bank-entries/${beid}/assign`, { iid, version: 1 });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const booked = await detail(iid);
    expect(booked).toMatchObject({
      status: 'issued',
      balanceMinor: '65000',
      isPartiallyPaid: true,
    });
    const payment = booked.movements[0];
    expect(payment).toMatchObject({ kind: 'payment', source: 'bank', bankEntryId: beid });

    const reversed = await finance.post<TMoneyMovementReverseResult>(
      `/api/money-movements/${payment?.id ?? ''}/reverse`,
      { reason: 'Not this member' },
    );
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.bankEntryId).toBe(beid);
    expect(reversed.body.message).toMatch(/back in the Unmatched payments queue/);
    expect(reversed.body.invoice).toMatchObject({ balanceMinor: '95000', isPartiallyPaid: false });
    const entry = await t.database.db
      .selectFrom('bank_entries')
      .select(['state', 'movement_id', 'invoice_iid', 'unmatched_reason'])
      .where('beid', '=', beid)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ state: 'unmatched', movement_id: null, invoice_iid: null });
    expect(entry.unmatched_reason).toMatch(/Not this member/);
    expect(await countersOf(t.database.db, bsid)).toMatchObject({ booked: 0, unmatched: 1 });
  });
});

describe('payment tolerance settings', () => {
  let t: TestApp;
  let finance: ReturnType<typeof apiAs>;
  let membershipCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    finance = apiAs(t, await signInAsNewOperator(t, 'tolerances@example.org', ['finance']));
    membershipCookie = await signInAsNewOperator(t, 'members-only@example.org', ['membership']);
  });
  afterAll(() => t.close());

  const put = (currency: string, body: unknown, as?: string) =>
    finance.send<TPaymentToleranceResult & ErrorBody>(
      'PUT',
      `/api/settings/payment-tolerances/${currency}`,
      body,
      as,
    );

  it('lists every currency with the default, and changes one with its version, audited', async () => {
    const { status, body } = await finance.get<TPaymentTolerances>(
      '/api/settings/payment-tolerances',
    );
    expect(status).toBe(200);
    expect(body.map((row) => [row.currency, row.maxMinor, row.percentBasisPoints])).toEqual([
      ['CHF', 1000, 100],
      ['EUR', 1000, 100],
      ['USD', 1000, 100],
    ]);
    const readers = await finance.get<TPaymentTolerances>(
      '/api/settings/payment-tolerances',
      membershipCookie,
    );
    expect(readers.status).toBe(200);

    expectForbidden(
      await put('EUR', { maxMinor: 500, percentBasisPoints: 50, version: 1 }, membershipCookie),
      'credit-notes.issue',
    );
    expectInvalid(
      await put('EUR', { maxMinor: -1, percentBasisPoints: 50, version: 1 }),
      'body.maxMinor',
    );
    expectInvalid(
      await put('EUR', { maxMinor: 500, percentBasisPoints: 10_001, version: 1 }),
      'body.percentBasisPoints',
    );
    expectInvalid(
      await put('GBP', { maxMinor: 500, percentBasisPoints: 50, version: 1 }),
      'params.currency',
    );

    const changed = await put('EUR', { maxMinor: 500, percentBasisPoints: 50, version: 1 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.tolerance).toMatchObject({
      currency: 'EUR',
      maxMinor: 500,
      percentBasisPoints: 50,
      version: 2,
      updatedBy: 'tolerances@example.org',
    });
    expect(changed.body.message).toMatch(/EUR\s5\.00 or 0\.5 %.*\(was EUR\s10\.00 or 1 %/);
    expectConflict(
      await put('EUR', { maxMinor: 700, percentBasisPoints: 50, version: 1 }),
      /changed/,
    );
    const audit = await auditEntriesOf(t.database.db, 'payment_tolerances', 'EUR')
      .select(['action', 'before', 'after'])
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'update',
      before: { max_minor: '1000', percent_basis_points: 100 },
      after: { max_minor: '500', percent_basis_points: 50, version: 2 },
    });
  });
});
