import type { TLinkPaymentResult, TPaymentDetail, TPaymentListItem } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createWriteTestApp } from '../../test/fixtures';
import { csvExport, expectSorted, listEndpoint } from '../../test/lists';
import { apiAs, expectConflict, expectForbidden, expectInvalid } from '../../test/requests';
import { addMember, thisYear } from '../certificates/test-support';
import {
  deliver,
  eventOf,
  invoiceObject,
  nextId,
  nowSeconds,
  webhookTestEnv,
} from './test-support';
import { auditEntriesOf } from '../../test/audit';

const statuses = ['open', 'paid', 'paid', 'draft', 'uncollectible', 'void'] as const;
const currencies = ['CHF', 'EUR', 'USD'] as const;

describe('the Payments list, detail and link', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;
  let linkedMember: { mid: string; number: string };

  beforeAll(async () => {
    ({ t, cookie, readOnlyCookie } = await createWriteTestApp(
      'finance@example.org',
      ['finance'],
      webhookTestEnv,
    ));
    linkedMember = await addMember(t.database.db, {
      legalName: 'Linked Logistics SA',
      unpaidYears: [thisYear - 1],
    });
    const base = Date.UTC(thisYear, 0, 3, 9, 0, 0);
    await t.database.db
      .insertInto('stripe_invoices')
      .values(
        Array.from({ length: 27 }, (_, i) => ({
          sid: `pay${String(i).padStart(3, '0')}`,
          provider_invoice_id: `in_list_${String(i).padStart(3, '0')}`,
          number: i % 5 === 3 ? null : `LST-${String(1000 + i)}`,
          customer_email: i % 4 === 0 ? null : `Buyer${i % 6}@Example.org`,
          customer_name: i % 3 === 0 ? 'Nordic Freight AB' : `Customer ${i}`,
          status: statuses[i % statuses.length] ?? 'open',
          amount_due_minor: 10_000 + ((i * 7919) % 50) * 1_000,
          amount_paid_minor: statuses[i % statuses.length] === 'paid' ? 10_000 : 0,
          amount_remaining_minor: 0,
          currency: currencies[i % currencies.length] ?? 'CHF',
          // Two rows per day, some at 23:30 at headquarters (22:30 UTC in winter).
          provider_created_at: new Date(
            base + Math.floor(i / 2) * 86_400_000 + (i % 2) * 13.5 * 3_600_000,
          ),
          due_date: i % 7 === 0 ? null : `${thisYear}-03-${String(1 + (i % 28)).padStart(2, '0')}`,
          invoice_iid: i % 4 === 1 ? `inv-${linkedMember.mid}-${thisYear - 1}` : null,
          member_mid: i % 4 === 1 ? linkedMember.mid : null,
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  const allPages = (query: string) =>
    listEndpoint<TPaymentListItem>(t, '/api/payments', cookie).allPages(query);
  const api = () => apiAs(t, cookie);

  it('pages through every card-payment invoice once, newest first by default', async () => {
    const { rows, pages } = await allPages('limit=10');
    expect(pages).toBe(3);
    expect(rows).toHaveLength(27);
    expect(new Set(rows.map((row) => row.sid)).size).toBe(27);
    expectSorted(
      rows.map((row) => row.createdAt),
      '-',
    );
    const linked = rows.find((row) => row.sid === 'pay001');
    expect(linked).toMatchObject({
      invoiceNumber: `T-${thisYear - 1}-${linkedMember.mid}`,
      memberNumber: linkedMember.number,
      memberName: 'Linked Logistics SA',
      amountDueMinor: expect.any(Number),
      currency: 'EUR',
    });
  });

  it.each([
    ['created', (row: TPaymentListItem): string | number => row.createdAt],
    ['amountDue', (row: TPaymentListItem): string | number => row.amountDueMinor],
    ['dueDate', (row: TPaymentListItem): string | number => row.dueDate ?? '9999-12-31'],
    ['status', (row: TPaymentListItem): string | number => row.status],
  ] as const)('sorts by %s both ways, across pages', async (field, keyOf) => {
    for (const direction of ['', '-'] as const) {
      const { rows } = await allPages(`limit=4&sort=${direction}${field}`);
      expect(rows).toHaveLength(27);
      expectSorted(rows.map(keyOf), direction);
    }
  });

  it('filters by status, currency, linked, created day range, due date, e-mail and member', async () => {
    const open = await allPages('status=open,uncollectible');
    expect(open.rows.length).toBeGreaterThan(0);
    expect(open.rows.every((row) => ['open', 'uncollectible'].includes(row.status))).toBe(true);

    const eur = await allPages('currency=EUR');
    expect(eur.rows).toHaveLength(9);
    expect(eur.rows.every((row) => row.currency === 'EUR')).toBe(true);

    const linked = await allPages('linked=yes');
    expect(linked.rows.map((row) => row.sid).sort()).toEqual([
      'pay001',
      'pay005',
      'pay009',
      'pay013',
      'pay017',
      'pay021',
      'pay025',
    ]);
    const unlinked = await allPages('linked=no');
    expect(unlinked.rows).toHaveLength(20);

    // A day's range includes the whole last day, 23:30 at headquarters too.
    const firstTwoDays = await allPages(`created=${thisYear}-01-03..${thisYear}-01-04`);
    expect(firstTwoDays.rows.map((row) => row.sid).sort()).toEqual([
      'pay000',
      'pay001',
      'pay002',
      'pay003',
    ]);

    const noDueDate = await allPages('dueDate=(empty)');
    expect(noDueDate.rows.map((row) => row.sid).sort()).toEqual([
      'pay000',
      'pay007',
      'pay014',
      'pay021',
    ]);

    const byEmail = await allPages(`customerEmail=${encodeURIComponent('BUYER1@example.org')}`);
    expect(byEmail.rows.length).toBeGreaterThan(0);
    expect(byEmail.rows.every((row) => row.customerEmail === 'Buyer1@Example.org')).toBe(true);

    const ofMember = await allPages(`member=${linkedMember.mid}`);
    expect(ofMember.rows).toHaveLength(7);
  });

  it('searches any part of the number, e-mail, customer name or provider id', async () => {
    expect((await allPages('q=LST-1012')).rows.map((row) => row.sid)).toEqual(['pay012']);
    expect((await allPages('q=nordic')).rows).toHaveLength(9);
    expect(
      (await allPages('q=buyer5@')).rows.every((row) => row.customerEmail?.startsWith('Buyer5')),
    ).toBe(true);
    expect((await allPages('q=in_list_026')).rows.map((row) => row.sid)).toEqual(['pay026']);
    expect((await allPages(`q=${encodeURIComponent('100%')}`)).rows).toEqual([]);
  });

  it('refuses an unknown sort or a bad filter with a 400 naming the parameter', async () => {
    const { list } = listEndpoint(t, '/api/payments', cookie);
    expectInvalid(await list('sort=customerName'), 'query.sort', 'invalid_value');
    expectInvalid(await list('status=refunded'), 'query.status', 'invalid_value');
    expectInvalid(await list('linked=maybe'), 'query.linked', 'invalid_value');
    expectInvalid(await list('created=yesterday..'), 'query.created', 'invalid_format');
  });

  it('exports the filtered view as CSV', async () => {
    const lines = await csvExport(
      t,
      '/api/payments/export?linked=yes&sort=created',
      cookie,
      'payments-',
    );
    expect(lines[0]).toMatch(/^Provider number,Provider invoice id,Customer,/);
    expect(lines).toHaveLength(8);
    expect(lines[1]).toContain('in_list_001');
    expect(lines[1]).toContain('Linked Logistics SA');
  });

  it('shows one card-payment invoice with its links, events and our invoice', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Timeline Transport GmbH',
      status: 'pending-payment',
      unpaidYears: [thisYear],
    });
    const iid = `inv-${member.mid}-${thisYear}`;
    await t.database.db
      .updateTable('invoices')
      .set({ total_minor: 95_000 })
      .where('iid', '=', iid)
      .execute();
    const id = nextId('in');
    const created = nowSeconds() - 600;
    const metadata = { invoice_id: iid, member_id: member.mid };
    for (const [type, status, at] of [
      ['invoice.finalized', 'open', created + 60],
      ['invoice.paid', 'paid', created + 120],
    ] as const) {
      const response = await deliver(
        t,
        eventOf(type, invoiceObject({ id, status, created, metadata }), { created: at }),
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    const { sid } = await t.database.db
      .selectFrom('stripe_invoices')
      .select('sid')
      .where('provider_invoice_id', '=', id)
      .executeTakeFirstOrThrow();

    const detail = await api().get<TPaymentDetail>(`/api/payments/${sid}`, readOnlyCookie);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      sid,
      providerInvoiceId: id,
      status: 'paid',
      hostedInvoiceUrl: `https://invoice.stripe.com/i/acct_test/${id}`,
      invoicePdfUrl: `https://pay.stripe.com/invoice/acct_test/${id}/pdf`,
      metadata,
      isLiveMode: false,
      invoice: { iid, status: 'paid', paidMethod: 'card', paidReference: id, totalMinor: 95_000 },
      member: { mid: member.mid, number: member.number, status: 'active' },
      statusTransitions: { paidAt: new Date((created + 120) * 1000).toISOString() },
    });
    expect(detail.body.events.map((event) => event.type)).toEqual([
      'invoice.finalized',
      'invoice.paid',
    ]);
    expect(detail.body.events[1]?.outcome).toMatch(/marked paid by card/);

    expect((await api().get(`/api/payments/nope`)).status).toBe(404);
  });

  describe('linking to one of our invoices', () => {
    /** An unlinked paid card invoice, and an issued invoice of ours it can pay. */
    async function unlinkedPaid(options: { currency?: string } = {}) {
      const member = await addMember(t.database.db, {
        legalName: 'Reconciled Cargo Ltd',
        status: 'pending-payment',
        unpaidYears: [thisYear],
      });
      const iid = `inv-${member.mid}-${thisYear}`;
      await t.database.db
        .updateTable('invoices')
        .set({ total_minor: 95_000, currency: options.currency ?? 'CHF' })
        .where('iid', '=', iid)
        .execute();
      const id = nextId('in');
      await deliver(
        t,
        eventOf('invoice.paid', invoiceObject({ id, status: 'paid', metadata: {} })),
      );
      const row = await t.database.db
        .selectFrom('stripe_invoices')
        .select(['sid', 'version'])
        .where('provider_invoice_id', '=', id)
        .executeTakeFirstOrThrow();
      const invoice = await t.database.db
        .selectFrom('invoices')
        .select('number')
        .where('iid', '=', iid)
        .executeTakeFirstOrThrow();
      return { ...row, member, iid, invoiceNumber: invoice.number, providerId: id };
    }

    it('links by invoice number and marks our invoice paid by card (audited)', async () => {
      const card = await unlinkedPaid();
      const linked = await api().post<TLinkPaymentResult>(`/api/payments/${card.sid}/link`, {
        version: card.version,
        invoiceNumber: ` ${card.invoiceNumber} `,
      });
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
      expect(linked.body.message).toMatch(
        new RegExp(`Invoice ${card.invoiceNumber} marked paid by card: CHF 950.00`),
      );
      expect(linked.body.payment).toMatchObject({
        invoiceIid: card.iid,
        memberMid: card.member.mid,
        version: card.version + 1,
        invoice: { status: 'paid', paidMethod: 'card', paidReference: card.providerId },
      });
      const audit = await auditEntriesOf(t.database.db, 'stripe_invoices', card.sid)
        .select(['action', 'actor_kind', 'actor_uid'])
        .where('action', '=', 'link')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actor_kind: 'operator' });
      const member = await t.database.db
        .selectFrom('members')
        .select('status')
        .where('mid', '=', card.member.mid)
        .executeTakeFirstOrThrow();
      expect(member.status).toBe('active');

      // Linked once: a second link is refused.
      expectInvalid(
        await api().post(`/api/payments/${card.sid}/link`, {
          version: card.version + 1,
          invoiceNumber: card.invoiceNumber,
        }),
        'body.invoiceNumber',
        'transition',
      );
    });

    it('refuses an unknown number, another currency, a stale version and a read-only operator', async () => {
      const card = await unlinkedPaid({ currency: 'EUR' });
      const url = `/api/payments/${card.sid}/link`;
      expectInvalid(
        await api().post(url, { version: card.version, invoiceNumber: 'NO-SUCH-1' }),
        'body.invoiceNumber',
        'exists',
      );
      expectInvalid(
        await api().post(url, { version: card.version, invoiceNumber: card.invoiceNumber }),
        'body.invoiceNumber',
        'currency',
      );
      expectConflict(
        await api().post(url, { version: card.version + 5, invoiceNumber: card.invoiceNumber }),
        /was changed by a webhook of the card-payment provider at .* since you opened it/,
      );
      expectForbidden(
        await api().post(
          url,
          { version: card.version, invoiceNumber: card.invoiceNumber },
          readOnlyCookie,
        ),
        'payments.manage',
      );
      const still = await t.database.db
        .selectFrom('stripe_invoices')
        .select(['invoice_iid', 'version'])
        .where('sid', '=', card.sid)
        .executeTakeFirstOrThrow();
      expect(still).toEqual({ invoice_iid: null, version: card.version });
    });
  });

  it('counts the total exactly on a fresh table', async () => {
    const { body } = await listEndpoint<TPaymentListItem>(t, '/api/payments', cookie).list(
      'limit=5',
    );
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM stripe_invoices`.execute(t.database.db);
    expect(body).toMatchObject({ estimatedTotal: rows[0]?.n, totalIsExact: true });
  });
});
