import type { TBankImportReport } from '@ops/contract';
import { formatMoney } from '@ops/contract/display-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, testPublicUrl, type TestApp } from '../../../test/app';
import { expectForbidden, expectInvalid } from '../../../test/requests';
import {
  addOpenInvoice,
  addOurAccounts,
  addPayingMember,
  bankFile,
  credit,
  entryOf,
} from './test-support';

const url = '/api/bank-statements/imports?fileName=camt054-2026-03-10.xml';

describe('POST /api/bank-statements/imports', () => {
  let t: TestApp;
  let finance: string;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    await addOurAccounts(t.database.db);
    finance = await signInAsNewOperator(t, 'finance@example.org', ['finance']);
    reader = await signInAsNewOperator(t, 'reader@example.org', ['read-only']);
  });
  afterAll(() => t.close());

  const upload = (body: string, cookie = finance, contentType = 'application/xml') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, origin: testPublicUrl, 'content-type': contentType },
      payload: body,
    });
  const written = async () => ({
    statements: (await t.database.db.selectFrom('bank_statements').select('bsid').execute()).length,
    entries: (await t.database.db.selectFrom('bank_entries').select('beid').execute()).length,
    movements: (await t.database.db.selectFrom('money_movements').select('id').execute()).length,
  });

  it('imports the raw XML and answers the report (any of the three content types)', async () => {
    const mid = await addPayingMember(t.database.db, 'Rheinhafen Spedition AG');
    const invoice = await addOpenInvoice(t.database.db, mid, 12_500);
    const xml = bankFile([
      entryOf([
        credit({ amountMinor: 12_500, structuredReference: invoice.reference }),
        credit({ amountMinor: 100, unstructuredText: 'Spende' }),
      ]),
    ]);
    const response = await upload(xml, finance, 'text/xml');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<TBankImportReport>();
    expect(report).toMatchObject({
      fileName: 'camt054-2026-03-10.xml',
      counts: { entries: 2, paid: 1, unmatched: 1, duplicates: 0 },
      byRule: { 'qr-reference': 1 },
      bookedTotals: [{ currency: 'CHF', amountMinor: '12500' }],
      statements: [{ kind: 'camt.054', version: '001.08', accountLabel: 'Fees CHF' }],
    });
    expect(report.message).toBe(
      `2 payments read, 1 booked (${formatMoney(12_500, 'CHF')}), 1 unmatched.`,
    );
    const again = await upload(xml, finance, 'application/octet-stream');
    expect(again.statusCode).toBe(200);
    expect(again.json<TBankImportReport>().counts).toMatchObject({ duplicates: 2, paid: 0 });
    const row = await t.database.db
      .selectFrom('bank_statements')
      .select(['imported_by', 'file_name'])
      .executeTakeFirstOrThrow();
    expect(row.file_name).toBe('camt054-2026-03-10.xml');
    expect(row.imported_by).not.toBeNull();
  });

  it('needs a session (401) and the import permission (403 for a read-only operator)', async () => {
    const xml = bankFile([entryOf([credit({ amountMinor: 100 })])]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url,
      headers: { origin: testPublicUrl, 'content-type': 'application/xml' },
      payload: xml,
    });
    expect(anonymous.statusCode).toBe(401);
    expectForbidden(await upload(xml, reader), 'bank-statements.import');
  });

  it('refuses an unreadable file with a 400 naming the file and the rule, and writes nothing', async () => {
    const before = await written();
    const good = bankFile([entryOf([credit({ amountMinor: 1_250 })])]);
    const cases: [string, string][] = [
      ['this is not XML <', 'not-xml'],
      [good.replace('<Document', '<!DOCTYPE Document>\n<Document'), 'doctype'],
      [good.replace(/^(<\?xml[^>]*\?>)?/, '$1<!DOCTYPE d [<!ENTITY x "y">]>'), 'doctype'],
      [good.replaceAll('camt.054.001.08', 'camt.052.001.08'), 'unknown-namespace'],
      [good.replaceAll('>12.50</Amt>', '>-12.50</Amt>'), 'amount'],
      [good.replaceAll('>12.50</Amt>', '>12,50</Amt>'), 'amount'],
      [bankFile([]), 'no-entries'],
      [
        bankFile([entryOf([credit({ amountMinor: 100 })])], { iban: 'DE89370400440532013000' }),
        'exists',
      ],
    ];
    for (const [body, rule] of cases) {
      const response = await upload(body);
      expectInvalid(response, 'file', rule);
      if (rule === 'exists') expect(response.body).toContain('DE89370400440532013000');
    }
    expectInvalid(await upload(''), 'file', 'required');
    expect(await written()).toEqual(before);
  });

  it('refuses 200,000 nested elements in under 2 MB with a 400 (xml-depth) and stays ready (issue 31)', async () => {
    const before = await written();
    const good = bankFile([entryOf([credit({ amountMinor: 1_250 })])]);
    const levels = 200_000;
    const nested = good.replace(
      '<GrpHdr>',
      `<GrpHdr>${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}`,
    );
    expect(nested.length).toBeLessThan(2 * 1024 * 1024);
    expectInvalid(await upload(nested), 'file', 'xml-depth');
    expect(await written()).toEqual(before);
    // Deep but not absurd (attributes holding ">", comments, self-closing tags): read as before.
    const decorated = bankFile([entryOf([credit({ amountMinor: 1_250 })])], {
      messageId: 'DEEP-BUT-FINE',
    }).replace(
      '<GrpHdr>',
      `<GrpHdr><!-- a > b --><Note x="1>2"/>${'<b>'.repeat(30)}${'</b>'.repeat(30)}`,
    );
    const imported = await upload(decorated);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('validates the file name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/bank-statements/imports?fileName=../etc/passwd',
      headers: { cookie: finance, origin: testPublicUrl, 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expectInvalid(response, 'query.fileName');
  });
});
