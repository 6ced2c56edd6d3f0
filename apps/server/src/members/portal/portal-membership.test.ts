import type {
  TPortalCertificate,
  TPortalCreditNote,
  TPortalInvoice,
  TPortalMembership,
} from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewOperator, testPublicUrl } from '../../../test/app';
import { invoiceRow, memberRow, uidOf, insertMembers } from '../../../test/fixtures';
import {
  linkToMember,
  signInToPortal,
  testPortalUrl,
  createPortalTestApp,
  signInAsMemberUser,
  type PortalTestApp,
} from '../../../test/portal';
import { clock } from '../../lib/clock';
import { pdfText } from '../../../test/pdf-text';

/**
 * The member portal's membership side (issue 35): a member's users see their member's status,
 * what is due, invoices with their PDFs and certificates with their verification links; nobody
 * reaches another member's by changing an id, whatever their role or standing.
 */
describe('a member in the member portal', () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let owner: string;
  let staff: string;
  let otherOwner: string;
  let applicant: string;
  let removed: string;
  let formerMember: string;
  let operator: string;
  let staffUid: string;
  const year = clock.year();
  const today = clock.today();

  const ids = {
    paid: 'pm-inv-paid',
    open: 'pm-inv-open',
    overdue: 'pm-inv-overdue',
    draft: 'pm-inv-draft',
    otherOpen: 'pm-inv-other',
    certificate: 'pm-cert-a',
    pendingCertificate: 'pm-cert-pending',
    otherCertificate: 'pm-cert-b',
    creditNote: 'pm-cn-a',
    changeRequest: 'pm-cr-a',
  };

  const invoice = (iid: string, mid: string, fields: Parameters<typeof invoiceRow>[2]) =>
    invoiceRow(iid, mid, fields);

  const certificate = (cid: string, mid: string, fields: Record<string, unknown> = {}) => ({
    cid,
    number: `C-${cid}`,
    member_mid: mid,
    type: 'membership' as const,
    year,
    valid_from: `${year}-01-01`,
    valid_to: `${year}-12-31`,
    status: 'issued' as const,
    verification_code: `CODE-${cid}`.toUpperCase(),
    ...fields,
  });

  beforeAll(async () => {
    t = await createPortalTestApp({}, { countries: true });
    portal = t.portal;
    const { db } = t.database;
    await insertMembers(db, [
      memberRow('pm-a', { legal_name: 'Alpen Spedition AG', paid_through_year: year - 1 }),
      memberRow('pm-b', { legal_name: 'Bodensee Cargo GmbH' }),
      memberRow('pm-c', {
        legal_name: 'Closed Freight SA',
        status: 'terminated',
        terminated_on: `${year}-02-01`,
      }),
    ]);
    await db
      .insertInto('invoices')
      .values([
        invoice(ids.paid, 'pm-a', {
          year: year - 1,
          issue_date: `${year - 1}-01-05`,
          status: 'paid',
          paid_minor: '45000',
          paid_at: new Date(`${year - 1}-01-20T10:00:00Z`),
        }),
        invoice(ids.open, 'pm-a', { issue_date: `${year}-01-06`, paid_minor: '5000' }),
        invoice(ids.overdue, 'pm-a', {
          kind: 'other',
          issue_date: '2000-01-01',
          due_date: '2000-01-31',
          total_minor: '12000',
        }),
        invoice(ids.draft, 'pm-a', { status: 'draft', issue_date: null, due_date: null }),
        invoice(ids.otherOpen, 'pm-b', {}),
        invoice('pm-inv-closed', 'pm-c', { year: year - 1, issue_date: `${year - 1}-01-05` }),
      ])
      .execute();
    await db
      .insertInto('credit_notes')
      .values({
        cnid: ids.creditNote,
        number: 'CN-pm-a-1',
        year,
        invoice_iid: ids.open,
        member_mid: 'pm-a',
        currency: 'CHF',
        issue_date: `${year}-01-10`,
        lines: JSON.stringify([
          {
            lineIndex: 0,
            description: 'Membership fee',
            quantity: 1,
            unitAmountMinor: 5000,
            vatRate: null,
            amountMinor: 5000,
          },
        ]),
        total_minor: '5000',
        reason: 'Fee reduced for a small company.',
      })
      .execute();
    await db
      .insertInto('certificates')
      .values([
        certificate(ids.certificate, 'pm-a'),
        certificate(ids.pendingCertificate, 'pm-a', { status: 'pending', year: year + 1 }),
        certificate(ids.otherCertificate, 'pm-b'),
      ])
      .execute();

    owner = await signInAsMemberUser(t, portal, 'owner@alpen.example', 'pm-a', 'owner');
    staff = await signInAsMemberUser(t, portal, 'staff@alpen.example', 'pm-a', 'staff');
    otherOwner = await signInAsMemberUser(t, portal, 'owner@bodensee.example', 'pm-b', 'owner');
    applicant = await signInToPortal(t, portal, 'applicant@nowhere.example');
    removed = await signInToPortal(t, portal, 'former@alpen.example');
    formerMember = await signInAsMemberUser(t, portal, 'owner@closed.example', 'pm-c', 'owner');
    // A colleague removed from the member: no longer linked (the console's users area).
    await linkToMember(t, 'former@alpen.example', null, null);
    staffUid = await uidOf(t, 'staff@alpen.example');
    // A change request of member A, with its document (issue 35).
    await db
      .insertInto('member_change_requests')
      .values({
        id: ids.changeRequest,
        member_mid: 'pm-a',
        kind: 'company-data',
        requested_by: await uidOf(t, 'owner@alpen.example'),
        member_version: 1,
        changes: JSON.stringify([{ field: 'legalName', from: 'Alpen', to: 'Alpen Neu' }]),
        document_file_name: 'extract.pdf',
        document_content_type: 'application/pdf',
        document_size_bytes: 9,
      })
      .execute();
    await db
      .insertInto('change_request_documents')
      .values({ request_id: ids.changeRequest, sha256: 'x', content: Buffer.from('%PDF-1.4\n') })
      .execute();
    operator = await signInAsNewOperator(t, 'finance@hq.example', ['finance']);
  });
  afterAll(() => t.close());

  const get = (cookie: string | null, url: string) =>
    portal.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  /** A walked route: a write comes from the portal's own origin, so only the guard decides. */
  const ask = (
    cookie: string | null,
    { method, url, body }: { method: string; url: string; body?: unknown },
  ) =>
    portal.inject({
      method: method as 'GET',
      url,
      headers: { ...(cookie ? { cookie } : {}), origin: testPortalUrl },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  it('shows its users the status, the paid-through year, what is due and their role', async () => {
    const response = await get(owner, '/api/membership');
    expect(response.statusCode, response.body).toBe(200);
    const membership = response.json<TPortalMembership>();
    expect(membership).toMatchObject({
      mid: 'pm-a',
      number: 'M-pm-a',
      legalName: 'Alpen Spedition AG',
      status: 'active',
      paidThroughYear: year - 1,
      role: 'owner',
      memberships: [{ mid: 'pm-a', number: 'M-pm-a', role: 'owner' }],
    });
    // 450.00 less 50.00 paid, and 120.00 long overdue: the draft and the paid one are not due.
    expect(membership.due).toEqual([
      {
        currency: 'CHF',
        balanceMinor: '52000',
        openInvoices: 2,
        overdueInvoices: 1,
        nextDueDate: '2000-01-31',
      },
    ]);
    expect((await get(staff, '/api/membership')).json<TPortalMembership>().role).toBe('staff');
  });

  it('lists the invoices newest first with their balance, never a draft, each with its PDF', async () => {
    const response = await get(staff, '/api/invoices');
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<{ items: TPortalInvoice[] }>().items;
    expect(items.map((item) => item.iid)).toEqual([ids.open, ids.paid, ids.overdue]);
    expect(items[0]).toMatchObject({
      number: `P-${ids.open}`,
      totalMinor: '45000',
      balanceMinor: '40000',
      status: 'issued',
      isOverdue: false,
    });
    expect(items[1]).toMatchObject({ status: 'paid', balanceMinor: '0', isOverdue: false });
    expect(items[2]).toMatchObject({ balanceMinor: '12000', isOverdue: true });
    expect(items[2]?.dueDate && items[2].dueDate < today).toBe(true);

    const pdf = await get(staff, `/api/invoices/${ids.open}/pdf?download=1`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toMatch(/^attachment; /);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(staff, `/api/invoices/${ids.draft}/pdf`)).statusCode).toBe(404);
  });

  it('lists the certificates with their public verification link, and serves their PDF', async () => {
    const response = await get(owner, '/api/certificates');
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<{ items: TPortalCertificate[] }>().items;
    expect(items).toEqual([
      expect.objectContaining({
        cid: ids.certificate,
        status: 'issued',
        verificationUrl: `${testPublicUrl}/verify/CODE-PM-CERT-A`,
      }),
    ]);
    const pdf = await get(owner, `/api/certificates/${ids.certificate}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(owner, `/api/certificates/${ids.pendingCertificate}/pdf`)).statusCode).toBe(
      404,
    );
  });

  it('lists the credit notes with the invoice each credits, and serves their PDF', async () => {
    const response = await get(owner, '/api/credit-notes');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ items: TPortalCreditNote[] }>().items).toEqual([
      {
        cnid: ids.creditNote,
        number: 'CN-pm-a-1',
        invoiceNumber: `P-${ids.open}`,
        issueDate: `${year}-01-10`,
        currency: 'CHF',
        totalMinor: '5000',
        reason: 'Fee reduced for a small company.',
      },
    ]);
    const pdf = await get(owner, `/api/credit-notes/${ids.creditNote}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("gives its users the member's statement of account for a period, and names a bad range", async () => {
    const period = `from=${year - 1}-01-01&to=${today}`;
    const response = await get(staff, `/api/statement?${period}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`-${year - 1}-01-01-${today}.pdf`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Alpen Spedition AG');
    // In the member's language, as the console makes it.
    expect(text).toContain('KONTOAUSZUG');
    expect(text).toContain('Anfangssaldo');
    // Last year's invoice and its payment: always inside the period, whatever today is.
    expect(text).toContain('P-pm-inv-paid');
    // Another member's invoice of the same days is never on it.
    expect(text).not.toContain('P-pm-inv-closed');

    const invalid = async (query: string, path: string, rule?: string) => {
      const refused = await get(owner, `/api/statement?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.issues[0], query).toMatchObject({
        path,
        ...(rule ? { rule } : {}),
      });
    };
    await invalid(`from=${today}&to=${year - 1}-01-01`, 'query.to', 'order');
    await invalid(`from=${year}-01-01&to=2999-01-01`, 'query.to', 'after-today');
    await invalid(`to=${today}`, 'query.from');
  });

  /**
   * Every member-scoped route of the portal's own route table, with member A's ids: a route added
   * later under these paths is walked without being listed here.
   */
  /** A valid body for each write, so that only the member's scope can refuse it. */
  const walkBodies: Record<string, unknown> = {
    'POST /api/colleagues': { email: 'walker@example.org', role: 'staff' },
    'PATCH /api/colleagues/:uid': { role: 'admin' },
    'POST /api/change-requests': { changes: { phone: '+41 1 234 56 78' } },
    'POST /api/change-requests/close-account': {},
    'PUT /api/directory-entry': { listed: true, fields: ['city'] },
    'PUT /api/membership/current': { mid: 'pm-a' },
  };

  function memberRoutesWithIdsOfA(): { method: string; url: string; body?: unknown }[] {
    const scoped =
      /^\/api\/(membership|invoices|credit-notes|certificates|statement|colleagues|company|change-requests|directory-entry|data-export)(\/|$)/;
    const routes = portal.routeAccess
      .filter((route) => route.method !== 'HEAD' && scoped.test(route.url))
      .map((route) => ({
        method: route.method,
        body: walkBodies[`${route.method} ${route.url}`],
        url: route.url
          .replace(':uid', staffUid)
          .replace(':iid', ids.open)
          .replace(':cid', ids.certificate)
          .replace(':cnid', ids.creditNote)
          .replace(':id', ids.changeRequest)
          // A statement needs its period; with it, only the member decides.
          .replace(/^\/api\/statement$/, `/api/statement?from=${year}-01-01&to=${today}`),
      }));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(routes.some((route) => route.method === 'POST')).toBe(true);
    expect(routes.every((route) => !route.url.includes(':'))).toBe(true);
    return routes;
  }

  it("lets no one else reach member A's records by its ids: another member's owner, an applicant, a removed colleague, a terminated member's user", async () => {
    const strangers = { otherOwner, applicant, removed, formerMember };
    for (const { method, url, body } of memberRoutesWithIdsOfA()) {
      for (const [who, cookie] of Object.entries(strangers)) {
        const withMember = `${url}${url.includes('?') ? '&' : '?'}member=pm-a`;
        const asked = await ask(cookie, { method, url: withMember, body });
        expect(asked.statusCode, `${who} ${method} ${withMember} ${asked.body}`).toBe(404);
        if (
          [ids.open, ids.certificate, ids.creditNote, ids.changeRequest, staffUid].some((id) =>
            url.includes(id),
          )
        ) {
          const byId = await ask(cookie, { method, url, body });
          expect(byId.statusCode, `${who} ${method} ${url}`).toBe(404);
        }
      }
    }
    // Their own lists never hold A's records either.
    const otherInvoices = (await get(otherOwner, '/api/invoices')).json<{
      items: TPortalInvoice[];
    }>();
    expect(otherInvoices.items.map((item) => item.iid)).toEqual([ids.otherOpen]);
    expect((await get(applicant, '/api/membership')).json()).toMatchObject({
      error: { code: 'not-found', message: 'You are not a user of a member.' },
    });
  });

  it('shows a terminated member its status and history, and nothing at all to a disabled user, nobody or a console session', async () => {
    const closed = (await get(formerMember, '/api/membership')).json<TPortalMembership>();
    expect(closed).toMatchObject({ status: 'terminated', terminatedOn: `${year}-02-01` });
    const history = (await get(formerMember, '/api/invoices')).json<{ items: TPortalInvoice[] }>();
    expect(history.items.map((item) => item.iid)).toEqual(['pm-inv-closed']);

    await t.database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('email', '=', 'staff@alpen.example')
      .execute();
    for (const route of memberRoutesWithIdsOfA()) {
      const named = `${route.method} ${route.url}`;
      expect((await ask(staff, route)).statusCode, `disabled ${named}`).toBe(401);
      expect((await ask(null, route)).statusCode, `nobody ${named}`).toBe(401);
      expect((await ask(operator, route)).statusCode, `console session ${named}`).toBe(401);
    }
  });
});
