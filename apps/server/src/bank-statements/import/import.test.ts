import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { importBankFile } from './import-file';
import {
  addOpenInvoice,
  addPayingMember,
  bankFile,
  batchPaying,
  credit,
  entryOf,
  importActor as actor,
  importContext as context,
  openImportDatabase,
  ourEurIban,
  ourIban,
} from './test-support';
import { auditEntriesOf } from '../../../test/audit';

describe('importing a bank file: matching and booking', () => {
  let database: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    ({ database, db } = await openImportDatabase());
  });
  afterAll(() => database.close());

  const importXml = (xml: string, fileName = 'camt054.xml') =>
    importBankFile(db, actor, { content: xml, fileName }, context);
  /** The entries of the report's first statement, in the file's order. */
  const entriesOfFirstStatement = (report: { statements: { bsid: string }[] }) =>
    db
      .selectFrom('bank_entries')
      .selectAll()
      .where('statement_bsid', '=', report.statements[0]?.bsid ?? '')
      .orderBy('transaction_position')
      .execute();
  const invoiceOf = (iid: string) =>
    db.selectFrom('invoices').selectAll().where('iid', '=', iid).executeTakeFirstOrThrow();
  const entryPaying = (structuredReference: string) =>
    db
      .selectFrom('bank_entries')
      .selectAll()
      .where('structured_reference', '=', structuredReference)
      .orderBy('created_at')
      .execute();
  const movementsOf = (iid: string) =>
    db
      .selectFrom('money_movements')
      .selectAll()
      .where('invoice_iid', '=', iid)
      .orderBy('created_at')
      .execute();

  it('books by QR reference and by RF reference (spaces and case as people write them)', async () => {
    const mid = await addPayingMember(db, 'Rheinhafen Spedition AG');
    const qr = await addOpenInvoice(db, mid, 20_000);
    const rf = await addOpenInvoice(db, mid, 15_000, { creditorReference: true });
    const spacedRf = rf.reference.toLowerCase().replace(/(.{4})/g, '$1 ');
    const report = await importXml(
      bankFile([
        entryOf([
          credit({ amountMinor: 20_000, structuredReference: qr.reference, payerIban: 'CH1111' }),
          credit({ amountMinor: 15_000, structuredReference: spacedRf }),
        ]),
      ]),
    );
    expect(report.counts).toMatchObject({ entries: 2, credits: 2, paid: 2, unmatched: 0 });
    expect(report.byRule).toEqual({
      'qr-reference': 1,
      'creditor-reference': 1,
      'invoice-number': 0,
    });
    expect(report.bookedTotals).toEqual([{ currency: 'CHF', amountMinor: '35000' }]);
    expect(report.statements[0]).toMatchObject({ accountLabel: 'Fees CHF', isDuplicate: false });

    const [entry] = await entryPaying(qr.reference);
    expect(entry).toMatchObject({
      state: 'booked',
      outcome: 'paid',
      invoice_iid: qr.iid,
      member_mid: mid,
      match_rule: 'qr-reference',
      match_reason: 'QR reference',
    });
    const [movement] = await movementsOf(qr.iid);
    expect(movement).toMatchObject({
      id: entry?.movement_id,
      kind: 'payment',
      source: 'bank',
      method: 'bank-transfer',
      bank_entry_id: entry?.beid,
      amount_minor: '20000',
      reason: 'QR reference',
      booked_on: '2026-03-10',
    });
    expect((await invoiceOf(qr.iid)).status).toBe('paid');
    expect((await invoiceOf(rf.iid)).status).toBe('paid');
    const rfEntry = await db
      .selectFrom('bank_entries')
      .selectAll()
      .where('invoice_iid', '=', rf.iid)
      .executeTakeFirstOrThrow();
    expect(rfEntry).toMatchObject({
      match_rule: 'creditor-reference',
      match_reason: 'creditor reference (RF)',
    });
    const statement = await db
      .selectFrom('bank_statements')
      .selectAll()
      .where('bsid', '=', report.statements[0]?.bsid ?? '')
      .executeTakeFirstOrThrow();
    expect(statement).toMatchObject({
      entries: 2,
      credits: 2,
      booked: 2,
      unmatched: 0,
      credited_minor: '35000',
      file_name: 'camt054.xml',
      message_kind: 'camt.054',
    });
    const audits = await auditEntriesOf(db, 'bank_entries', entry?.beid ?? '')
      .select(['action'])
      .execute();
    expect(audits.map((audit) => audit.action)).toEqual(['import']);
  });

  it('books by an invoice number in the payment text; several numbers are left to a person', async () => {
    const mid = await addPayingMember(db, 'Basler Logistik GmbH');
    const one = await addOpenInvoice(db, mid, 30_000);
    const other = await addOpenInvoice(db, mid, 40_000);
    const report = await importXml(
      bankFile([
        entryOf([
          credit({ amountMinor: 30_000, unstructuredText: `Rechnung ${one.number} danke` }),
          credit({
            amountMinor: 70_000,
            unstructuredText: `Invoices ${one.number} and ${other.number}`,
          }),
        ]),
      ]),
    );
    expect(report.counts).toMatchObject({ paid: 1, unmatched: 1 });
    expect(report.byRule['invoice-number']).toBe(1);
    const entries = await entriesOfFirstStatement(report);
    expect(entries[0]).toMatchObject({
      state: 'booked',
      invoice_iid: one.iid,
      match_rule: 'invoice-number',
      match_reason: 'invoice number in the payment text',
    });
    expect(entries[1]).toMatchObject({
      state: 'unmatched',
      unmatched_reason: `the payment text names several invoices (${one.number}, ${other.number})`,
      invoice_iid: null,
    });
  });

  it("suggests the open invoice of the payer's member when the IBAN is known and the amount fits", async () => {
    const mid = await addPayingMember(db, 'Zürcher Cargo AG');
    const earlier = await addOpenInvoice(db, mid, 12_000);
    const open = await addOpenInvoice(db, mid, 34_500);
    const payerIban = 'CH5800791123000889012';
    await importXml(
      bankFile([
        entryOf([
          credit({ amountMinor: 12_000, structuredReference: earlier.reference, payerIban }),
        ]),
      ]),
    );
    const report = await importXml(
      bankFile([
        entryOf([
          credit({ amountMinor: 34_500, unstructuredText: 'Beitrag', payerIban }),
          credit({ amountMinor: 99_900, unstructuredText: 'Beitrag', payerIban }),
        ]),
      ]),
    );
    expect(report.counts).toMatchObject({ suggested: 1, unmatched: 1, paid: 0 });
    const entries = await entriesOfFirstStatement(report);
    expect(entries[0]).toMatchObject({
      state: 'suggested',
      invoice_iid: open.iid,
      member_mid: mid,
      match_rule: 'known-iban',
      match_reason: "payer's IBAN seen before and amount of an open invoice of that member",
      movement_id: null,
    });
    expect(entries[1]?.unmatched_reason).toBe(
      "the payer's IBAN is known, but no open invoice of that member has this amount",
    );
    expect((await invoiceOf(open.iid)).status).toBe('issued');
    expect(await movementsOf(open.iid)).toEqual([]);
  });

  it('leaves unmatched, with the reason: unknown reference, void invoice, another currency', async () => {
    const mid = await addPayingMember(db, 'Genfer Transit SA');
    const voided = await addOpenInvoice(db, mid, 10_000, { status: 'void' });
    const chf = await addOpenInvoice(db, mid, 10_000);
    const report = await importXml(
      bankFile([
        entryOf([
          credit({ amountMinor: 10_000, structuredReference: '210000000003139471430009017' }),
          credit({ amountMinor: 10_000, structuredReference: voided.reference }),
          credit({ amountMinor: 5_000, unstructuredText: 'Spende' }),
        ]),
      ]),
    );
    const eur = await importXml(
      bankFile(
        [
          entryOf([credit({ amountMinor: 10_000, structuredReference: chf.reference })], {
            currency: 'EUR',
          }),
        ],
        { iban: ourEurIban, currency: 'EUR' },
      ),
    );
    expect(report.counts).toMatchObject({ unmatched: 3, paid: 0 });
    expect(eur.counts).toMatchObject({ unmatched: 1, paid: 0 });
    const reasons = await db
      .selectFrom('bank_entries')
      .select(['unmatched_reason', 'state', 'invoice_iid'])
      .where('statement_bsid', 'in', [
        report.statements[0]?.bsid ?? '',
        eur.statements[0]?.bsid ?? '',
      ])
      .orderBy('created_at')
      .orderBy('transaction_position')
      .execute();
    expect(reasons.map((row) => row.unmatched_reason)).toEqual([
      'no invoice has the reference 210000000003139471430009017',
      `invoice ${voided.number} is void`,
      'no reference, no invoice number in the payment text, and the payer is not known from earlier payments',
      `the payment is in EUR, invoice ${chf.number} in CHF: never booked automatically`,
    ]);
    expect(reasons.every((row) => row.state === 'unmatched' && row.invoice_iid === null)).toBe(
      true,
    );
    expect((await invoiceOf(chf.iid)).status).toBe('issued');
    expect(await movementsOf(chf.iid)).toEqual([]);
  });

  it('applies the tolerance: short within it is paid (bank charges), beyond it partial, more is credit', async () => {
    const mid = await addPayingMember(db, 'Luzerner Frachten AG');
    const short = await addOpenInvoice(db, mid, 20_000);
    const partial = await addOpenInvoice(db, mid, 20_000);
    const over = await addOpenInvoice(db, mid, 20_000);
    const report = await importXml(
      bankFile([
        entryOf([
          credit({ amountMinor: 19_850, structuredReference: short.reference }),
          credit({ amountMinor: 15_000, structuredReference: partial.reference }),
          credit({ amountMinor: 25_000, structuredReference: over.reference }),
        ]),
      ]),
    );
    expect(report.counts).toMatchObject({ paid: 1, partial: 1, overpaid: 1 });
    expect(await invoiceOf(short.iid)).toMatchObject({
      status: 'paid',
      written_off_minor: '150',
      balance_minor: '0',
    });
    expect(await invoiceOf(partial.iid)).toMatchObject({
      status: 'issued',
      paid_minor: '15000',
      balance_minor: '5000',
    });
    expect(await invoiceOf(over.iid)).toMatchObject({ status: 'paid', balance_minor: '0' });
    const [payment] = await movementsOf(over.iid);
    expect(payment).toMatchObject({ settles_minor: '20000', credit_minor: '5000' });
    const outcomes = await db
      .selectFrom('bank_entries')
      .select(['invoice_iid', 'outcome'])
      .where('statement_bsid', '=', report.statements[0]?.bsid ?? '')
      .execute();
    expect(Object.fromEntries(outcomes.map((row) => [row.invoice_iid, row.outcome]))).toEqual({
      [short.iid]: 'paid',
      [partial.iid]: 'partial',
      [over.iid]: 'overpaid',
    });
  });

  it('books a second payment of a paid invoice to the member credit (overpaid)', async () => {
    const mid = await addPayingMember(db, 'Thuner Umzüge GmbH');
    const invoice = await addOpenInvoice(db, mid, 8_000);
    const report = await importXml(
      bankFile([
        entryOf([credit({ amountMinor: 8_000, structuredReference: invoice.reference })]),
        entryOf([credit({ amountMinor: 8_000, structuredReference: invoice.reference })]),
      ]),
    );
    expect(report.counts).toMatchObject({ entries: 2, paid: 1, overpaid: 1 });
    const movements = await movementsOf(invoice.iid);
    expect(movements.map((m) => [m.settles_minor, m.credit_minor])).toEqual([
      ['8000', '0'],
      ['0', '8000'],
    ]);
  });

  it('reads batch bookings and several statements in one file, and lists debits without booking them', async () => {
    const mid = await addPayingMember(db, 'Walliser Kühltransporte AG');
    const invoices = await Promise.all([1, 2, 3, 4].map((n) => addOpenInvoice(db, mid, 1_000 * n)));
    const report = await importXml(
      bankFile(
        [
          entryOf(
            invoices
              .slice(0, 3)
              .map((inv, i) =>
                credit({ amountMinor: 1_000 * (i + 1), structuredReference: inv.reference }),
              ),
          ),
          entryOf([credit({ amountMinor: 2_400, unstructuredText: 'Kontogebühr' })], {
            direction: 'debit',
          }),
        ],
        {
          kind: 'camt.053',
          version: '001.04',
          iban: ourIban,
          more: [
            {
              id: 'SECOND',
              iban: ourIban,
              currency: 'CHF',
              entries: [
                entryOf([
                  credit({ amountMinor: 4_000, structuredReference: invoices[3]?.reference }),
                ]),
              ],
            },
          ],
        },
      ),
    );
    expect(report.statements).toHaveLength(2);
    expect(report.counts).toMatchObject({
      entries: 5,
      credits: 4,
      debits: 1,
      paid: 4,
      duplicates: 0,
    });
    const batch = await db
      .selectFrom('bank_entries')
      .selectAll()
      .where('statement_bsid', '=', report.statements[0]?.bsid ?? '')
      .orderBy('entry_position')
      .orderBy('transaction_position')
      .execute();
    expect(batch.map((row) => [row.entry_position, row.transaction_position, row.state])).toEqual([
      [1, 1, 'booked'],
      [1, 2, 'booked'],
      [1, 3, 'booked'],
      [2, 1, 'debit'],
    ]);
    expect(batch[0]?.batch_reference).toMatch(/^NTRY-/);
    expect(batch[3]).toMatchObject({ direction: 'debit', invoice_iid: null, movement_id: null });
    for (const invoice of invoices) expect((await invoiceOf(invoice.iid)).status).toBe('paid');
  });
});

describe('importing a bank file: idempotence', () => {
  let database: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    ({ database, db } = await openImportDatabase());
  });
  afterAll(() => database.close());

  const importXml = (xml: string) =>
    importBankFile(db, actor, { content: xml, fileName: 'x.xml' }, context);
  const paymentsOf = async (iid: string) =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*) AS n FROM money_movements
          WHERE invoice_iid = ${iid} AND kind = 'payment'`.execute(db)
      ).rows[0]?.n,
    );

  it('books nothing twice when a camt.053 repeats what a camt.054 reported', async () => {
    const mid = await addPayingMember(db, 'Aargauer Speditions AG');
    const a = await addOpenInvoice(db, mid, 5_000);
    const b = await addOpenInvoice(db, mid, 6_000);
    const first = credit({ amountMinor: 5_000, structuredReference: a.reference });
    const second = credit({ amountMinor: 6_000, structuredReference: b.reference });
    // No bank reference at all: known by the hash of account, date, amount, reference, payer.
    const unreferenced = { amountMinor: 777, unstructuredText: 'Kaffeekasse', payerName: 'Anna' };
    const notification = await importXml(
      bankFile([
        entryOf([first]),
        entryOf([unreferenced], { accountServicerReference: undefined }),
      ]),
    );
    expect(notification.counts).toMatchObject({ paid: 1, unmatched: 1, duplicates: 0 });
    const statement = await importXml(
      bankFile(
        [
          entryOf([first, second]),
          entryOf([unreferenced], { accountServicerReference: undefined }),
        ],
        { kind: 'camt.053', iban: ourIban },
      ),
    );
    expect(statement.counts).toMatchObject({ entries: 3, paid: 1, unmatched: 0, duplicates: 2 });
    expect(await paymentsOf(a.iid)).toBe(1);
    expect(await paymentsOf(b.iid)).toBe(1);
    const duplicates = await db
      .selectFrom('bank_entries')
      .select(['state', 'duplicate_of', 'movement_id'])
      .where('statement_bsid', '=', statement.statements[0]?.bsid ?? '')
      .where('state', '=', 'duplicate')
      .execute();
    expect(duplicates).toHaveLength(2);
    expect(duplicates.every((row) => row.duplicate_of !== null && row.movement_id === null)).toBe(
      true,
    );
  });

  it('reports the same file imported twice as duplicates, and writes nothing the second time', async () => {
    const mid = await addPayingMember(db, 'Berner Kurier AG');
    const invoice = await addOpenInvoice(db, mid, 9_000);
    const xml = bankFile([
      entryOf([credit({ amountMinor: 9_000, structuredReference: invoice.reference })]),
    ]);
    const once = await importXml(xml);
    const entriesBefore = await db.selectFrom('bank_entries').select('beid').execute();
    const twice = await importXml(xml);
    expect(once.counts.paid).toBe(1);
    expect(twice.counts).toMatchObject({ entries: 1, paid: 0, duplicates: 1 });
    expect(twice.statements[0]).toMatchObject({
      isDuplicate: true,
      bsid: once.statements[0]?.bsid,
    });
    expect(await db.selectFrom('bank_entries').select('beid').execute()).toHaveLength(
      entriesBefore.length,
    );
    expect(await paymentsOf(invoice.iid)).toBe(1);
  });

  it('books exactly once when the same file is imported twice at the same time', async () => {
    const mid = await addPayingMember(db, 'Solothurner Transporte AG');
    const invoices = await Promise.all([1, 2, 3].map(() => addOpenInvoice(db, mid, 3_000)));
    const xml = bankFile([batchPaying(invoices, 3_000)]);
    const reports = await Promise.all([importXml(xml), importXml(xml)]);
    const paid = reports.map((report) => report.counts.paid).sort();
    expect(paid).toEqual([0, 3]);
    expect(reports.map((report) => report.counts.duplicates).sort()).toEqual([0, 3]);
    for (const invoice of invoices) expect(await paymentsOf(invoice.iid)).toBe(1);
  });

  it('books exactly once when two files report the same payments at the same time', async () => {
    const mid = await addPayingMember(db, 'Churer Bahnlogistik AG');
    const invoice = await addOpenInvoice(db, mid, 4_200);
    const payment = credit({ amountMinor: 4_200, structuredReference: invoice.reference });
    const reports = await Promise.all([
      importXml(bankFile([entryOf([payment])])),
      importXml(bankFile([entryOf([payment])], { kind: 'camt.053', iban: ourIban })),
    ]);
    expect(reports.map((report) => report.counts.paid).sort()).toEqual([0, 1]);
    expect(await paymentsOf(invoice.iid)).toBe(1);
  });

  it('refuses a file of an account that is not ours, naming the IBAN, and writes nothing', async () => {
    const before = await db.selectFrom('bank_statements').select('bsid').execute();
    await expect(
      importXml(
        bankFile([entryOf([credit({ amountMinor: 100 })])], { iban: 'DE89370400440532013000' }),
      ),
    ).rejects.toMatchObject({
      code: 'invalid-argument',
      issues: [expect.objectContaining({ path: 'file', rule: 'exists' })],
      message: expect.stringContaining('DE89370400440532013000'),
    });
    expect(await db.selectFrom('bank_statements').select('bsid').execute()).toHaveLength(
      before.length,
    );
  });
});
