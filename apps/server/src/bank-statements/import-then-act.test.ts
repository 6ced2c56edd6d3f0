import type { TBankEntriesListPage, TBankEntryActionResult } from '@ops/contract/bank-statements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, testPublicUrl, type TestApp } from '../../test/app';
import { apiAs } from '../../test/requests';
import { buildCamtXml } from './camt/build';
import { addBankAccount, addInvoiceRow, addMemberRow, countersOf, recount } from './test-support';

/**
 * The importer's statement, then the operator's actions on it: the counters the import wrote
 * and the ones the actions move stay equal to a count of the entries.
 */
describe('an imported statement, then the queue', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'finance@example.org', ['finance']);
  });
  afterAll(() => t.close());

  it('books by QR reference, queues the rest; assign and reverse keep the counters true', async () => {
    const db = t.database.db;
    await addBankAccount(db, { id: 'ba-chf' });
    const mid = await addMemberRow(db, 'Müller & Söhne AG');
    const byReference = await addInvoiceRow(db, {
      memberMid: mid,
      totalMinor: 12_000,
      payment_reference: '210000000003139471430009017',
      bank_account_id: 'ba-chf',
    });
    const byHand = await addInvoiceRow(db, { memberMid: mid, totalMinor: 4_000 });
    const xml = buildCamtXml({
      kind: 'camt.054',
      version: '001.08',
      messageId: 'MSG-QUEUE-1',
      createdAt: '2026-05-02T06:00:00Z',
      statements: [
        {
          id: 'NTFCTN-QUEUE-1',
          iban: 'CH9300762011623852957',
          currency: 'CHF',
          fromDate: '2026-05-01',
          toDate: '2026-05-01',
          entries: [
            {
              accountServicerReference: 'ENTRY-Q1',
              direction: 'credit',
              bookingDate: '2026-05-01',
              currency: 'CHF',
              transactions: [
                {
                  accountServicerReference: 'TX-Q1',
                  amountMinor: 12_000,
                  structuredReference: '210000000003139471430009017',
                  payerName: 'Müller & Söhne AG',
                },
                {
                  accountServicerReference: 'TX-Q2',
                  amountMinor: 4_000,
                  unstructuredText: 'Membership fee, see letter',
                  payerName: 'Müller & Söhne AG',
                },
              ],
            },
          ],
        },
      ],
    });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/bank-statements/imports?fileName=queue.xml',
      headers: { cookie, origin: testPublicUrl, 'content-type': 'application/xml' },
      payload: xml,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const bsid = (imported.json() as { statements: { bsid: string }[] }).statements[0]?.bsid ?? '';

    const api = apiAs(t, cookie);
    const list = await api.get<TBankEntriesListPage>(`/api/bank-entries?statement=${bsid}`);
    const [booked, queued] = [...list.body.data].sort(
      (a, b) => a.transactionPosition - b.transactionPosition,
    );
    expect(booked).toMatchObject({ state: 'booked', matchRule: 'qr-reference', isBatch: true });
    expect(queued).toMatchObject({ state: 'unmatched', invoice: null });

    const counted = async () => {
      const stored = await countersOf(db, bsid);
      await recount(db, bsid);
      const recounted = await countersOf(db, bsid);
      return { stored, recounted };
    };
    const before = await counted();
    expect(before.stored).toEqual(before.recounted);
    expect(before.stored).toMatchObject({ booked: 1, unmatched: 1 });

    const assigned = await api.post<TBankEntryActionResult>(
      `/api/bank-entries/${queued?.beid}/assign`,
      { iid: byHand.iid, version: queued?.version },
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const reversed = await api.post<TBankEntryActionResult>(
      `/api/bank-entries/${booked?.beid}/reverse`,
      { reason: 'Booked to the wrong year', version: booked?.version },
    );
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.entry).toMatchObject({ state: 'unmatched', movement: { reversed: true } });

    const after = await counted();
    expect(after.stored).toMatchObject({ booked: 1, unmatched: 1 });
    expect(after.stored).toMatchObject({
      booked: after.recounted.booked,
      unmatched: after.recounted.unmatched,
      suggested: after.recounted.suggested,
      ignored: after.recounted.ignored,
    });
    const invoices = await db
      .selectFrom('invoices')
      .select(['iid', 'status'])
      .where('iid', 'in', [byReference.iid, byHand.iid])
      .orderBy('iid')
      .execute();
    expect(Object.fromEntries(invoices.map((row) => [row.iid, row.status]))).toEqual({
      [byReference.iid]: 'issued',
      [byHand.iid]: 'paid',
    });
  });
});
