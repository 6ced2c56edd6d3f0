import { invoiceNumbersInFileName } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPublicUrl, type TestApp } from '../../test/app';
import { createWriteTestApp } from '../../test/fixtures';
import { expectForbidden, expectInvalid } from '../../test/requests';
import { insertInvoice, insertMember, samplePdf } from './pdf-test-support';
import { auditEntriesOf } from '../../test/audit';

/** One file as the browser's FormData sends it. */
function multipart(fileName: string, bytes: Buffer) {
  const boundary = '----opsTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('invoice PDFs upload', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;

  beforeAll(async () => {
    ({ t, cookie, readOnlyCookie } = await createWriteTestApp('finance@example.org', ['finance']));
  });
  afterAll(() => t.close());

  const upload = (
    fileName: string,
    bytes: Buffer,
    options: { replace?: boolean; as?: string } = {},
  ) => {
    const body = multipart(fileName, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/invoices/pdfs${options.replace ? '?replace=1' : ''}`,
      headers: {
        cookie: options.as ?? cookie,
        origin: testPublicUrl,
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
  };
  const stateOf = async (iid: string) => {
    const invoice = await t.database.db
      .selectFrom('invoices')
      .select(['pdf_file', 'version'])
      .where('iid', '=', iid)
      .executeTakeFirstOrThrow();
    const file = await t.database.db
      .selectFrom('invoice_files')
      .select(['content', 'original_name', 'uploaded_by'])
      .where('iid', '=', iid)
      .executeTakeFirst();
    const audits = await auditEntriesOf(t.database.db, 'invoices', iid)
      .select(['action', 'after'])
      .execute();
    return { ...invoice, file, audits };
  };
  const newInvoice = async () => {
    const member = await insertMember(t.database.db);
    return insertInvoice(t.database.db, { currency: 'CHF', member_mid: member.mid });
  };

  it('finds the invoice number in a file name: YYYY-NNNNNN touching no other digit', () => {
    expect(invoiceNumbersInFileName('2026-000123.pdf')).toEqual(['2026-000123']);
    expect(invoiceNumbersInFileName('Invoice 2026-000123 ACME.PDF')).toEqual(['2026-000123']);
    expect(invoiceNumbersInFileName('scans/ACME_2026-000123_final.pdf')).toEqual(['2026-000123']);
    expect(invoiceNumbersInFileName('2026-000123 (copy of 2026-000123).pdf')).toEqual([
      '2026-000123',
    ]);
    expect(invoiceNumbersInFileName('2026-000123 and 2026-000124.pdf')).toEqual([
      '2026-000123',
      '2026-000124',
    ]);
    expect(invoiceNumbersInFileName('12026-0001234.pdf')).toEqual([]);
    expect(invoiceNumbersInFileName('scan 17.pdf')).toEqual([]);
  });

  it('matches names before the upload: matched, unknown, ambiguous, without a number, exact imported numbers', async () => {
    const invoice = await newInvoice();
    const other = await newInvoice();
    const imported = await insertInvoice(t.database.db, { currency: 'CHF', number: 'INV 17-A' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/invoices/pdfs/match',
      headers: { cookie, origin: testPublicUrl },
      payload: {
        fileNames: [
          `Invoice ${invoice.number} ACME.pdf`,
          '2026-999998.pdf',
          `${invoice.number} ${other.number}.pdf`,
          'scan.pdf',
          'INV 17-A.pdf',
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { matches } = response.json<{ matches: Record<string, unknown>[] }>();
    expect(matches.map((match) => match.rule)).toEqual([
      null,
      'unknown_invoice',
      'ambiguous_invoice_number',
      'no_invoice_number',
      null,
    ]);
    expect(matches[0]).toMatchObject({ iid: invoice.iid, number: invoice.number, hasPdf: false });
    expect(matches[4]).toMatchObject({ iid: imported.iid });
    expect(matches[2]?.reason).toContain(other.number);
  });

  it('stores and attaches a PDF, audited, and the invoice then serves it', async () => {
    const invoice = await newInvoice();
    const bytes = samplePdf('first upload', 2048);
    const response = await upload(`Invoice ${invoice.number} ACME.pdf`, bytes);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      iid: invoice.iid,
      number: invoice.number,
      outcome: 'attached',
      byteSize: bytes.length,
      fileName: `Invoice ${invoice.number} ACME.pdf`,
    });
    const state = await stateOf(invoice.iid);
    expect(state.pdf_file).toBe(`Invoice ${invoice.number} ACME.pdf`);
    expect(state.version).toBe(2);
    expect(state.file?.content.equals(bytes)).toBe(true);
    expect(state.audits.map((audit) => audit.action)).toEqual(['attach-pdf']);

    const served = await t.app.inject({
      url: `/api/invoices/${invoice.iid}/pdf`,
      headers: { cookie: readOnlyCookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-invoice-pdf-source']).toBe('attached');
    // An uploaded file is shown only as a sandboxed document (issue 13).
    expect(served.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const generated = await t.app.inject({
      url: `/api/invoices/${invoice.iid}/pdf?source=generated`,
      headers: { cookie },
    });
    expect(generated.headers['x-invoice-pdf-source']).toBe('generated');
    expect(generated.rawPayload.equals(bytes)).toBe(false);
  });

  it('replaces an attached PDF only when asked to', async () => {
    const invoice = await newInvoice();
    const first = samplePdf('first');
    const second = samplePdf('second');
    expect((await upload(`${invoice.number}.pdf`, first)).statusCode).toBe(201);

    const refused = await upload(`${invoice.number}.pdf`, second);
    expectInvalid(refused, 'body.file', 'has_pdf');
    expect(refused.json().error.message).toContain('Replace existing');
    expect((await stateOf(invoice.iid)).file?.content.equals(first)).toBe(true);

    const replaced = await upload(`${invoice.number} corrected.pdf`, second, { replace: true });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json()).toMatchObject({ outcome: 'replaced' });
    const state = await stateOf(invoice.iid);
    expect(state.file?.content.equals(second)).toBe(true);
    expect(state.pdf_file).toBe(`${invoice.number} corrected.pdf`);
    expect(state.audits).toHaveLength(2);
  });

  it('attaches one of two files sent for the same invoice at the same time, refusing the other', async () => {
    const invoice = await newInvoice();
    const answers = await Promise.all([
      upload(`${invoice.number} a.pdf`, samplePdf('a')),
      upload(`${invoice.number} b.pdf`, samplePdf('b')),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    const state = await stateOf(invoice.iid);
    expect(state.version).toBe(2);
    expect(state.audits).toHaveLength(1);
  });

  it('refuses what is not a PDF (or only further on), empty, cut short, unmatched or ambiguous, storing nothing', async () => {
    const invoice = await newInvoice();
    const other = await newInvoice();
    const cases: [string, Buffer, string][] = [
      [`${invoice.number}.pdf`, Buffer.from('PK\u0003\u0004 a zip file, renamed'), 'not_pdf'],
      [`${invoice.number}.pdf`, samplePdf('cut').subarray(0, 40), 'not_pdf'],
      // A polyglot: a page first, the PDF header at offset 100.
      [
        `${invoice.number}.pdf`,
        Buffer.concat([Buffer.from('<html><script>alert(1)</script>'.padEnd(100)), samplePdf('x')]),
        'not_pdf',
      ],
      [`${invoice.number}.pdf`, Buffer.alloc(0), 'empty'],
      ['2026-999999.pdf', samplePdf('unknown'), 'unknown_invoice'],
      ['scan.pdf', samplePdf('no number'), 'no_invoice_number'],
      [`${invoice.number}-${other.number}.pdf`, samplePdf('two'), 'ambiguous_invoice_number'],
    ];
    for (const [name, bytes, rule] of cases) {
      expectInvalid(await upload(name, bytes), 'body.file', rule);
    }
    for (const iid of [invoice.iid, other.iid]) {
      const state = await stateOf(iid);
      expect(state).toMatchObject({ pdf_file: null, version: 1, file: undefined, audits: [] });
    }
  });

  it('refuses a file above 10 MB with 413', async () => {
    const invoice = await newInvoice();
    const response = await upload(`${invoice.number}.pdf`, samplePdf('big', 10 * 1024 * 1024 + 10));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toContain('10 MB');
    expect((await stateOf(invoice.iid)).file).toBeUndefined();
  });

  it('lets only operators who may edit invoices upload', async () => {
    const invoice = await newInvoice();
    expectForbidden(
      await upload(`${invoice.number}.pdf`, samplePdf('x'), { as: readOnlyCookie }),
      'invoices.edit',
    );
    expectForbidden(
      await t.app.inject({
        method: 'POST',
        url: '/api/invoices/pdfs/match',
        headers: { cookie: readOnlyCookie, origin: testPublicUrl },
        payload: { fileNames: ['a.pdf'] },
      }),
      'invoices.edit',
    );
    expect((await stateOf(invoice.iid)).file).toBeUndefined();
  });
});
