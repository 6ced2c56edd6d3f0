import type { TPortalApplication } from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewOperator } from '../../../test/app';
import { signInToPortal, createPortalTestApp, type PortalTestApp } from '../../../test/portal';
import { issuesOf, type ErrorBody } from '../../../test/requests';
import { maxOpenDrafts } from './create-draft';
import { auditEntriesOf } from '../../../test/audit';

/**
 * The applicant's side of applications on the member portal (issue 34): drafts saved step by
 * step, submitted once into the console's queue, withdrawn; only ever the caller's own.
 */
describe('applications in the member portal', () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let ada: string;
  let bob: string;

  beforeAll(async () => {
    t = await createPortalTestApp({}, { countries: true });
    portal = t.portal;
    ada = await signInToPortal(t, portal, 'ada@forwarders.example');
    bob = await signInToPortal(t, portal, 'bob@forwarders.example');
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    portal.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function newDraft(cookie: string, category = 'individual'): Promise<TPortalApplication> {
    const response = await call(cookie, 'POST', '/api/applications', { category });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TPortalApplication>();
  }

  const completeDraft = {
    company: { legalName: 'Ada Forwarding SA', website: 'https://ada.example', employees: 12 },
    address: { line1: 'Rue du Port 1', city: 'Genève', postalCode: '1201', countryIso2: 'CH' },
    contacts: [
      {
        role: 'primary',
        name: 'Ada Muster',
        email: 'ada@forwarders.example',
        phone: null,
        position: 'CEO',
      },
    ],
  };

  it('starts a numbered draft with the verified address as its primary contact', async () => {
    const draft = await newDraft(ada);
    expect(draft).toMatchObject({ status: 'draft', category: 'individual', version: 1 });
    expect(draft.number).toMatch(/^A-\d{6}$/);
    expect(draft.contacts).toEqual([
      expect.objectContaining({ role: 'primary', email: 'ada@forwarders.example' }),
    ]);
    const own = await call(ada, 'GET', '/api/applications');
    expect(own.json<{ items: TPortalApplication[] }>().items.map((item) => item.aid)).toContain(
      draft.aid,
    );
    const stored = await t.database.db
      .selectFrom('applications')
      .select(['source', 'submitted_by_uid'])
      .where('aid', '=', draft.aid)
      .executeTakeFirstOrThrow();
    expect(stored.source).toBe('online');
  });

  /** What each route of one application is sent in the walk below: a request it would take. */
  const walkRequests: Record<string, { query?: string; payload?: object | Buffer; type?: string }> =
    {
      'GET /api/applications/:aid': {},
      'PATCH /api/applications/:aid': { payload: { version: 1, company: { tradeName: 'Mine' } } },
      'POST /api/applications/:aid/submit': { payload: { version: 1 } },
      'POST /api/applications/:aid/withdraw': { payload: { version: 1 } },
      'POST /api/applications/:aid/answer': { payload: { text: 'Mine' } },
      'POST /api/applications/:aid/documents': {
        query: '?type=registry-extract&fileName=mine.pdf',
        payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
        type: 'application/pdf',
      },
      'GET /api/applications/:aid/documents/:documentId': {},
      'DELETE /api/applications/:aid/documents/:documentId': {},
    };

  it('shows another applicant nothing of it: every route of an application is a 404 like a missing one', async () => {
    const draft = await newDraft(ada);
    const list = await call(bob, 'GET', '/api/applications');
    expect(list.json<{ items: TPortalApplication[] }>().items).toEqual([]);
    // Walked from the portal's own route table: a route added later is walked too (and needs
    // its request above, or this fails).
    const routes = portal.routeAccess.filter(
      (route) => route.url.includes(':aid') && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const request = walkRequests[key];
      expect(request, `a request for ${key}`).toBeDefined();
      const url = route.url.replace(':aid', draft.aid).replace(/:(\w+)/g, 'x-$1');
      const response = await portal.inject({
        method: route.method as 'GET',
        url: `${url}${request?.query ?? ''}`,
        headers: { cookie: bob, ...(request?.type ? { 'content-type': request.type } : {}) },
        ...(request?.payload ? { payload: request.payload } : {}),
      });
      expect(response.statusCode, `${key}: ${response.body}`).toBe(404);
      expect(response.json<ErrorBody>().error.message).toBe(
        `You have no application ${draft.aid}.`,
      );
    }
    const missing = await call(bob, 'GET', '/api/applications/no-such-application');
    expect(missing.statusCode).toBe(404);
    // Ada's draft is untouched.
    const mine = await call(ada, 'GET', `/api/applications/${draft.aid}`);
    expect(mine.json<TPortalApplication>()).toMatchObject({ version: 1, status: 'draft' });
    expect(mine.json<TPortalApplication>().documents).toEqual([]);
  });

  it('saves each step as it goes, with the console’s rules naming the field', async () => {
    const dora = await signInToPortal(t, portal, 'dora@forwarders.example');
    const draft = await newDraft(dora);
    const url = `/api/applications/${draft.aid}`;
    const company = await call(dora, 'PATCH', url, {
      version: 1,
      company: { legalName: ' Ada Forwarding SA ', founded: 1998, activities: ['Air freight'] },
    });
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json<TPortalApplication>().company).toMatchObject({
      legalName: 'Ada Forwarding SA',
      founded: 1998,
      activities: ['Air freight'],
    });
    // A later step keeps what the earlier ones saved.
    const address = await call(dora, 'PATCH', url, {
      version: 2,
      company: { tradeName: 'Ada' },
      address: { city: 'Genève', countryIso2: 'ch' },
    });
    expect(address.json<TPortalApplication>()).toMatchObject({
      version: 3,
      company: { legalName: 'Ada Forwarding SA', tradeName: 'Ada' },
      address: { city: 'Genève', countryIso2: 'CH' },
    });

    const badWebsite = await call(dora, 'PATCH', url, {
      version: 3,
      company: { website: 'ada.example' },
    });
    expect(badWebsite.statusCode).toBe(400);
    expect(issuesOf(badWebsite.json<ErrorBody>())).toContain('body.company.website:custom');
    const unknownCountry = await call(dora, 'PATCH', url, {
      version: 3,
      address: { countryIso2: 'XX' },
    });
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body.address.countryIso2',
      rule: 'country',
    });
    const twoPrimaries = await call(dora, 'PATCH', url, {
      version: 3,
      contacts: [
        { role: 'primary', name: 'A', email: null, phone: null, position: null },
        { role: 'primary', name: 'B', email: null, phone: null, position: null },
      ],
    });
    expect(twoPrimaries.statusCode).toBe(400);
    expect(issuesOf(twoPrimaries.json<ErrorBody>())).toContain('body.contacts:custom');

    // Another device saved meanwhile: the stale version is refused, nothing overwritten.
    const stale = await call(dora, 'PATCH', url, { version: 1, company: { tradeName: 'Old' } });
    expect(stale.statusCode).toBe(409);
    const now = await call(dora, 'GET', url);
    expect(now.json<TPortalApplication>().company.tradeName).toBe('Ada');
  });

  it('submits a complete draft once into the console’s queue, and names what an incomplete one lacks', async () => {
    const erin = await signInToPortal(t, portal, 'erin@forwarders.example');
    const draft = await newDraft(erin);
    const url = `/api/applications/${draft.aid}`;
    const early = await call(erin, 'POST', `${url}/submit`, { version: 1 });
    expect(early.statusCode).toBe(400);
    // The primary contact's e-mail is the verified address already.
    expect(issuesOf(early.json<ErrorBody>())).toEqual([
      'company.legalName:required',
      'address.line1:required',
      'address.city:required',
      'address.countryIso2:required',
      'contacts.primary.name:required',
    ]);

    const filled = await call(erin, 'PATCH', url, { version: 1, ...completeDraft });
    expect(filled.statusCode, filled.body).toBe(200);
    // Two submits at once (two tabs, a double tap): exactly one goes through.
    const [first, second] = await Promise.all([
      call(erin, 'POST', `${url}/submit`, { version: 2 }),
      call(erin, 'POST', `${url}/submit`, { version: 2 }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const submitted = (first.statusCode === 200 ? first : second).json<TPortalApplication>();
    expect(submitted.status).toBe('submitted');
    expect(submitted.submittedAt).not.toBeNull();

    // Staff see it in the console, submitted by the applicant, with its answers.
    const operator = await signInAsNewOperator(t, 'reviewer@federation.example', ['membership']);
    const inConsole = await t.app.inject({ url, headers: { cookie: operator } });
    expect(inConsole.statusCode).toBe(200);
    expect(inConsole.json()).toMatchObject({
      status: 'submitted',
      legalName: 'Ada Forwarding SA',
      countryIso2: 'CH',
      submittedBy: { email: 'erin@forwarders.example' },
    });
    const history = await auditEntriesOf(t.database.db, 'applications', draft.aid)
      .select(['action', 'actor_kind'])
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'create', actor_kind: 'user' },
      { action: 'update-draft', actor_kind: 'user' },
      { action: 'submit', actor_kind: 'user' },
    ]);

    const edit = await call(erin, 'PATCH', url, { version: 3, company: { tradeName: 'Late' } });
    expect(edit.statusCode).toBe(400);
    expect(edit.json<ErrorBody>().error.issues?.[0]?.rule).toBe('status');
  });

  it('lets the applicant withdraw before a decision, and not after', async () => {
    const draft = await newDraft(bob);
    const url = `/api/applications/${draft.aid}`;
    const withdrawn = await call(bob, 'POST', `${url}/withdraw`, { version: 1 });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<TPortalApplication>()).toMatchObject({ status: 'withdrawn' });
    const again = await call(bob, 'POST', `${url}/withdraw`, { version: 2 });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().error.issues?.[0]?.rule).toBe('transition');
  });

  it('offers the countries an application may name, and nothing of their settings', async () => {
    const response = await call(ada, 'GET', '/api/countries');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: Record<string, unknown>[] }>();
    expect(items.length).toBeGreaterThan(190);
    expect(items).toContainEqual({ iso2: 'CH', name: 'Switzerland' });
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['iso2', 'name']);
  });

  it(`keeps at most ${maxOpenDrafts} drafts open per person`, async () => {
    const carol = await signInToPortal(t, portal, 'carol@forwarders.example');
    for (let draft = 0; draft < maxOpenDrafts; draft++) await newDraft(carol);
    const oneMore = await call(carol, 'POST', '/api/applications', { category: 'association' });
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body.category',
      rule: 'open-drafts',
    });
  });
});
