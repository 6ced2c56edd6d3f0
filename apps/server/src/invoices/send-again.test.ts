import { type TInvoiceSendResult } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import {
  createWriteTestApp,
  insertMembers,
  invoiceRow,
  memberRow,
  type WriteTestApp,
} from '../../test/fixtures';
import { expectForbidden, expectInvalid } from '../../test/requests';
import { todayAtHeadquarters } from '../lib/dates';
import { buildSwissIban } from '../lib/iban';
import { addDays } from './lifecycle';
import { auditEntriesOf } from '../../test/audit';
import { pdfTexts } from '../../test/pdf-text';

const thisYear = Number(todayAtHeadquarters().slice(0, 4));
type Status = 'draft' | 'issued' | 'paid' | 'void' | 'uncollectible' | 'credited';

describe('invoices: Send again (issue 32)', () => {
  let t: TestApp;
  let api: WriteTestApp['api'];
  let readOnlyCookie: string;
  let editorUid: string;
  let counter = 0;

  beforeAll(async () => {
    ({
      t,
      api,
      readOnlyCookie,
      uid: editorUid,
    } = await createWriteTestApp('finance@example.org', ['finance']));
    await db()
      .insertInto('bank_accounts')
      .values({
        id: 'ba-send',
        label: 'Fees CHF',
        bank_name: 'Test Bank AG',
        holder_name: 'Federation',
        holder_address: 'Seefeldstrasse 45, 8008 Zürich, Switzerland',
        iban: buildSwissIban('04835', '000000000321'),
        qr_iban: buildSwissIban('30835', '000000000321'),
        currency: 'CHF',
        is_default: true,
        active: true,
      })
      .execute();
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  /** A French-speaking member (unless told) and one invoice of it in the given status. */
  async function addInvoice(
    fields: { status?: Status; email?: string | null; dueDate?: string; paidMinor?: number } = {},
  ) {
    counter++;
    const mid = `send-member-${counter}`;
    await insertMembers(db(), [
      memberRow(mid, {
        number: `M-8${String(counter).padStart(5, '0')}`,
        legal_name: `Transports Léman ${counter} SA`,
        preferred_language: 'fr',
        email: fields.email === undefined ? `billing${counter}@leman.example` : fields.email,
      }),
    ]);
    const status = fields.status ?? 'issued';
    const iid = `send-invoice-${counter}`;
    const number =
      status === 'draft' ? `DRAFT-8${counter}` : `${thisYear}-8${String(counter).padStart(5, '0')}`;
    const today = todayAtHeadquarters();
    await db()
      .insertInto('invoices')
      .values(
        invoiceRow(iid, mid, {
          number,
          kind: 'other',
          status,
          issue_date: status === 'draft' ? null : addDays(today, -40),
          due_date: status === 'draft' ? null : (fields.dueDate ?? addDays(today, 20)),
          bank_account_id: status === 'draft' ? null : 'ba-send',
          payment_reference: status === 'draft' ? null : `RF18${String(counter).padStart(8, '0')}`,
          lines: JSON.stringify([
            {
              description: 'Séminaire de formation',
              quantity: 1,
              unitAmountMinor: 40_000,
              vatRate: null,
              vatExemption: 'Hors du champ de la TVA',
            },
          ]),
          subtotal_minor: 40_000,
          total_minor: 40_000,
          paid_minor: status === 'paid' ? 40_000 : (fields.paidMinor ?? 0),
          paid_at: status === 'paid' ? new Date() : null,
        }),
      )
      .execute();
    return { iid, number, mid, email: `billing${counter}@leman.example` };
  }

  const send = (iid: string, body: Record<string, unknown> = {}, as?: string) =>
    api.post<TInvoiceSendResult>(`/api/invoices/${iid}/send`, body, as);
  const emailsOf = (iid: string) =>
    db()
      .selectFrom('emails')
      .select(['eid', 'to_addresses', 'kind', 'subject', 'text_body', 'related_table'])
      .where('related_id', '=', iid)
      .orderBy('created_at')
      .execute();
  const sendsOf = (iid: string) =>
    auditEntriesOf(db(), 'invoices', iid)
      .select(['actor_uid', 'actor_kind', 'after'])
      .where('action', '=', 'send')
      .orderBy('id')
      .execute();

  it("e-mails an issued invoice to the member's address in its language with the PDF, audited once", async () => {
    const invoice = await addInvoice();
    const answer = await send(invoice.iid);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(
      `Invoice ${invoice.number} e-mailed to ${invoice.email} with its PDF.`,
    );

    const [email, ...more] = await emailsOf(invoice.iid);
    expect(more).toHaveLength(0);
    expect(email).toMatchObject({
      to_addresses: [invoice.email],
      kind: 'invoice-sent-again',
      related_table: 'invoices',
      // The member writes in French: the invoice's e-mail in French, whoever sends it.
      subject: `Facture ${invoice.number} de la fédération`,
    });
    expect(email?.text_body).toContain(`la facture ${invoice.number}`);
    const attachments = await db()
      .selectFrom('email_attachments')
      .select(['filename', 'content_type', 'content'])
      .where('eid', '=', email?.eid ?? '')
      .execute();
    expect(attachments).toHaveLength(1);
    expect(attachments[0]).toMatchObject({
      filename: `invoice-${invoice.number}.pdf`,
      content_type: 'application/pdf',
    });
    const pdf = attachments[0]?.content ?? Buffer.alloc(0);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    expect(pdfTexts(pdf).join(' ')).toContain('FACTURE');

    const sends = await sendsOf(invoice.iid);
    expect(sends).toEqual([
      {
        actor_uid: editorUid,
        actor_kind: 'operator',
        after: { sentTo: invoice.email, number: invoice.number, memberMid: invoice.mid },
      },
    ]);

    // A double click: the same invoice to the same address at once is refused, nothing queued.
    const again = await send(invoice.iid);
    expect(again.status, JSON.stringify(again.body)).toBe(429);
    expect(JSON.stringify(again.body)).toContain(`Invoice ${invoice.number} was e-mailed`);
    expect(await emailsOf(invoice.iid)).toHaveLength(1);
    expect(await sendsOf(invoice.iid)).toHaveLength(1);
  });

  it('e-mails it to another address, normalised, even right after the member’s', async () => {
    const invoice = await addInvoice();
    expect((await send(invoice.iid)).status).toBe(200);
    const answer = await send(invoice.iid, { to: '  Accounts@Fiduciaire.example ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe(
      `Invoice ${invoice.number} e-mailed to accounts@fiduciaire.example with its PDF.`,
    );
    const emails = await emailsOf(invoice.iid);
    expect(emails.map((email) => [email.to_addresses, email.kind])).toEqual([
      [[invoice.email], 'invoice-sent-again'],
      [['accounts@fiduciaire.example'], 'invoice-sent-again'],
    ]);
    // Still in the member's language: the accountant reads what the member would.
    expect(emails[1]?.subject).toBe(`Facture ${invoice.number} de la fédération`);
    expect((await sendsOf(invoice.iid)).map((entry) => entry.after?.sentTo)).toEqual([
      invoice.email,
      'accounts@fiduciaire.example',
    ]);
    expect((await send(invoice.iid, { to: 'accounts@fiduciaire.example' })).status).toBe(429);
  });

  it('sends partly paid, overdue and paid invoices, and a member without an address only elsewhere', async () => {
    const partly = await addInvoice({ paidMinor: 10_000 });
    const overdue = await addInvoice({ dueDate: addDays(todayAtHeadquarters(), -10) });
    const paid = await addInvoice({ status: 'paid' });
    for (const invoice of [partly, overdue, paid]) {
      const answer = await send(invoice.iid);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const silent = await addInvoice({ email: null });
    expectInvalid(await send(silent.iid), 'params.iid', 'no-address');
    const elsewhere = await send(silent.iid, { to: 'post@leman.example' });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    expect((await emailsOf(silent.iid)).map((email) => email.to_addresses)).toEqual([
      ['post@leman.example'],
    ]);
  });

  it('refuses a draft, a void, an uncollectible and a credited invoice, saying why', async () => {
    const why: Record<string, RegExp> = {
      draft: /cannot be sent: it is a draft: issue it first/,
      void: /cannot be sent: it is void/,
      uncollectible: /cannot be sent: it is written off as uncollectible/,
      credited: /cannot be sent: it is credited in full: send its credit note instead/,
    };
    for (const status of ['draft', 'void', 'uncollectible', 'credited'] as const) {
      const invoice = await addInvoice({ status });
      const answer = await send(invoice.iid);
      expectInvalid(answer, 'params.iid', 'status');
      expect(JSON.stringify(answer.body)).toMatch(why[status] ?? /never/);
      expect(await emailsOf(invoice.iid)).toHaveLength(0);
      expect(await sendsOf(invoice.iid)).toHaveLength(0);
    }
    expect((await send('no-such-invoice')).status).toBe(404);
  });

  it('refuses a bad address naming body.to, and sends nothing', async () => {
    const invoice = await addInvoice();
    for (const to of ['not-an-address', '', 'two@example.org, three@example.org']) {
      expectInvalid(await send(invoice.iid, { to }), 'body.to');
    }
    expectInvalid(await send(invoice.iid, { to: 42 }), 'body.to');
    expect(await emailsOf(invoice.iid)).toHaveLength(0);
  });

  it('is for operators who may edit invoices, signed in', async () => {
    const invoice = await addInvoice();
    expectForbidden(await send(invoice.iid, {}, readOnlyCookie), 'invoices.edit');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.iid}/send`,
      headers: { origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await emailsOf(invoice.iid)).toHaveLength(0);
    expect(await sendsOf(invoice.iid)).toHaveLength(0);
  });
});
