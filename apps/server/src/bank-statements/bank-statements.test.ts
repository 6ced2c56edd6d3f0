import type {
  TBankEntriesListPage,
  TBankEntryDetail,
  TBankStatementDetail,
  TBankStatementsListPage,
} from '@ops/contract/bank-statements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { apiAs, expectInvalid, type ErrorBody } from '../../test/requests';
import {
  addBankAccount,
  addEntry,
  addInvoiceRow,
  addMemberRow,
  addStatement,
  recount,
} from './test-support';

/** The statements and entries lists, their details, 404s and 401s. */
describe('/api/bank-statements and /api/bank-entries (lists and details)', () => {
  let t: TestApp;
  let cookie: string;
  const ids = { older: '', newer: '', eur: '', invoice: '', booked: '' };

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'viewer@example.org', ['read-only']);
    const db = t.database.db;
    await addBankAccount(db, { id: 'ba-chf' });
    await addBankAccount(db, { id: 'ba-eur', currency: 'EUR', iban: 'CH5604835012345678009' });
    const mid = await addMemberRow(db, 'Rheinhafen Spedition AG');
    const invoice = await addInvoiceRow(db, { memberMid: mid, totalMinor: 12_000 });
    ids.invoice = invoice.iid;

    ids.older = await addStatement(db, {
      bank_account_id: 'ba-chf',
      statement_id: 'STMT-OLD-1',
      to_date: '2026-04-30',
      imported_at: new Date('2026-05-01T08:00:00Z'),
    });
    ids.booked = await addEntry(db, ids.older, {
      amount_minor: 12_000,
      state: 'booked',
      outcome: 'paid',
      invoice_iid: invoice.iid,
      member_mid: mid,
      match_rule: 'qr-reference',
      match_reason: 'QR reference',
      booking_date: '2026-04-29',
      payer_name: 'Rheinhafen Spedition AG',
      payer_iban: 'CH5800791123000889012',
      structured_reference: '210000000003139471430009017',
    });
    ids.newer = await addStatement(db, {
      bank_account_id: 'ba-chf',
      statement_id: 'STMT-NEW-2',
      message_kind: 'camt.053',
      to_date: '2026-05-31',
      imported_at: new Date('2026-06-01T08:00:00Z'),
    });
    await addEntry(db, ids.newer, {
      amount_minor: 5_000,
      state: 'unmatched',
      unmatched_reason: 'no invoice has this reference',
      booking_date: '2026-05-20',
      payer_name: 'Unknown Sender GmbH',
      unstructured_text: 'Donation spring fair',
    });
    await addEntry(db, ids.newer, {
      amount_minor: 12_000,
      state: 'suggested',
      invoice_iid: invoice.iid,
      member_mid: mid,
      match_rule: 'known-iban',
      match_reason: "payer's IBAN seen before and amount of an open invoice of that member",
      booking_date: '2026-05-10',
      payer_iban: 'CH5800791123000889012',
      batch_reference: 'BATCH-1',
    });
    await addEntry(db, ids.newer, {
      amount_minor: 900,
      direction: 'debit',
      state: 'debit',
      booking_date: '2026-05-05',
    });
    ids.eur = await addStatement(db, {
      bank_account_id: 'ba-eur',
      account_iban: 'CH5604835012345678009',
      statement_id: 'STMT-EUR-3',
      currency: 'EUR',
      to_date: null,
      imported_at: new Date('2026-05-15T08:00:00Z'),
    });
    await addEntry(db, ids.eur, { amount_minor: 7_700, currency: 'EUR', state: 'ignored' });
    for (const bsid of [ids.older, ids.newer, ids.eur]) await recount(db, bsid);
  });
  afterAll(() => t.close());

  const api = () => apiAs(t, cookie);
  const statements = async (query = '') => {
    const answer = await api().get<TBankStatementsListPage>(`/api/bank-statements${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const entries = async (query = '') => {
    const answer = await api().get<TBankEntriesListPage>(`/api/bank-entries${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  it('lists statements newest import first, with their account and counts', async () => {
    const page = await statements();
    expect(page.data.map((row) => row.statementId)).toEqual([
      'STMT-NEW-2',
      'STMT-EUR-3',
      'STMT-OLD-1',
    ]);
    expect(page).toMatchObject({ estimatedTotal: 3, totalIsExact: true, nextCursor: null });
    expect(page.data[0]).toMatchObject({
      bsid: ids.newer,
      bankAccount: { id: 'ba-chf', label: 'Fees CHF' },
      accountIban: 'CH9300762011623852957',
      kind: 'camt.053',
      entries: 3,
      booked: 0,
      open: 2,
      suggested: 1,
      unmatched: 1,
      duplicates: 0,
      currency: 'CHF',
      creditedMinor: 17_000,
      toDate: '2026-05-31',
      importedAt: '2026-06-01T08:00:00.000Z',
    });
  });

  it('sorts by period end, filters by account, kind and open entries, searches, and pages by keyset', async () => {
    expect((await statements('?sort=toDate')).data.map((row) => row.statementId)).toEqual([
      'STMT-EUR-3',
      'STMT-OLD-1',
      'STMT-NEW-2',
    ]);
    expect((await statements('?account=ba-eur')).data.map((row) => row.bsid)).toEqual([ids.eur]);
    expect((await statements('?kind=camt.053')).data.map((row) => row.bsid)).toEqual([ids.newer]);
    expect((await statements('?hasOpen=true')).data.map((row) => row.bsid)).toEqual([ids.newer]);
    expect((await statements('?hasOpen=false')).data).toHaveLength(2);
    expect((await statements('?q=stmt-old')).data.map((row) => row.bsid)).toEqual([ids.older]);
    expect((await statements('?q=CH56 0483')).data.map((row) => row.bsid)).toEqual([ids.eur]);

    const first = await statements('?limit=2');
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await statements(`?limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((row) => row.bsid)).toEqual([ids.older]);
    expect(second.nextCursor).toBeNull();

    expectInvalid(await api().get('/api/bank-statements?sort=entries'), 'query.sort');
    expectInvalid(await api().get('/api/bank-statements?kind=camt.052'), 'query.kind');
  });

  it('answers a statement with its counts and account, and 404 for an unknown one', async () => {
    const { status, body } = await api().get<TBankStatementDetail>(
      `/api/bank-statements/${ids.newer}`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      bsid: ids.newer,
      bankAccount: { id: 'ba-chf', iban: 'CH9300762011623852957', currency: 'CHF' },
      messageId: `MSG-${ids.newer}`,
      credits: 2,
      debits: 1,
      ignored: 0,
      open: 2,
    });
    const missing = await api().get<ErrorBody>('/api/bank-statements/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No bank statement has the id nope.');
  });

  it("lists a statement's entries and the queue, suggested first", async () => {
    const ofStatement = await entries(`?statement=${ids.newer}`);
    expect(ofStatement.data.map((row) => row.bookingDate)).toEqual([
      '2026-05-20',
      '2026-05-10',
      '2026-05-05',
    ]);
    const queue = await entries('?state=unmatched,suggested&sort=state,-bookingDate');
    expect(queue.data.map((row) => row.state)).toEqual(['suggested', 'unmatched']);
    expect(queue.data[0]).toMatchObject({
      amountMinor: 12_000,
      matchRule: 'known-iban',
      isBatch: true,
      invoice: {
        iid: ids.invoice,
        status: 'issued',
        balanceMinor: 12_000,
        memberName: 'Rheinhafen Spedition AG',
      },
    });
    expect(queue.data[1]).toMatchObject({ invoice: null, isBatch: false });

    expect((await entries('?sort=-amount&limit=2')).data.map((row) => row.amountMinor)).toEqual([
      12_000, 12_000,
    ]);
    expect((await entries('?currency=EUR')).data.map((row) => row.state)).toEqual(['ignored']);
    expect((await entries('?bookingDate=2026-05-01..2026-05-10')).data).toHaveLength(3);
    expect((await entries('?q=spring fair')).data.map((row) => row.payerName)).toEqual([
      'Unknown Sender GmbH',
    ]);
    // An IBAN typed with its spaces, and a QR reference.
    expect((await entries('?q=CH58 0079 1123')).data).toHaveLength(2);
    expect((await entries('?q=3139471430009017')).data.map((row) => row.beid)).toEqual([
      ids.booked,
    ]);

    const first = await entries('?limit=2');
    const rest = await entries(`?limit=2&cursor=${first.nextCursor}`);
    const third = await entries(`?limit=2&cursor=${rest.nextCursor}`);
    const seen = [...first.data, ...rest.data, ...third.data].map((row) => row.beid);
    expect(new Set(seen).size).toBe(5);
    expect(third.nextCursor).toBeNull();
    expectInvalid(await api().get('/api/bank-entries?state=paid'), 'query.state');
  });

  it('answers an entry with its statement and booking, and 404 for an unknown one', async () => {
    const { status, body } = await api().get<TBankEntryDetail>(`/api/bank-entries/${ids.booked}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      beid: ids.booked,
      state: 'booked',
      statement: { bsid: ids.older, statementId: 'STMT-OLD-1', accountLabel: 'Fees CHF' },
      movement: null,
    });
    const missing = await api().get<ErrorBody>('/api/bank-entries/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No bank entry has the id nope.');
  });

  it('is for operators only (401 without a session)', async () => {
    for (const url of ['/api/bank-statements', '/api/bank-entries', `/api/bank-entries/x`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
    }
  });
});
