import { portalMemberEventsPath, type TPortalInvoice } from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewOperator } from '../../../test/app';
import { eventStream } from '../../../test/event-stream';
import { invoiceRow, memberRow, insertMembers } from '../../../test/fixtures';
import {
  signInToPortal,
  testPortalUrl,
  createPortalTestApp,
  signInAsMemberUser,
  type PortalTestApp,
} from '../../../test/portal';
import { buildSwissIban } from '../../lib/iban';
import { clock } from '../../lib/clock';
import { formatMemberIban } from '@ops/contract/member-formats';
import {
  deliver,
  eventOf,
  invoiceObject,
  nextId,
  webhookTestEnv,
} from '../../payments/test-support';

/**
 * Paying in the member portal (issue 35): the card-payment page of an open invoice, the bank
 * transfer's account and reference, and the payment shown live when the webhook books it.
 */
describe('POST /api/invoices/{iid}/pay in the member portal', () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let portalUrl: string;
  let owner: string;
  let otherOwner: string;
  let operator: string;
  const year = clock.year();
  const cardPage = nextId('in');

  const invoice = (iid: string, mid: string, fields: Parameters<typeof invoiceRow>[2] = {}) =>
    invoiceRow(iid, mid, {
      number: `PAY-${iid}`,
      bank_account_id: 'pay-ba',
      payment_reference: 'RF18539007547034',
      ...fields,
    });

  const post = (cookie: string, iid: string, origin = testPortalUrl) =>
    portal.inject({
      method: 'POST',
      url: `/api/invoices/${iid}/pay`,
      headers: { cookie, origin },
    });
  const invoices = async (cookie: string) => {
    const response = await portal.inject({ url: '/api/invoices', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: TPortalInvoice[] }>().items;
  };
  const cardEvent = (type: string, status: 'open' | 'paid', iid: string) =>
    eventOf(
      type,
      invoiceObject({
        id: cardPage,
        status,
        amountDue: 45_000,
        metadata: { invoice_id: iid, member_id: 'pay-a' },
      }),
    );

  beforeAll(async () => {
    t = await createPortalTestApp(webhookTestEnv);
    portal = t.portal;
    portalUrl = await portal.listen({ port: 0, host: '127.0.0.1' });
    const { db } = t.database;
    await insertMembers(db, [
      memberRow('pay-a', { legal_name: 'Alpen Pay AG', country_iso2: null }),
      memberRow('pay-b', { legal_name: 'Bodensee Pay GmbH', country_iso2: null }),
    ]);
    await db
      .insertInto('bank_accounts')
      .values({
        id: 'pay-ba',
        label: 'Fees CHF',
        bank_name: 'Test Bank AG',
        holder_name: 'Federation',
        holder_address: 'Seefeldstrasse 45, 8008 Zürich',
        iban: buildSwissIban('04835', '000000000001'),
        currency: 'CHF',
      })
      .execute();
    await db
      .insertInto('invoices')
      .values([
        invoice('pay-card', 'pay-a'),
        invoice('pay-transfer', 'pay-a', { payment_reference: null }),
        invoice('pay-paid', 'pay-a', {
          status: 'paid',
          paid_minor: '45000',
          paid_at: new Date(`${year}-01-20T10:00:00Z`),
        }),
        invoice('pay-draft', 'pay-a', { status: 'draft', issue_date: null, due_date: null }),
        invoice('pay-other', 'pay-b'),
      ])
      .execute();
    owner = await signInAsMemberUser(t, portal, 'owner@pay-a.example', 'pay-a', 'owner');
    otherOwner = await signInAsMemberUser(t, portal, 'owner@pay-b.example', 'pay-b', 'owner');
    operator = await signInAsNewOperator(t, 'pay-operator@example.org');
    // The provider's invoice for ours, made by the card-payment flow, arrives by the webhook.
    const opened = await deliver(t, cardEvent('invoice.finalized', 'open', 'pay-card'));
    expect(opened.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('lists which invoices are paid by card, and the account and reference for a transfer', async () => {
    const items = new Map((await invoices(owner)).map((item) => [item.iid, item]));
    expect(items.get('pay-card')).toMatchObject({ payByCard: true, balanceMinor: '45000' });
    expect(items.get('pay-transfer')).toMatchObject({ payByCard: false, paymentReference: null });
    expect(items.get('pay-card')?.transfer).toEqual({
      holderName: 'Federation',
      bankName: 'Test Bank AG',
      iban: formatMemberIban(buildSwissIban('04835', '000000000001')),
      bic: null,
    });
    expect(items.get('pay-card')?.transfer?.iban).toMatch(/^CH\d{2} \d{4} /);
    // Nothing is left to pay on a paid invoice: no card page, no transfer.
    expect(items.get('pay-paid')).toMatchObject({ payByCard: false, transfer: null });
  });

  it("gives the owner the card-payment page of an open invoice, and nobody another member's", async () => {
    const response = await post(owner, 'pay-card');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: `https://invoice.stripe.com/i/acct_test/${cardPage}` });

    for (const iid of ['pay-other', 'pay-draft', 'no-such-invoice']) {
      const refused = await post(owner, iid);
      expect(refused.statusCode, iid).toBe(404);
      expect(refused.json().error.message).toBe(`Your member has no invoice ${iid}.`);
    }
    expect((await post(otherOwner, 'pay-card')).statusCode).toBe(404);
  });

  it('says why an invoice cannot be paid by card: nothing left, or a transfer with its reference', async () => {
    const paid = await post(owner, 'pay-paid');
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toMatchObject({
      message: 'Invoice PAY-pay-paid has nothing left to pay.',
      issues: [{ path: 'params.iid', rule: 'status' }],
    });
    const transfer = await post(owner, 'pay-transfer');
    expect(transfer.statusCode).toBe(409);
    expect(transfer.json().error).toMatchObject({
      message: 'Invoice PAY-pay-transfer cannot be paid by card: pay it by bank transfer.',
      issues: [{ path: 'params.iid', rule: 'no-card-page' }],
    });
  });

  it('refuses nobody, a console session, another origin and a bad id', async () => {
    expect(
      (await portal.inject({ method: 'POST', url: '/api/invoices/pay-card/pay' })).statusCode,
    ).toBe(401);
    expect((await post(operator, 'pay-card')).statusCode).toBe(401);
    expect((await post(owner, 'pay-card', 'https://evil.example')).statusCode).toBe(403);
    const tooLong = await post(owner, 'x'.repeat(41));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.issues[0]).toMatchObject({ path: 'params.iid' });
  });

  it("shows the payment live: the webhook's booking reaches the member's stream, another member's does not", async () => {
    const response = await fetch(`${portalUrl}${portalMemberEventsPath}`, {
      headers: { cookie: owner },
    });
    expect(response.status).toBe(200);
    const events = eventStream(response);
    try {
      await events.next('ready');
      // Another member's invoice changes first: were it sent, it would be the first change.
      await t.database.db
        .updateTable('invoices')
        .set({ due_date: '2999-11-30' })
        .where('iid', '=', 'pay-other')
        .execute();
      const paid = await deliver(t, cardEvent('invoice.paid', 'paid', 'pay-card'));
      expect(paid.statusCode).toBe(200);
      expect(await events.next('change')).toEqual({ table: 'invoices' });
      expect(events.received).not.toContain('pay-');
    } finally {
      await events.cancel();
    }
    const items = new Map((await invoices(owner)).map((item) => [item.iid, item]));
    expect(items.get('pay-card')).toMatchObject({
      status: 'paid',
      balanceMinor: '0',
      payByCard: false,
    });
    expect((await post(owner, 'pay-card')).statusCode).toBe(409);
  });

  it('refuses the stream to nobody and to a user of no member', async () => {
    expect((await fetch(`${portalUrl}${portalMemberEventsPath}`)).status).toBe(401);
    const nobodys = await signInToPortal(t, portal, 'applicant@pay.example');
    const refused = await fetch(`${portalUrl}${portalMemberEventsPath}`, {
      headers: { cookie: nobodys },
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({
      error: { message: 'You are not a user of a member.' },
    });
  });
});
