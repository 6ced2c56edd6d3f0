import type { TInvoiceUpload, TInvoiceUploadMapping, TUploadInvalidRows } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { insertMembers, memberRow } from '../../test/fixtures';
import { todayAtHeadquarters } from '../lib/dates';
import { loadCountries } from '../seed/countries';
import { uploadFollowUpsSettled } from '../uploads';

type ErrorBody = {
  error: { code: string; message: string; issues?: { path: string; rule: string }[] };
};

const currentYear = Number(todayAtHeadquarters().slice(0, 4));
const today = todayAtHeadquarters();

describe('invoice CSV upload', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'finance@example.org', ['finance']);
    readOnlyCookie = await signInAsNewOperator(t, 'reader@example.org', ['read-only']);
    await loadCountries(t.database.pool);
    await insertMembers(t.database.db, [
      memberRow('mem1', { number: 'M-1', email: 'one@example.org' }),
      memberRow('mem2', { number: 'M-2', status: 'pending-payment', email: 'two@example.org' }),
      memberRow('mem3', { number: 'M-3', status: 'suspended' }),
      memberRow('mem4', { number: 'M-4', deleted_at: new Date() }),
      memberRow('mem5', { number: 'M-5', status: 'pending-payment', paid_through_year: 2020 }),
      memberRow('mem6', { number: 'M-6', status: 'pending-payment' }),
    ]);
    await t.database.db
      .insertInto('bank_accounts')
      .values([
        {
          id: 'acc-chf',
          label: 'Fees CHF',
          bank_name: 'Test Bank',
          holder_name: 'Federation',
          holder_address: 'Zürich',
          iban: 'CH9300762011623852957',
          currency: 'CHF',
          is_default: true,
        },
        {
          id: 'acc-eur',
          label: 'Fees EUR',
          bank_name: 'Test Bank',
          holder_name: 'Federation',
          holder_address: 'Zürich',
          iban: 'CH5604835012345678009',
          currency: 'EUR',
          is_default: true,
        },
      ])
      .execute();
  });
  afterAll(() => t.close());

  const upload = async (content: Buffer | string, who = cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/invoices/uploads?filename=invoices.csv',
      headers: { cookie: who, 'content-type': 'text/csv' },
      payload: typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    });
    return { status: response.statusCode, body: response.json<TInvoiceUpload & ErrorBody>() };
  };
  const validate = async (id: string, mapping: TInvoiceUploadMapping, who = cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/uploads/${id}/validate`,
      headers: { cookie: who },
      payload: { mapping },
    });
    return { status: response.statusCode, body: response.json<TInvoiceUpload & ErrorBody>() };
  };
  const commit = async (id: string, mode: string, who = cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/uploads/${id}/commit`,
      headers: { cookie: who },
      payload: { mode },
    });
    return { status: response.statusCode, body: response.json<TInvoiceUpload & ErrorBody>() };
  };
  const invalidRows = async (id: string) => {
    const response = await t.app.inject({
      url: `/api/invoices/uploads/${id}/invalid-rows?limit=500`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<TUploadInvalidRows>().data;
  };
  const uploadAndValidate = async (content: Buffer | string) => {
    const uploaded = await upload(content);
    expect(uploaded.status).toBe(201);
    const validated = await validate(uploaded.body.id, uploaded.body.mapping);
    expect(validated.status).toBe(200);
    return validated.body;
  };
  /** Upload, validate with the guessed mapping, commit, wait for the follow-up. */
  const uploadAndCommit = async (content: Buffer | string, mode = 'all-or-nothing') => {
    const validated = await uploadAndValidate(content);
    const committed = await commit(validated.id, mode);
    expect(committed.status).toBe(200);
    await uploadFollowUpsSettled();
    const after = await t.app.inject({
      url: `/api/invoices/uploads/${validated.id}`,
      headers: { cookie },
    });
    return { validated, committed: after.json<TInvoiceUpload>() };
  };
  const invoice = (number: string) =>
    t.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('number', '=', number)
      .executeTakeFirst();
  const member = (number: string) =>
    t.database.db
      .selectFrom('members')
      .selectAll()
      .where('number', '=', number)
      .executeTakeFirstOrThrow();

  it('reads UTF-8 with a BOM and semicolons, decimal commas exact, and inserts the invoices', async () => {
    const file = [
      'Invoice number;Member no;Year;Issue date;Due date;Currency;Description;Amount;Donation;Status',
      `A-001;M-1;2024;2024-01-10;2024-02-10;CHF;Membership fee 2024;1'250,50;;issued`,
      'A-002;M-1;2024;10.01.2024;;CHF;Licence FBL;0,10;0,20;issued',
      'A-003;M-2;2024;2024-01-10;;EUR;Membership fee 2024;80;25;draft',
    ].join('\r\n');
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const uploaded = await upload(Buffer.concat([bom, Buffer.from(`${file}\r\n`)]));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ encoding: 'utf-8', hasBom: true, separator: ';' });
    expect(uploaded.body.mapping).toMatchObject({
      number: 0,
      memberNumber: 1,
      year: 2,
      issueDate: 3,
      dueDate: 4,
      currency: 5,
      description: 6,
      amount: 7,
      donation: 8,
      status: 9,
    });
    const validated = await validate(uploaded.body.id, uploaded.body.mapping);
    expect(validated.body.validation).toEqual({
      rows: 3,
      valid: 3,
      invalid: 0,
      toInsert: 3,
      toUpdate: 0,
      unchanged: 0,
      toMarkPaid: 0,
    });
    const committed = await commit(uploaded.body.id, 'all-or-nothing');
    expect(committed.body.result).toMatchObject({ inserted: 3, updated: 0, paid: 0 });

    const first = await invoice('A-001');
    expect(first).toMatchObject({
      member_mid: 'mem1',
      kind: 'membership',
      year: 2024,
      issue_date: '2024-01-10',
      due_date: '2024-02-10',
      currency: 'CHF',
      subtotal_minor: '125050',
      total_minor: '125050',
      status: 'issued',
      source: 'csv-import',
      import_batch: uploaded.body.id,
      bank_account_id: 'acc-chf',
      version: 1,
    });
    expect(first?.lines).toEqual([
      {
        description: 'Membership fee 2024',
        quantity: 1,
        unitAmountMinor: 125050,
        vatRate: null,
        vatExemption: 'Outside the scope of Swiss VAT (membership fee)',
      },
    ]);
    // 0.10 + 0.20 is 30 cents, exactly.
    const second = await invoice('A-002');
    expect(second).toMatchObject({
      subtotal_minor: '10',
      donation_minor: '20',
      total_minor: '30',
      issue_date: '2024-01-10',
    });
    expect(await invoice('A-003')).toMatchObject({
      status: 'draft',
      currency: 'EUR',
      bank_account_id: 'acc-eur',
      total_minor: '10500',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', first?.iid ?? '')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', table_name: 'invoices' });
    expect(audit[0]?.after).toMatchObject({ number: 'A-001', _reason: 'CSV upload invoices.csv' });
    // The entry (built as validation staged the row) is the invoice as the commit inserted it.
    const written = await sql<{ row: Record<string, unknown> }>`
      SELECT jsonb_strip_nulls(to_jsonb(i) - ARRAY['version', 'created_at', 'updated_at',
               'created_by', 'updated_by']) AS row
        FROM invoices i WHERE iid = ${first?.iid ?? ''}`.execute(t.database.db);
    expect(audit[0]?.after).toEqual({
      ...written.rows[0]?.row,
      _reason: 'CSV upload invoices.csv',
    });
  });

  it('reads Windows-1252 with commas and decimal points', async () => {
    const text = [
      'Invoice no,Membership number,Issue date,Currency,Description,Amount,VAT rate',
      'B-001,M-1,2024-03-01,CHF,Schulung Zürich,"1,250.00","8,1"',
      'B-002,M-1,2024-03-01,CHF,Ärger,0.10,',
    ].join('\r\n');
    const { committed } = await uploadAndCommit(Buffer.from(`${text}\r\n`, 'latin1'));
    expect(committed.encoding).toBe('windows-1252');
    expect(committed.separator).toBe(',');
    expect(committed.result?.inserted).toBe(2);
    // 1,250.00 at 8.1 % VAT: 101.25 VAT, half up.
    expect(await invoice('B-001')).toMatchObject({
      subtotal_minor: '125000',
      vat_minor: '10125',
      total_minor: '135125',
      year: 2024,
    });
    const b1 = await invoice('B-001');
    expect(b1?.lines[0]).toMatchObject({ description: 'Schulung Zürich', vatRate: 8.1 });
    expect((await invoice('B-002'))?.lines[0]?.description).toBe('Ärger');
  });

  it('reports bad rows with their line and reason, and all-or-nothing writes nothing', async () => {
    const file = [
      'Invoice number,Member number,Issue date,Currency,Amount,Status,Paid on',
      'C-001,M-1,2024-01-01,CHF,100,issued,',
      'C-002,M-404,2024-01-01,CHF,100,issued,',
      'C-003,M-4,2024-01-01,CHF,100,issued,',
      'C-004,M-1,2024-01-01,GBP,1,250,issued,',
      'C-005,M-1,2024-01-01,CHF,"1,250",issued,',
      'C-006,M-1,2024-01-01,CHF,12.345,issued,',
      'C-007,M-1,,CHF,100,issued,',
      'C-008,M-1,2024-01-01,CHF,100,paid,',
      'C-009,M-1,2024-01-01,CHF,100,issued,2024-01-05',
      'C-010,M-1,2024-01-01,CHF,100,sleeping,',
      'C-001,M-1,2024-01-01,CHF,100,issued,',
    ].join('\n');
    const validated = await uploadAndValidate(file);
    expect(validated.validation).toMatchObject({ rows: 11, valid: 0, invalid: 11 });
    const rows = await invalidRows(validated.id);
    const byLine = new Map(rows.map((row) => [row.line, row.reason]));
    expect(byLine.get(2)).toBe('Invoice number C-001 is also on line 12');
    expect(byLine.get(12)).toBe('Invoice number C-001 is also on line 2');
    expect(byLine.get(3)).toBe('Membership number M-404 is not a member');
    expect(byLine.get(4)).toBe('Membership number M-4 belongs to a deleted member');
    expect(byLine.get(5)).toMatch(/Currency "GBP" is not one of CHF, EUR, USD/);
    expect(byLine.get(6)).toMatch(/^Amount: "1,250" is ambiguous/);
    expect(byLine.get(7)).toMatch(/^Amount: "12.345" is ambiguous/);
    expect(byLine.get(8)).toBe('Issue date is required for a issued invoice');
    expect(byLine.get(9)).toBe('Paid on is required for a paid invoice');
    expect(byLine.get(10)).toBe('Paid on is set but the status is issued, not paid');
    expect(byLine.get(11)).toMatch(/Status "sleeping" is not one of draft, issued, paid/);
    // The cells come back as read, also for rows refused by the whole-file checks.
    expect(rows.find((row) => row.line === 3)?.values).toEqual([
      'C-002',
      'M-404',
      '2024-01-01',
      'CHF',
      '100',
      'issued',
      '',
    ]);
    const refused = await commit(validated.id, 'all-or-nothing');
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues?.[0]).toMatchObject({
      path: 'body.mode',
      rule: 'all-or-nothing',
    });
    expect(await invoice('C-002')).toBeUndefined();
  });

  it('commits the valid rows only when asked', async () => {
    const file = [
      'Invoice number,Member number,Issue date,Currency,Amount',
      'D-001,M-1,2024-01-01,CHF,100',
      'D-002,M-999,2024-01-01,CHF,100',
      'D-003,M-1,2024-01-01,CHF,abc',
      'D-004,M-2,2024-01-01,USD,55.5',
    ].join('\n');
    const validated = await uploadAndValidate(file);
    expect(validated.validation).toMatchObject({ valid: 2, invalid: 2 });
    expect((await commit(validated.id, 'all-or-nothing')).status).toBe(400);
    const committed = await commit(validated.id, 'valid-only');
    expect(committed.status).toBe(200);
    expect(committed.body.result).toMatchObject({ inserted: 2, rejected: 2 });
    // No default USD account: the invoice names none.
    expect(await invoice('D-004')).toMatchObject({ total_minor: '5550', bank_account_id: null });
    expect(await invoice('D-002')).toBeUndefined();
    const report = await t.app.inject({
      url: `/api/invoices/uploads/${validated.id}/rejected.csv`,
      headers: { cookie },
    });
    const lines = report.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Line,Reason,Invoice number,Member number,Issue date,Currency,Amount');
    expect(lines[1]).toBe(
      '3,Membership number M-999 is not a member,D-002,M-999,2024-01-01,CHF,100',
    );
    expect(lines[2]).toMatch(/^4,"?Amount: "/);
  });

  it('is idempotent: the same file twice changes nothing; a changed row updates only its invoice', async () => {
    const file = [
      'Invoice number;Member number;Issue date;Currency;Amount;Payment reference',
      'E-001;M-1;2024-01-01;CHF;100,00;RF18 5390 0754 7034',
      'E-002;M-1;2024-01-01;CHF;200;',
    ].join('\n');
    await uploadAndCommit(file);
    const before = await invoice('E-001');
    const again = await uploadAndCommit(file);
    expect(again.validated.validation).toMatchObject({ toInsert: 0, toUpdate: 0, unchanged: 2 });
    expect(again.committed.result).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });
    expect((await invoice('E-001'))?.version).toBe(before?.version);
    expect((await invoice('E-001'))?.updated_at).toEqual(before?.updated_at);

    const changed = await uploadAndCommit(file.replace('200;', '210,50;'));
    expect(changed.committed.result).toMatchObject({ inserted: 0, updated: 1, unchanged: 1 });
    const e2 = await invoice('E-002');
    expect(e2).toMatchObject({ total_minor: '21050', version: 2 });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', e2?.iid ?? '')
      .where('action', '=', 'update')
      .executeTakeFirstOrThrow();
    expect(audit.before).toMatchObject({ total_minor: 20000, subtotal_minor: 20000 });
    expect(audit.after).toMatchObject({ total_minor: 21050, _reason: 'CSV upload invoices.csv' });
  });

  it('runs rule 2 for paid rows: member active, paid through, the year’s certificate issued', async () => {
    const file = [
      'Invoice number,Member number,Year,Issue date,Currency,Amount,Status,Paid on,Paid amount,Payment method',
      `F-001,M-2,${currentYear},${currentYear}-01-05,CHF,500,paid,${today},,`,
      `F-002,M-5,2019,2019-01-05,CHF,400,paid,2019-02-01,400.00,cash`,
      `F-003,M-6,${currentYear},${currentYear}-01-05,CHF,500,issued,,,`,
    ].join('\n');
    const { validated, committed } = await uploadAndCommit(file);
    expect(validated.validation).toMatchObject({ toInsert: 3, toMarkPaid: 2 });
    expect(committed.result).toMatchObject({
      inserted: 3,
      paid: 2,
      membersUpdated: 2,
      certificatesIssued: 1,
    });
    expect(committed.result?.followedUpAt).not.toBeNull();

    expect(await invoice('F-001')).toMatchObject({
      status: 'paid',
      paid_amount_minor: '50000',
      paid_method: 'bank-transfer',
    });
    expect(await invoice('F-002')).toMatchObject({ paid_method: 'cash' });
    const m2 = await member('M-2');
    expect(m2).toMatchObject({ status: 'active', paid_through_year: currentYear, version: 2 });
    // A past year: paid through moves up, no certificate for a year that is over.
    const m5 = await member('M-5');
    expect(m5).toMatchObject({ status: 'active', paid_through_year: 2020 });
    expect(await member('M-6')).toMatchObject({ status: 'pending-payment', version: 1 });

    const memberAudit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', 'mem2')
      .executeTakeFirstOrThrow();
    expect(memberAudit).toMatchObject({ action: 'status', table_name: 'members' });
    expect(memberAudit.before).toMatchObject({ status: 'pending-payment' });
    expect(memberAudit.after).toMatchObject({ status: 'active', paid_through_year: currentYear });

    const certificates = await t.database.db
      .selectFrom('certificates')
      .selectAll()
      .where('member_mid', 'in', ['mem2', 'mem5'])
      .execute();
    expect(certificates).toHaveLength(1);
    expect(certificates[0]).toMatchObject({
      member_mid: 'mem2',
      year: currentYear,
      status: 'issued',
      invoice_iid: (await invoice('F-001'))?.iid,
    });
    // The certificate is e-mailed; the paid invoice itself sends no "issued" e-mail.
    const f1 = await invoice('F-001');
    const emails = await t.database.db
      .selectFrom('emails')
      .select(['kind', 'related_table', 'related_id'])
      .where((eb) =>
        eb.or([
          eb('related_id', '=', certificates[0]?.cid ?? ''),
          eb('related_id', '=', f1?.iid ?? ''),
        ]),
      )
      .execute();
    expect(emails).toEqual([
      {
        kind: 'certificate-issued',
        related_table: 'certificates',
        related_id: certificates[0]?.cid,
      },
    ]);

    // Paying the issued one by a later file: updated to paid (audited as mark-paid), rule 2 runs.
    const paying = await uploadAndCommit(
      file
        .split('\n')
        .filter((line, index) => index === 0 || line.startsWith('F-003'))
        .join('\n')
        .replace(',issued,,,', `,paid,${today},,`),
    );
    expect(paying.committed.result).toMatchObject({ updated: 1, paid: 1, certificatesIssued: 1 });
    expect(await member('M-6')).toMatchObject({ status: 'active', paid_through_year: currentYear });
    const f3 = await invoice('F-003');
    const markPaid = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('record_id', '=', f3?.iid ?? '')
      .where('action', '=', 'mark-paid')
      .executeTakeFirst();
    expect(markPaid?.after).toMatchObject({ status: 'paid' });
  });

  it('never rewrites a paid invoice: the row is refused with the reason; identical is fine', async () => {
    const file = [
      'Invoice number,Member number,Issue date,Currency,Amount,Status,Paid on',
      'G-001,M-1,2024-01-01,CHF,100,paid,2024-02-01',
      'G-002,M-1,2024-01-01,CHF,100,issued,',
    ].join('\n');
    await uploadAndCommit(file);
    const paid = await invoice('G-001');
    const rewritten = await uploadAndValidate(
      file
        .replace('CHF,100,paid', 'CHF,90,paid')
        .replace('G-002,M-1,2024-01-01,CHF,100,issued', 'G-002,M-1,2024-01-01,CHF,100,draft'),
    );
    expect(rewritten.validation).toMatchObject({ valid: 0, invalid: 2 });
    const rows = await invalidRows(rewritten.id);
    expect(rows.map((row) => [row.line, row.reason])).toEqual([
      [2, 'Invoice G-001 is paid (on 2024-02-01): an import never rewrites a paid invoice'],
      [3, 'Status: invoice G-002 is issued and cannot become draft'],
    ]);
    expect(await invoice('G-001')).toEqual(paid);
    const same = await uploadAndValidate(file);
    expect(same.validation).toMatchObject({ valid: 2, unchanged: 2 });
  });

  it('refuses operators without invoices.edit, and bad input with 400s', async () => {
    const file = 'Invoice number,Member number,Currency,Amount\nH-1,M-1,CHF,1\n';
    expect((await upload(file, readOnlyCookie)).status).toBe(403);
    const uploaded = await upload(file);
    expect((await validate(uploaded.body.id, uploaded.body.mapping, readOnlyCookie)).status).toBe(
      403,
    );
    const missing = await validate(uploaded.body.id, { number: 0, memberNumber: 1, currency: 2 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues?.[0]).toMatchObject({
      path: 'body.mapping.amount',
      rule: 'mapping',
    });
    const notValidated = await commit(uploaded.body.id, 'all-or-nothing');
    expect(notValidated.body.error.issues?.[0]).toMatchObject({ rule: 'not-validated' });
  });
});
