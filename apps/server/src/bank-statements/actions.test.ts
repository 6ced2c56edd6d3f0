import type {
  TBankEntryActionResult,
  TBankEntryDetail,
  TConfirmSuggestionsResult,
} from '@ops/contract/bank-statements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPublicUrl, type TestApp } from '../../test/app';
import { createWriteTestApp, type WriteTestApp } from '../../test/fixtures';
import {
  expectConflict,
  expectForbidden,
  expectInvalid,
  type ErrorBody,
} from '../../test/requests';
import {
  addBankAccount,
  addInvoiceRow,
  addMemberRow,
  addStatementWithEntries,
  countersOf,
} from './test-support';
import { auditEntriesOf } from '../../test/audit';

type Result = TBankEntryActionResult & ErrorBody;

/** What an operator does with the entries of the queue: confirm, assign, ignore, reverse. */
describe('bank entry actions', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;
  let api: WriteTestApp['api'];
  let mid: string;

  beforeAll(async () => {
    ({ t, cookie, readOnlyCookie, api } = await createWriteTestApp('finance@example.org', [
      'finance',
    ]));
    await addBankAccount(t.database.db, { id: 'ba-chf' });
    mid = await addMemberRow(t.database.db, 'Rheinhafen Spedition AG');
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const post = (url: string, payload: object, as = cookie) => api.post<Result>(url, payload, as);
  const entry = async (beid: string) =>
    (await api.get<TBankEntryDetail>(`/api/bank-entries/${beid}`)).body;
  const invoiceOf = (iid: string) =>
    db()
      .selectFrom('invoices')
      .select(['status', 'balance_minor', 'paid_minor'])
      .where('iid', '=', iid)
      .executeTakeFirstOrThrow();
  const auditOf = (beid: string) =>
    auditEntriesOf(db(), 'bank_entries', beid)
      .select(['action', 'actor_kind'])
      .orderBy('id')
      .execute();

  /** A statement of the CHF account with the entries given, counted as the importer counts. */
  const statementWith = (entries: Parameters<typeof addStatementWithEntries>[2]) =>
    addStatementWithEntries(db(), 'ba-chf', entries);

  const suggestionOf = (iid: string, amount: number) => ({
    amount_minor: amount,
    state: 'suggested' as const,
    invoice_iid: iid,
    member_mid: mid,
    match_rule: 'known-iban' as const,
    match_reason: "payer's IBAN seen before and amount of an open invoice of that member",
    payer_name: 'Rheinhafen Spedition AG',
    payer_iban: 'CH5800791123000889012',
  });

  it('confirms a suggestion: booked, the invoice paid, counters moved, audited', async () => {
    const invoice = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 12_000 });
    const { bsid, beids } = await statementWith([suggestionOf(invoice.iid, 12_000)]);
    const beid = beids[0] ?? '';
    const stale = await post(`/api/bank-entries/${beid}/confirm`, { version: 0 });
    expectInvalid(stale, 'body.version', 'too_small');
    expectForbidden(
      await post(`/api/bank-entries/${beid}/confirm`, { version: 1 }, readOnlyCookie),
      'bank-statements.import',
    );
    const unsigned = await t.app.inject({
      method: 'POST',
      url: `/api/bank-entries/${beid}/confirm`,
      payload: { version: 1 },
    });
    expect(unsigned.statusCode).toBe(401);

    const { status, body } = await post(`/api/bank-entries/${beid}/confirm`, { version: 1 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.entry).toMatchObject({
      state: 'booked',
      outcome: 'paid',
      matchRule: 'known-iban',
      invoice: { iid: invoice.iid, status: 'paid', balanceMinor: 0 },
      movement: { amountMinor: 12_000, settlesMinor: 12_000, creditMinor: 0, reversed: false },
      version: 2,
    });
    expect(body.entry.matchReason).toContain('confirmed by finance@example.org');
    expect(body.message).toContain(invoice.number);
    expect(await invoiceOf(invoice.iid)).toMatchObject({ status: 'paid', balance_minor: '0' });
    expect(await countersOf(db(), bsid)).toMatchObject({ booked: 1, suggested: 0, unmatched: 0 });
    expect(await auditOf(beid)).toEqual([{ action: 'book', actor_kind: 'operator' }]);

    // Twice: the version moved on (409); with the new one, it is no suggestion any more (400).
    expectConflict(
      await post(`/api/bank-entries/${beid}/confirm`, { version: 1 }),
      /was changed by .* since you opened it/,
    );
    expectInvalid(
      await post(`/api/bank-entries/${beid}/confirm`, { version: 2 }),
      'params.beid',
      'transition',
    );
  });

  it('confirms all suggestions of a statement in one go, leaving one it cannot book', async () => {
    const first = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 5_000 });
    const second = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 7_000 });
    const voided = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 3_000 });
    const { bsid, beids } = await statementWith([
      suggestionOf(first.iid, 5_000),
      suggestionOf(second.iid, 6_000),
      suggestionOf(voided.iid, 3_000),
      { amount_minor: 4_000, state: 'unmatched' },
    ]);
    await db()
      .updateTable('invoices')
      .set({ status: 'void' })
      .where('iid', '=', voided.iid)
      .execute();

    expectForbidden(
      await post(`/api/bank-statements/${bsid}/confirm-suggestions`, {}, readOnlyCookie),
    );
    expectConflict(
      await post(`/api/bank-statements/${bsid}/confirm-suggestions`, { version: 7 }),
      /Bank statement .* was changed/,
    );
    const { status, body } = await api.post<TConfirmSuggestionsResult>(
      `/api/bank-statements/${bsid}/confirm-suggestions`,
      { version: 1 },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.confirmed).toBe(2);
    expect(body.skipped).toEqual([{ beid: beids[2], reason: expect.stringContaining('void') }]);
    expect(body.message).toBe('2 of 3 suggestions booked; 1 left in the queue.');
    expect(await countersOf(db(), bsid)).toMatchObject({ booked: 2, suggested: 1, unmatched: 1 });
    expect((await entry(beids[1] ?? '')).outcome).toBe('partial');
    expect(await invoiceOf(second.iid)).toMatchObject({ status: 'issued', balance_minor: '1000' });
    expect((await entry(beids[2] ?? '')).state).toBe('suggested');
  });

  it('confirms nothing on a statement without suggestions, with or without a body', async () => {
    const { bsid } = await statementWith([{ amount_minor: 1_000, state: 'unmatched' }]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/bank-statements/${bsid}/confirm-suggestions`,
      headers: { cookie, origin: testPublicUrl },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      confirmed: 0,
      skipped: [],
      message: 'This statement has no suggestions to confirm.',
    });
    const missing = await post('/api/bank-statements/nope/confirm-suggestions', {});
    expect(missing.status).toBe(404);
  });

  it('assigns an unmatched payment to an invoice an operator chose (same currency, issued or paid)', async () => {
    const invoice = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 20_000 });
    const euros = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 8_000, currency: 'EUR' });
    const draft = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 8_000, status: 'draft' });
    const { bsid, beids } = await statementWith([
      {
        amount_minor: 8_000,
        state: 'unmatched',
        unmatched_reason: 'no invoice has this reference',
      },
    ]);
    const beid = beids[0] ?? '';
    const assign = (iid: string, version = 1, as = cookie) =>
      post(`/api/bank-entries/${beid}/assign`, { iid, version }, as);

    expectInvalid(await assign(euros.iid), 'body.iid', 'currency');
    expectInvalid(await assign(draft.iid), 'body.iid', 'transition');
    expectInvalid(await assign('nope'), 'body.iid', 'exists');
    expectInvalid(await post(`/api/bank-entries/${beid}/assign`, { version: 1 }), 'body.iid');
    expectForbidden(await assign(invoice.iid, 1, readOnlyCookie), 'bank-statements.import');
    expectConflict(await assign(invoice.iid, 3), /was changed/);

    const { status, body } = await assign(invoice.iid);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.entry).toMatchObject({
      state: 'booked',
      outcome: 'partial',
      matchRule: 'operator',
      matchReason: 'assigned by finance@example.org',
      unmatchedReason: null,
      invoice: { iid: invoice.iid, status: 'issued', balanceMinor: 12_000 },
    });
    expect(await countersOf(db(), bsid)).toMatchObject({ booked: 1, unmatched: 0 });
  });

  it('reverses a booking: the entry returns to the queue and the invoice to issued', async () => {
    const invoice = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 9_000 });
    const { bsid, beids } = await statementWith([{ amount_minor: 9_000, state: 'unmatched' }]);
    const beid = beids[0] ?? '';
    const assigned = await post(`/api/bank-entries/${beid}/assign`, {
      iid: invoice.iid,
      version: 1,
    });
    expect(assigned.body.entry.state).toBe('booked');
    expect(await invoiceOf(invoice.iid)).toMatchObject({ status: 'paid' });
    const movementId = assigned.body.entry.movement?.id;

    const reverse = (payload: object, as = cookie) =>
      post(`/api/bank-entries/${beid}/reverse`, payload, as);
    expectInvalid(await reverse({ reason: 'no', version: 2 }), 'body.reason', 'too_small');
    expectInvalid(await reverse({ version: 2 }), 'body.reason');
    expectForbidden(
      await reverse({ reason: 'Wrong invoice', version: 2 }, readOnlyCookie),
      'payments.reverse',
    );
    expectConflict(await reverse({ reason: 'Wrong invoice', version: 1 }), /was changed/);

    const { status, body } = await reverse({ reason: 'Wrong invoice', version: 2 });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.entry).toMatchObject({
      state: 'unmatched',
      outcome: null,
      invoice: null,
      matchRule: null,
      matchReason: null,
      movement: { id: movementId, reversed: true },
    });
    expect(body.entry.unmatchedReason).toBe(
      `Booking to invoice ${invoice.number} reversed by finance@example.org: Wrong invoice`,
    );
    expect(body.message).toContain('is back in the Unmatched payments queue');
    expect(await invoiceOf(invoice.iid)).toMatchObject({
      status: 'issued',
      balance_minor: '9000',
      paid_minor: '0',
    });
    const stored = await db()
      .selectFrom('bank_entries')
      .select(['movement_id', 'invoice_iid'])
      .where('beid', '=', beid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ movement_id: null, invoice_iid: null });
    expect(await countersOf(db(), bsid)).toMatchObject({ booked: 0, unmatched: 1 });
    expect(await auditOf(beid)).toEqual([
      { action: 'book', actor_kind: 'operator' },
      { action: 'reverse', actor_kind: 'operator' },
    ]);
    const reversal = await db()
      .selectFrom('money_movements')
      .select(['kind', 'reason'])
      .where('reverses_id', '=', movementId ?? '')
      .executeTakeFirstOrThrow();
    expect(reversal).toEqual({ kind: 'reversal', reason: 'Wrong invoice' });

    // Back in the queue: nothing to reverse any more; it can be assigned again.
    expectInvalid(
      await reverse({ reason: 'Again', version: body.entry.version }),
      'params.beid',
      'transition',
    );
    const again = await post(`/api/bank-entries/${beid}/assign`, {
      iid: invoice.iid,
      version: body.entry.version,
    });
    expect(again.body.entry).toMatchObject({ state: 'booked', outcome: 'paid' });
  });

  it('ignores a payment that is not a member payment, and takes it back to the queue', async () => {
    const { bsid, beids } = await statementWith([{ amount_minor: 2_500, state: 'unmatched' }]);
    const beid = beids[0] ?? '';
    expectInvalid(
      await post(`/api/bank-entries/${beid}/ignore`, { reason: ' x ', version: 1 }),
      'body.reason',
      'too_small',
    );
    expectForbidden(
      await post(
        `/api/bank-entries/${beid}/ignore`,
        { reason: 'Refund', version: 1 },
        readOnlyCookie,
      ),
    );
    const ignored = await post(`/api/bank-entries/${beid}/ignore`, {
      reason: 'Refund of the caterer',
      version: 1,
    });
    expect(ignored.status, JSON.stringify(ignored.body)).toBe(200);
    expect(ignored.body.entry).toMatchObject({
      state: 'ignored',
      ignoredReason: 'Refund of the caterer',
      version: 2,
    });
    expect(await countersOf(db(), bsid)).toMatchObject({ ignored: 1, unmatched: 0 });
    expectInvalid(
      await post(`/api/bank-entries/${beid}/ignore`, { reason: 'Twice over', version: 2 }),
      'params.beid',
      'transition',
    );

    const back = await post(`/api/bank-entries/${beid}/reverse`, {
      reason: 'It was a member after all',
      version: 2,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.entry).toMatchObject({
      state: 'unmatched',
      ignoredReason: null,
      movement: null,
    });
    expect(back.body.entry.unmatchedReason).toContain('Taken back from "not a member payment"');
    expect(await countersOf(db(), bsid)).toMatchObject({ ignored: 0, unmatched: 1 });
    expect(await auditOf(beid)).toEqual([
      { action: 'ignore', actor_kind: 'operator' },
      { action: 'reverse', actor_kind: 'operator' },
    ]);
  });

  it('never books a debit', async () => {
    const invoice = await addInvoiceRow(db(), { memberMid: mid, totalMinor: 900 });
    const { beids } = await statementWith([
      { amount_minor: 900, direction: 'debit', state: 'debit' },
    ]);
    expectInvalid(
      await post(`/api/bank-entries/${beids[0]}/assign`, { iid: invoice.iid, version: 1 }),
      'params.beid',
      'transition',
    );
  });
});
