import type { TInvoiceActionResult, TMemberDetail, TMemberLedger } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createWriteTestApp, signInEditorAndReader } from '../../test/fixtures';
import { apiAs, expectForbidden, expectInvalid } from '../../test/requests';
import { renderInvoicePdf } from '../invoices/pdf';
import { insertDefaultQrAccount, insertInvoice, insertMember } from '../invoices/pdf-test-support';
import { setClockForTests } from '../lib/clock';
import { creditNote, pay, refund, reverse } from './ledger-test-support';
import { auditEntriesOf } from '../../test/audit';
import { pdfText } from '../../test/pdf-text';

/** Sums as the ledger answers them (minor units as strings). */
const sum = (values: string[]) => values.reduce((total, value) => total + Number(value), 0);

describe('the member ledger', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let readOnlyCookie: string;
  let account: string;
  let member: { mid: string; number: string };
  const invoices: Record<'a' | 'b' | 'c', { iid: string; number: string }> = {} as never;
  let reversedPayment = '';

  beforeAll(async () => {
    // The reversal below is dated today: the file runs on 30 November 2026 at headquarters,
    // whatever day the suite runs (issue 30), so the statements' ranges hold it.
    setClockForTests('2026-11-30T11:00:00Z');
    ({ t, api, readOnlyCookie } = await createWriteTestApp('finance@example.org', ['finance']));
    const db = t.database.db;
    account = await insertDefaultQrAccount(db);
    member = await insertMember(db, { email: 'accounts@rheinhafen.example' });
    const other = { kind: 'other' as const, member_mid: member.mid, bank_account_id: account };

    // A: 1,275.00 on 5 January, paid 500.00, then 900.00 (775.00 settles it, 125.00 to credit).
    invoices.a = await insertInvoice(db, { ...other, currency: 'CHF', issue_date: '2026-01-05' });
    await pay(db, invoices.a.iid, 50_000, '2026-01-20');
    await pay(db, invoices.a.iid, 90_000, '2026-02-10');
    // B: 1,275.00 on 1 March, a credit note of 275.00, then 1,050.00 paid (50.00 to credit).
    invoices.b = await insertInvoice(db, { ...other, currency: 'CHF', issue_date: '2026-03-01' });
    await creditNote(db, invoices.b.iid, 27_500, '2026-03-05', 'CN-2026-000901');
    await pay(db, invoices.b.iid, 105_000, '2026-03-15');
    // C: a draft issued through the API on 10 March takes the 175.00 of credit.
    invoices.c = await insertInvoice(db, {
      ...other,
      currency: 'CHF',
      number: 'DRAFT-990001',
      status: 'draft',
      issue_date: '2026-03-10',
      due_date: null,
    });
    const issued = await api.post<TInvoiceActionResult>(`/api/invoices/${invoices.c.iid}/issue`, {
      version: 1,
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.message).toContain("of the member's credit applied");
    invoices.c.number = issued.body.invoice.number;
    // 100.00 booked to C by mistake and reversed; 30.00 of credit refunded... of which there is
    // none left after C took it all: the refund follows a second overpayment of 60.00 on A.
    const wrong = await pay(db, invoices.c.iid, 10_000, '2026-03-12');
    reversedPayment = wrong.movement.id;
    await reverse(db, wrong.movement.id);
    await pay(db, invoices.a.iid, 6_000, '2026-03-18');
    await refund(db, member.mid, 3_000, '2026-03-20');
  });
  afterAll(async () => {
    await t.close();
    setClockForTests(null);
  });

  it('lists every invoice and movement in date order with a running balance per currency', async () => {
    const { status, body } = await api.get<TMemberLedger>(`/api/members/${member.mid}/ledger`);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.currencies).toHaveLength(1);
    const [chf] = body.currencies;
    if (!chf) throw new Error('no CHF ledger');
    const lines = chf.lines.map((line) => [
      line.date,
      line.kind,
      line.documentNumber,
      line.debitMinor,
      line.creditMinor,
      line.balanceMinor,
    ]);
    expect(lines).toEqual([
      ['2026-01-05', 'invoice', invoices.a.number, '127500', '0', '127500'],
      ['2026-01-20', 'payment', invoices.a.number, '0', '50000', '77500'],
      ['2026-02-10', 'payment', invoices.a.number, '0', '90000', '-12500'],
      ['2026-03-01', 'invoice', invoices.b.number, '127500', '0', '115000'],
      ['2026-03-05', 'credit-note', 'CN-2026-000901', '0', '27500', '87500'],
      ['2026-03-10', 'invoice', invoices.c.number, '127500', '0', '215000'],
      ['2026-03-10', 'credit-applied', invoices.c.number, '0', '0', '215000'],
      ['2026-03-12', 'payment', invoices.c.number, '0', '10000', '205000'],
      ['2026-03-15', 'payment', invoices.b.number, '0', '105000', '100000'],
      ['2026-03-18', 'payment', invoices.a.number, '0', '6000', '94000'],
      ['2026-03-20', 'refund', null, '3000', '0', '97000'],
      ['2026-11-30', 'reversal', invoices.c.number, '10000', '0', '107000'],
    ]);
    // The running balance is the sum of the movements…
    expect(Number(chf.balanceMinor)).toBe(
      sum(chf.lines.map((line) => line.debitMinor)) -
        sum(chf.lines.map((line) => line.creditMinor)),
    );
    // …and equals what the invoices still ask for less the member's credit.
    const rows = await t.database.db
      .selectFrom('invoices')
      .select(['balance_minor', 'status'])
      .where('member_mid', '=', member.mid)
      .execute();
    const openOnInvoices = sum(rows.map((row) => row.balance_minor));
    expect(chf).toMatchObject({
      openBalanceMinor: String(openOnInvoices),
      creditMinor: '3000',
      balanceMinor: String(openOnInvoices - 3_000),
    });
    expect(openOnInvoices).toBe(127_500 - 17_500);
    // Words and links.
    const credit = chf.lines.find((line) => line.kind === 'credit-applied');
    expect(credit).toMatchObject({ amountMinor: '17500', link: { type: 'invoice' } });
    expect(credit?.description).toContain('of the member’s credit applied');
    const note = chf.lines.find((line) => line.kind === 'credit-note');
    expect(note?.link).toMatchObject({ type: 'credit-note' });
    const overpaid = chf.lines[2];
    expect(overpaid?.description).toContain('to the member’s credit');
    expect(chf.lines.at(-1)?.description).toContain('Reversal of the payment');
    expect(chf.lines.find((line) => line.movementId === reversedPayment)?.kind).toBe('payment');
  });

  it('shows the open balance and the credit on the member', async () => {
    const { body } = await api.get<TMemberDetail>(`/api/members/${member.mid}`);
    expect(body.openBalances).toEqual([
      { currency: 'CHF', balanceMinor: '110000', creditMinor: '3000' },
    ]);
  });

  it('prints the credit applied and the amount due on the new invoice, and asks only that', async () => {
    const text = pdfText(await renderInvoicePdf(t.database.db, invoices.c.iid));
    expect(text).toContain('Credit applied from your account');
    expect(text).toContain('-175.00');
    expect(text).toContain('Amount due CHF');
    expect(text).toContain('CHF 1’100.00');
    expect(text).toContain('Payment part');
  });

  it('filters by currency, and answers 404, 401 and 400 as the API does', async () => {
    const none = await api.get<TMemberLedger>(`/api/members/${member.mid}/ledger?currency=EUR`);
    expect(none.body.currencies).toEqual([]);
    expect((await api.get(`/api/members/nobody/ledger`)).status).toBe(404);
    expectInvalid(
      await api.get(`/api/members/${member.mid}/ledger?currency=francs`),
      'query.currency',
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/members/${member.mid}/ledger`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('renders the statement of account with the opening and closing balance of the range', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/members/${member.mid}/statement.pdf?from=2026-02-01&to=2026-03-15`,
      headers: { cookie: readOnlyCookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `statement-${member.number}-2026-02-01-2026-03-15.pdf`,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toContain('STATEMENT OF');
    expect(text).toContain('Rheinhafen Spedition AG');
    expect(text).toContain('Opening balance');
    // Opening on 1 February: 1,275.00 − 500.00; closing on 15 March: 1,000.00.
    expect(text).toMatch(/Opening balance[\s\S]*775\.00/);
    expect(text).toContain('Closing balance CHF');
    expect(text).toContain('1’000.00');
    expect(text).toContain('You owe CHF 1’000.00.');
    expect(text).toContain('CN-2026-000901');
    // Lines outside the range are not on it.
    expect(text).not.toContain('Refund of credit');
  });

  it('refuses a bad range naming the field', async () => {
    const url = (query: string) => `/api/members/${member.mid}/statement.pdf?${query}`;
    expectInvalid(await api.get(url('from=2026-03-01&to=2026-02-01')), 'query.to', 'order');
    expectInvalid(await api.get(url('from=2026-02-30&to=2026-03-01')), 'query.from');
    expectInvalid(await api.get(url('to=2026-03-01')), 'query.from');
    expectInvalid(
      await api.post(`/api/members/${member.mid}/statement/send`, {
        from: '2026-03-01',
        to: 'soon',
      }),
      'body.to',
    );
    expectInvalid(
      await api.post(`/api/members/${member.mid}/statement/send`, {
        from: '2026-03-01',
        to: '2026-01-01',
      }),
      'body.to',
      'order',
    );
  });

  it('e-mails the statement through the outbox to those allowed to edit invoices', async () => {
    const range = { from: '2026-01-01', to: '2026-11-30' };
    expectForbidden(
      await api.post(`/api/members/${member.mid}/statement/send`, range, readOnlyCookie),
      'invoices.edit',
    );
    const sent = await api.post<{ eid: string; message: string }>(
      `/api/members/${member.mid}/statement/send`,
      range,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toContain('accounts@rheinhafen.example');
    const email = await t.database.db
      .selectFrom('emails')
      .select(['kind', 'subject', 'to_addresses', 'related_table', 'related_id', 'text_body'])
      .where('eid', '=', sent.body.eid)
      .executeTakeFirstOrThrow();
    expect(email).toMatchObject({
      kind: 'statement-of-account',
      to_addresses: ['accounts@rheinhafen.example'],
      related_table: 'members',
      related_id: member.mid,
    });
    // E-mails write money with an ordinary space (issue 17's templates).
    expect(email.text_body).toContain('CHF 1,070.00 owed');
    const attachment = await t.database.db
      .selectFrom('email_attachments')
      .select(['filename', 'content_type'])
      .where('eid', '=', sent.body.eid)
      .executeTakeFirstOrThrow();
    expect(attachment).toEqual({
      filename: `statement-${member.number}-2026-01-01-2026-11-30.pdf`,
      content_type: 'application/pdf',
    });

    const silent = await insertMember(t.database.db, { email: null });
    expectInvalid(
      await api.post(`/api/members/${silent.mid}/statement/send`, range),
      'params.mid',
      'no-address',
    );
  });

  it('audits each statement sent, on the member and in the activity log, and refuses the same one twice a minute (issue 31)', async () => {
    const range = { from: '2026-01-01', to: '2026-06-30' };
    const sent = await api.post<{ eid: string }>(
      `/api/members/${member.mid}/statement/send`,
      range,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const history = await api.get<{ data: { action: string; actor: { email: string | null } }[] }>(
      `/api/audit/members/${member.mid}`,
    );
    expect(history.body.data[0]).toMatchObject({ action: 'send-statement' });
    expect(history.body.data[0]?.actor.email).toBeTruthy();
    const entry = await auditEntriesOf(t.database.db, 'members', member.mid)
      .select(['after', 'actor_uid'])
      .where('action', '=', 'send-statement')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry.after).toMatchObject({
      from: '2026-01-01',
      to: '2026-06-30',
      sentTo: 'accounts@rheinhafen.example',
      eid: sent.body.eid,
    });
    const activity = await api.get<{ data: { record: { id: string }; action: string }[] }>(
      '/api/activity?action=send-statement',
    );
    expect(activity.body.data.some((item) => item.record.id === member.mid)).toBe(true);

    // The same statement again at once: 429, nothing queued; another period goes.
    const emailsBefore = await t.database.db.selectFrom('emails').select('eid').execute();
    const again = await api.post(`/api/members/${member.mid}/statement/send`, range);
    expect(again.status).toBe(429);
    expect(await t.database.db.selectFrom('emails').select('eid').execute()).toHaveLength(
      emailsBefore.length,
    );
    const other = await api.post(`/api/members/${member.mid}/statement/send`, {
      ...range,
      to: '2026-05-31',
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });

  it('near midnight, today is Zurich’s: money booked at 00:30 is of that day, a statement may end then and not later', async () => {
    // 23:30 on 30 November in UTC is 00:30 on 1 December in Zurich; sessions run on the same
    // clock, so sign in again at that instant.
    setClockForTests('2026-11-30T23:30:00Z');
    const signedIn = await signInEditorAndReader(t, 'finance-midnight@example.org', ['finance']);
    const late = apiAs(t, signedIn.cookie);
    const mistaken = await pay(t.database.db, invoices.c.iid, 2_000, '2026-11-30');
    await reverse(t.database.db, mistaken.movement.id);

    const ledger = await late.get<TMemberLedger>(`/api/members/${member.mid}/ledger`);
    expect(ledger.status, JSON.stringify(ledger.body)).toBe(200);
    const lines = ledger.body.currencies.flatMap((currency) => currency.lines);
    // The payment keeps the day it was given; its reversal is dated today, in Zurich.
    expect(lines.filter((line) => line.creditMinor === '2000').map((line) => line.date)).toEqual([
      '2026-11-30',
    ]);
    expect(lines.filter((line) => line.debitMinor === '2000').map((line) => line.date)).toEqual([
      '2026-12-01',
    ]);

    const statement = await t.app.inject({
      method: 'GET',
      url: `/api/members/${member.mid}/statement.pdf?from=2026-12-01&to=2026-12-01`,
      headers: { cookie: signedIn.cookie },
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const text = pdfText(statement.rawPayload);
    // Made on 1 December, and holding the reversal booked at 00:30 that day.
    expect(text).toContain('Statement date\n1 December 2026');
    expect(text).toMatch(/1 Dec 2026\nReversal of the payment/);
    expectInvalid(
      await late.get(`/api/members/${member.mid}/statement.pdf?from=2026-12-01&to=2026-12-02`),
      'query.to',
      'after-today',
    );
    expectInvalid(
      await late.post(`/api/members/${member.mid}/statement/send`, {
        from: '2026-11-01',
        to: '2026-12-02',
      }),
      'body.to',
      'after-today',
    );
  });
});
