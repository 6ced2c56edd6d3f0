import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { expectInvalid } from '../../test/requests';
import { addMember, thisYear } from '../certificates/test-support';
import type { InvoiceStatus, MemberStatus } from '../db/schema';
import { loadCountries } from '../seed/countries';
import {
  deliver,
  eventOf,
  invoiceObject,
  nextId,
  nowSeconds,
  testWebhookSecret,
  type InvoiceFields,
  webhookTestEnv,
} from './test-support';
import { auditEntriesOf } from '../../test/audit';

type WebhookBody = { received: true; duplicate?: boolean; outcome?: string };

describe('POST /api/webhooks/stripe', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(webhookTestEnv);
    await loadCountries(t.database.pool);
  });
  afterAll(() => t.close());

  /** A member with one membership invoice of this year (CHF 950.00), in the given states. */
  async function ourInvoice(
    options: { status?: InvoiceStatus; memberStatus?: MemberStatus; currency?: string } = {},
  ) {
    const member = await addMember(t.database.db, {
      legalName: 'Card Paying Forwarders AG',
      status: options.memberStatus ?? 'pending-payment',
    });
    const iid = `inv-${member.mid}`;
    const number = `${thisYear}-${member.mid.slice(-8)}`;
    const status = options.status ?? 'issued';
    await t.database.db
      .insertInto('invoices')
      .values({
        iid,
        number,
        member_mid: member.mid,
        kind: 'membership',
        year: thisYear,
        issue_date: `${thisYear}-01-05`,
        due_date: `${thisYear}-02-04`,
        currency: options.currency ?? 'CHF',
        subtotal_minor: 95_000,
        total_minor: 95_000,
        status,
        ...(status === 'paid'
          ? {
              paid_at: new Date(`${thisYear}-01-10T09:00:00Z`),
              paid_amount_minor: 95_000,
              paid_method: 'bank-transfer' as const,
            }
          : {}),
      })
      .execute();
    return { ...member, iid, invoiceNumber: number };
  }

  const db = () => t.database.db;
  const cardInvoice = (providerId: string) =>
    db()
      .selectFrom('stripe_invoices')
      .selectAll()
      .where('provider_invoice_id', '=', providerId)
      .executeTakeFirst();
  const invoiceRow = (iid: string) =>
    db().selectFrom('invoices').selectAll().where('iid', '=', iid).executeTakeFirstOrThrow();
  const memberRow = (mid: string) =>
    db().selectFrom('members').selectAll().where('mid', '=', mid).executeTakeFirstOrThrow();
  const eventsOf = (providerId: string) =>
    db()
      .selectFrom('stripe_events')
      .selectAll()
      .where('provider_invoice_id', '=', providerId)
      .orderBy('received_at')
      .execute();
  const markPaidEntries = async (iid: string) =>
    (
      await auditEntriesOf(db(), 'invoices', iid)
        .select('id')
        .where('action', '=', 'mark-paid')
        .execute()
    ).length;

  /** The three events of a card invoice's life, created a minute apart. */
  function lifeOf(fields: Omit<InvoiceFields, 'status'>) {
    const created = nowSeconds() - 600;
    const base = { ...fields, created };
    return {
      created: eventOf(
        'invoice.created',
        invoiceObject({ ...base, status: 'draft', number: null }),
        {
          created,
        },
      ),
      finalized: eventOf('invoice.finalized', invoiceObject({ ...base, status: 'open' }), {
        created: created + 60,
      }),
      paid: eventOf(
        'invoice.paid',
        invoiceObject({ ...base, status: 'paid', paidAt: created + 120 }),
        {
          created: created + 120,
        },
      ),
    };
  }

  async function send(event: unknown): Promise<WebhookBody> {
    const response = await deliver(t, event);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WebhookBody>();
  }

  describe('signatures', () => {
    const countRows = async () => ({
      events: (await db().selectFrom('stripe_events').select('event_id').execute()).length,
      invoices: (await db().selectFrom('stripe_invoices').select('sid').execute()).length,
    });

    it('refuses a wrong, missing or stale signature, or a changed body, and stores nothing', async () => {
      const before = await countRows();
      const event = eventOf(
        'invoice.created',
        invoiceObject({ id: nextId('in'), status: 'draft' }),
      );

      expectInvalid(
        await deliver(t, event, { secret: 'whsec_someone_else' }),
        'headers.stripe-signature',
        'signature',
      );
      expectInvalid(
        await deliver(t, event, { signature: null }),
        'headers.stripe-signature',
        'required',
      );
      expectInvalid(
        await deliver(t, event, { signature: 't=1,v1=deadbeef' }),
        'headers.stripe-signature',
        'signature',
      );
      // Signed, then changed on the way: the amount is not what was signed.
      const signed = JSON.stringify(event);
      const { generateTestHeaderString } = (await import('stripe')).default.webhooks;
      const header = generateTestHeaderString({ payload: signed, secret: testWebhookSecret });
      expectInvalid(
        await deliver(t, event, { signature: header, body: signed.replace('95000', '1') }),
        'headers.stripe-signature',
        'signature',
      );
      // A correct signature of ten minutes ago: a replay, refused.
      const stale = generateTestHeaderString({
        payload: signed,
        secret: testWebhookSecret,
        timestamp: nowSeconds() - 600,
      });
      expectInvalid(
        await deliver(t, event, { signature: stale }),
        'headers.stripe-signature',
        'signature',
      );

      expect(await countRows()).toEqual(before);
    });

    it('needs no session, and other routes keep parsing JSON', async () => {
      const event = eventOf('customer.created', { id: nextId('cus'), object: 'customer' });
      const response = await deliver(t, event);
      expect(response.statusCode).toBe(200);
      // A JSON route outside the webhook's scope still reads its body as JSON.
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password',
        payload: { email: 'nobody@example.org', password: 'not the password' },
      });
      expect(signIn.statusCode).not.toBe(415);
      expect(signIn.json<{ error: { code: string } }>().error.code).toMatch(/^auth\//);
    });
  });

  it('follows a card invoice through its life and marks our invoice paid by card (rule 2)', async () => {
    const ours = await ourInvoice();
    const id = nextId('in');
    const life = lifeOf({ id, metadata: { invoice_id: ours.iid, member_id: ours.mid } });

    expect((await send(life.created)).outcome).toMatch(/Recorded draft card-payment invoice/);
    const draft = await cardInvoice(id);
    expect(draft).toMatchObject({
      status: 'draft',
      invoice_iid: ours.iid,
      member_mid: ours.mid,
      currency: 'CHF',
      amount_due_minor: '95000',
    });
    expect((await invoiceRow(ours.iid)).card_invoice_sid).toBe(draft?.sid);

    expect((await send(life.finalized)).outcome).toMatch(/draft → open/);
    const paid = await send(life.paid);
    expect(paid.outcome).toMatch(/open → paid/);
    expect(paid.outcome).toMatch(
      new RegExp(`Invoice ${ours.invoiceNumber} marked paid by card: CHF 950.00`),
    );
    expect(paid.outcome).toMatch(/is now active/);

    const card = await cardInvoice(id);
    expect(card).toMatchObject({
      status: 'paid',
      amount_paid_minor: '95000',
      amount_remaining_minor: '0',
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
      invoice_pdf_url: `https://pay.stripe.com/invoice/acct_test/${id}/pdf`,
      customer_email: 'billing@example.org',
      last_event_id: life.paid.id,
    });
    expect(card?.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const invoice = await invoiceRow(ours.iid);
    expect(invoice).toMatchObject({
      status: 'paid',
      paid_method: 'card',
      paid_amount_minor: '95000',
      paid_reference: id,
      card_invoice_sid: card?.sid,
    });
    expect(invoice.paid_at?.getTime()).toBe(life.paid.created * 1000);
    expect(await memberRow(ours.mid)).toMatchObject({
      status: 'active',
      paid_through_year: thisYear,
    });
    const certificate = await db()
      .selectFrom('certificates')
      .select(['status', 'year', 'invoice_iid'])
      .where('member_mid', '=', ours.mid)
      .executeTakeFirst();
    expect(certificate).toMatchObject({ status: 'issued', year: thisYear, invoice_iid: ours.iid });

    const events = await eventsOf(id);
    expect(events.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
    ]);
    expect(events.every((event) => event.sid === card?.sid && event.outcome)).toBe(true);
    // The webhook acts as the system, and the card invoice has its own history.
    const history = await auditEntriesOf(db(), 'stripe_invoices', card?.sid ?? '')
      .select(['action', 'actor_kind'])
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'create', actor_kind: 'system' },
      { action: 'update', actor_kind: 'system' },
      { action: 'update', actor_kind: 'system' },
    ]);
  });

  it('ignores a repeated event id: nothing happens twice', async () => {
    const ours = await ourInvoice();
    const id = nextId('in');
    const { paid } = lifeOf({ id, metadata: { invoice_id: ours.iid } });
    const first = await send(paid);
    expect(first.duplicate).toBeUndefined();
    const again = await send(paid);
    expect(again).toEqual({ received: true, duplicate: true });
    expect(await eventsOf(id)).toHaveLength(1);
    expect((await cardInvoice(id))?.version).toBe(1);
    expect(await markPaidEntries(ours.iid)).toBe(1);
  });

  it('takes the same event delivered twice at once as one', async () => {
    const ours = await ourInvoice();
    const id = nextId('in');
    const { paid } = lifeOf({ id, metadata: { invoice_id: ours.iid, member_id: ours.mid } });
    const responses = await Promise.all([deliver(t, paid), deliver(t, paid), deliver(t, paid)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const bodies = responses.map((response) => response.json<WebhookBody>());
    expect(bodies.filter((body) => body.duplicate === true)).toHaveLength(2);
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await markPaidEntries(ours.iid)).toBe(1);
    const certificates = await db()
      .selectFrom('certificates')
      .select('cid')
      .where('member_mid', '=', ours.mid)
      .execute();
    expect(certificates).toHaveLength(1);
  });

  it('takes different events of a new card invoice arriving at once into one record', async () => {
    const ours = await ourInvoice();
    const id = nextId('in');
    const life = lifeOf({ id, metadata: { invoice_id: ours.iid } });
    const responses = await Promise.all([
      deliver(t, life.paid),
      deliver(t, life.created),
      deliver(t, life.finalized),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await cardInvoice(id)).toMatchObject({ status: 'paid', last_event_id: life.paid.id });
    expect(await eventsOf(id)).toHaveLength(3);
    expect((await invoiceRow(ours.iid)).status).toBe('paid');
    expect(await markPaidEntries(ours.iid)).toBe(1);
  });

  it('accepts events in any order: paid before created and finalized ends paid', async () => {
    const ours = await ourInvoice();
    const id = nextId('in');
    const life = lifeOf({ id, metadata: { invoice_id: ours.iid } });

    expect((await send(life.paid)).outcome).toMatch(/Recorded paid card-payment invoice/);
    expect((await invoiceRow(ours.iid)).status).toBe('paid');
    const late = await send(life.finalized);
    expect(late.outcome).toMatch(/Kept paid/);
    expect((await send(life.created)).outcome).toMatch(/Kept paid/);

    expect(await cardInvoice(id)).toMatchObject({
      status: 'paid',
      amount_paid_minor: '95000',
      last_event_id: life.paid.id,
      version: 1,
    });
    expect(await markPaidEntries(ours.iid)).toBe(1);
  });

  it('applies an older event to an unfinished invoice only if it is newer than what it holds', async () => {
    const id = nextId('in');
    const created = nowSeconds() - 900;
    const open = eventOf('invoice.finalized', invoiceObject({ id, status: 'open', created }), {
      created: created + 60,
    });
    const updated = eventOf(
      'invoice.updated',
      invoiceObject({ id, status: 'open', created, amountDue: 120_000 }),
      { created: created + 300 },
    );
    await send(updated);
    expect((await send(open)).outcome).toMatch(/Older than the state already recorded/);
    expect((await cardInvoice(id))?.amount_due_minor).toBe('120000');
  });

  it('never moves back from paid, even for a newer event', async () => {
    const ours = await ourInvoice();
    const id = nextId('in');
    const life = lifeOf({ id, metadata: { invoice_id: ours.iid } });
    await send(life.paid);
    const reopened = eventOf(
      'invoice.updated',
      invoiceObject({ id, status: 'open', created: life.paid.created - 120 }),
      { created: life.paid.created + 600 },
    );
    expect((await send(reopened)).outcome).toMatch(
      /Kept paid: a paid card-payment invoice never moves back/,
    );
    expect((await cardInvoice(id))?.status).toBe('paid');
    expect((await invoiceRow(ours.iid)).status).toBe('paid');
  });

  it('prefers the further state when two events share a second', async () => {
    const id = nextId('in');
    const created = nowSeconds() - 300;
    const second = created + 60;
    const paid = eventOf('invoice.paid', invoiceObject({ id, status: 'paid', created }), {
      created: second,
    });
    const finalized = eventOf('invoice.finalized', invoiceObject({ id, status: 'open', created }), {
      created: second,
    });
    await send(paid);
    await send(finalized);
    expect((await cardInvoice(id))?.status).toBe('paid');
  });

  it('stores unknown metadata ids without linking them', async () => {
    const id = nextId('in');
    const { paid } = lifeOf({
      id,
      metadata: { invoice_id: 'no-such-invoice', member_id: 'no-such-member', order: '42' },
    });
    const body = await send(paid);
    expect(body.outcome).toMatch(/metadata.invoice_id "no-such-invoice" names no invoice of ours/);
    expect(body.outcome).toMatch(/metadata.member_id "no-such-member" names no member/);
    expect(await cardInvoice(id)).toMatchObject({
      status: 'paid',
      invoice_iid: null,
      member_mid: null,
      metadata: { invoice_id: 'no-such-invoice', member_id: 'no-such-member', order: '42' },
    });
  });

  it('links a member named alone, without an invoice', async () => {
    const member = await addMember(db(), { legalName: 'Member Only Cargo' });
    const id = nextId('in');
    await send(lifeOf({ id, metadata: { member_id: member.mid } }).finalized);
    expect(await cardInvoice(id)).toMatchObject({ member_mid: member.mid, invoice_iid: null });
  });

  it('records and ignores events that are not about invoices', async () => {
    for (const event of [
      eventOf('customer.created', { id: nextId('cus'), object: 'customer' }),
      eventOf('charge.succeeded', { id: nextId('ch'), object: 'charge', amount: 95_000 }),
      eventOf('invoice.upcoming', { object: 'invoice', id: null }),
    ]) {
      const body = await send(event);
      expect(body.outcome).toMatch(/Recorded/);
      const stored = await db()
        .selectFrom('stripe_events')
        .select(['type', 'sid', 'outcome'])
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ type: event.type, sid: null });
    }
  });

  it('stores a payment of a void invoice without touching the invoice, and says so', async () => {
    const ours = await ourInvoice({ status: 'void' });
    const id = nextId('in');
    const body = await send(lifeOf({ id, metadata: { invoice_id: ours.iid } }).paid);
    expect(body.outcome).toMatch(new RegExp(`Not applied: invoice ${ours.invoiceNumber} is void`));
    expect(await cardInvoice(id)).toMatchObject({ status: 'paid', invoice_iid: ours.iid });
    expect(await invoiceRow(ours.iid)).toMatchObject({ status: 'void', paid_at: null });
    expect(await memberRow(ours.mid)).toMatchObject({ status: 'pending-payment' });
  });

  it('does not mark an invoice paid twice when it was paid another way', async () => {
    const ours = await ourInvoice({ status: 'paid', memberStatus: 'active' });
    const id = nextId('in');
    const body = await send(lifeOf({ id, metadata: { invoice_id: ours.iid } }).paid);
    expect(body.outcome).toMatch(/was already paid on .* \(bank-transfer\): not marked again/);
    expect(await invoiceRow(ours.iid)).toMatchObject({
      paid_method: 'bank-transfer',
      paid_reference: null,
    });
  });

  /** The movements of money on our invoice, oldest first. */
  const movementsOf = (iid: string) =>
    db()
      .selectFrom('money_movements')
      .select(['kind', 'source', 'method', 'amount_minor', 'settles_minor', 'reference'])
      .where('invoice_iid', '=', iid)
      .orderBy('created_at')
      .execute();

  it('books the amount actually paid: a partial card payment leaves the invoice partially paid', async () => {
    const ours = await ourInvoice();
    const id = nextId('in');
    // CHF 500.00 of the 950.00 paid by card; two events below carry this same payment.
    const partlyPaid = invoiceObject({
      id,
      status: 'paid',
      amountDue: 50_000,
      amountPaid: 50_000,
      metadata: { invoice_id: ours.iid },
    });
    const paidEvent = eventOf('invoice.paid', partlyPaid, { created: nowSeconds() - 60 });
    const body = await send(paidEvent);
    expect(body.outcome).toMatch(
      new RegExp(
        `Card payment: CHF\\s500\\.00 booked to invoice ${ours.invoiceNumber}; partially paid, CHF\\s450\\.00 still open`,
      ),
    );
    expect(await invoiceRow(ours.iid)).toMatchObject({
      status: 'issued',
      paid_minor: '50000',
      balance_minor: '45000',
      paid_at: null,
    });
    expect(await memberRow(ours.mid)).toMatchObject({ status: 'pending-payment' });
    // A later event carrying the same payment books nothing again.
    const again = await send(eventOf('invoice.updated', partlyPaid));
    expect(again.outcome).toMatch(/is booked to invoice .* already: nothing more to book/);
    expect(await movementsOf(ours.iid)).toEqual([
      {
        kind: 'payment',
        source: 'card',
        method: 'card',
        amount_minor: '50000',
        settles_minor: '50000',
        reference: id,
      },
    ]);
  });

  /** A `charge.refunded` event of the charge that paid a card invoice, refunded so far. */
  function refundEvent(
    chargeId: string,
    providerInvoiceId: string,
    refunded: number,
    refundIds: string[],
  ) {
    return eventOf('charge.refunded', {
      id: chargeId,
      object: 'charge',
      amount: 95_000,
      amount_refunded: refunded,
      currency: 'chf',
      invoice: providerInvoiceId,
      refunded: refunded >= 95_000,
      refunds: {
        object: 'list',
        data: refundIds.map((refundId) => ({ id: refundId, object: 'refund' })),
      },
      metadata: {},
    });
  }

  it('records a card refund once per event: the paid invoice opens again by what was refunded', async () => {
    const ours = await ourInvoice();
    const id = nextId('in');
    await send(lifeOf({ id, metadata: { invoice_id: ours.iid } }).paid);
    expect(await invoiceRow(ours.iid)).toMatchObject({ status: 'paid', balance_minor: '0' });
    const chargeId = nextId('ch');

    const partial = refundEvent(chargeId, id, 30_000, ['re_first']);
    const first = await send(partial);
    expect(first.outcome).toMatch(
      new RegExp(
        `Card refund of invoice ${ours.invoiceNumber}: CHF\\s300\\.00 refunded; invoice ${ours.invoiceNumber} is open again`,
      ),
    );
    expect(await invoiceRow(ours.iid)).toMatchObject({ status: 'issued', balance_minor: '30000' });
    // The same event again: deduplicated by its id.
    expect((await send(partial)).duplicate).toBe(true);
    // The next refund of the charge carries the whole refunded amount: only the rest is new.
    const rest = await send(refundEvent(chargeId, id, 95_000, ['re_second', 're_first']));
    expect(rest.outcome).toMatch(/CHF\s650\.00 refunded/);
    const late = await send(refundEvent(chargeId, id, 95_000, ['re_second', 're_first']));
    expect(late.outcome).toMatch(/is recorded already/);
    expect(await invoiceRow(ours.iid)).toMatchObject({
      status: 'issued',
      paid_minor: '0',
      balance_minor: '95000',
    });
    const refunds = (await movementsOf(ours.iid)).filter((movement) => movement.kind === 'refund');
    expect(refunds).toEqual([
      expect.objectContaining({ amount_minor: '30000', method: 'card', reference: chargeId }),
      expect.objectContaining({ amount_minor: '65000', method: 'card', reference: chargeId }),
    ]);
    const stored = await db()
      .selectFrom('stripe_events')
      .select(['sid', 'provider_invoice_id'])
      .where('type', '=', 'charge.refunded')
      .where('provider_invoice_id', '=', id)
      .execute();
    expect(stored).toHaveLength(3);
    const card = await cardInvoice(id);
    expect(stored.every((event) => event.sid === card?.sid)).toBe(true);
  });

  it('says when a refund names no invoice of ours, and books nothing', async () => {
    const body = await send(refundEvent(nextId('ch'), nextId('in'), 10_000, ['re_x']));
    expect(body.outcome).toMatch(/is not linked to an invoice of ours/);
  });

  it('does not book a payment in another currency', async () => {
    const ours = await ourInvoice({ currency: 'EUR' });
    const id = nextId('in');
    const body = await send(lifeOf({ id, metadata: { invoice_id: ours.iid } }).paid);
    expect(body.outcome).toMatch(/the card payment is in CHF/);
    expect((await invoiceRow(ours.iid)).status).toBe('issued');
  });

  it('keeps a draft deleted at the provider, marked deleted', async () => {
    const id = nextId('in');
    const life = lifeOf({ id });
    await send(life.created);
    const deleted = eventOf(
      'invoice.deleted',
      invoiceObject({ id, status: 'draft', number: null, created: life.created.created }),
      { created: life.created.created + 30 },
    );
    expect((await send(deleted)).outcome).toMatch(/Deleted at the provider/);
    expect((await cardInvoice(id))?.deleted_at).toBeInstanceOf(Date);
  });
});

describe('POST /api/webhooks/stripe without a signing secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 and says how to turn it on; nothing is stored', async () => {
    const event = eventOf('invoice.created', invoiceObject({ id: nextId('in'), status: 'draft' }));
    const response = await deliver(t, event);
    expect(response.statusCode).toBe(503);
    expect(response.json<{ error: { message: string } }>().error.message).toMatch(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(await t.database.db.selectFrom('stripe_events').select('event_id').execute()).toEqual(
      [],
    );
  });
});
