import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addTestUser,
  cookieFrom,
  signInAsNewOperator,
  testPassword,
  testPublicUrl,
} from '../test/app';
import { firstLink } from '../test/mailbox';
import { resetThrottles } from '../test/sessions';
import {
  signInToPortal,
  testPortalUrl,
  createPortalTestApp,
  type PortalTestApp,
} from '../test/portal';
import type { ErrorBody } from '../test/requests';
import { portalSessionCookieName, sessionCookieName } from './auth/sessions';
import { createMailingTestApp, type MailingTestApp } from './emails/test-support';
import { auditEntriesOf } from '../test/audit';

/**
 * The member portal's face (issue 34): its own app, origin, cookie and sessions beside the
 * console's, on the same authentication service and database. A person of one side never
 * reaches a route of the other: both route tables are walked with each side's session.
 */
describe('the member portal beside the console', () => {
  let t: MailingTestApp<PortalTestApp>;
  let portal: FastifyInstance;

  beforeAll(async () => {
    t = await createMailingTestApp(
      (smtpUrl) =>
        createPortalTestApp({ SMTP_URL: smtpUrl, MAIL_FROM: 'Operations <ops@example.org>' }),
      { pollMs: 200 },
    );
    portal = t.portal;
    await addTestUser(t.database, 'applicant@example.org', { password: testPassword });
  });
  afterAll(() => t.close());
  beforeEach(() => resetThrottles(t));

  const post = (app: FastifyInstance, url: string, payload: object, headers = {}) =>
    app.inject({ method: 'POST', url, payload, headers });

  async function signInByPassword(app: FastifyInstance, email: string, name: string) {
    const response = await post(app, '/api/auth/password', { email, password: testPassword });
    expect(response.statusCode, response.body).toBe(200);
    return cookieFrom(response.headers['set-cookie'], name);
  }

  /** The token of a `name=value` cookie, to present under the other face's name. */
  const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

  /** Every route of an app but the public ones, with a concrete URL for its parameters. */
  function guardedRoutes(app: FastifyInstance) {
    return app.routeAccess
      .filter((route) => route.access !== 'public' && route.method !== 'HEAD')
      .map((route) => ({ ...route, path: route.url.replace(/:(\w+)/g, 'x-$1') }));
  }

  it('serves its own API on its own origin, and none of the console’s routes', () => {
    const portalUrls = new Set(portal.routeAccess.map((route) => route.url));
    expect(portalUrls).toContain('/api/auth/email-link');
    expect(portalUrls).toContain('/api/auth/me');
    expect(portalUrls).toContain('/healthz');
    // The portal has its own `/api/invoices` and `/api/certificates` (a member's own, issue 35);
    // the console's records and their writes are not there.
    const consoleUrls = new Set(t.app.routeAccess.map((route) => route.url));
    for (const consoleOnly of [
      '/api/members',
      '/api/invoices/:iid',
      '/api/certificates/:cid',
      '/api/operators',
      '/api/users',
    ]) {
      expect(consoleUrls).toContain(consoleOnly);
      expect(portalUrls).not.toContain(consoleOnly);
    }
    // Microsoft's redirect URI is the console's: the portal has no Microsoft sign-in.
    expect([...portalUrls].some((url) => url.includes('microsoft'))).toBe(false);
    expect(portal.routeAccess.some((route) => route.access === 'operator')).toBe(false);
  });

  it('signs an applicant in by password with the portal’s own cookie, which the console refuses', async () => {
    const cookie = await signInByPassword(portal, 'applicant@example.org', portalSessionCookieName);
    const me = await portal.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'applicant@example.org' });

    // The same token under either cookie name: the console accepts no portal session.
    for (const presented of [cookie, `${sessionCookieName}=${tokenOf(cookie)}`]) {
      const onConsole = await t.app.inject({ url: '/api/auth/me', headers: { cookie: presented } });
      expect(onConsole.statusCode).toBe(401);
      const probe = await t.app.inject({
        url: '/api/auth/session',
        headers: { cookie: presented },
      });
      expect(probe.json()).toEqual({ signedIn: false });
    }
  });

  it('accepts no console session, an operator’s included, on any portal route', async () => {
    const consoleCookie = await signInAsNewOperator(t, 'portal-walk-admin@example.org', ['admin']);
    const presented = [consoleCookie, `${portalSessionCookieName}=${tokenOf(consoleCookie)}`];
    const routes = guardedRoutes(portal);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      for (const cookie of [undefined, ...presented]) {
        const response = await portal.inject({
          method: route.method as 'GET',
          url: route.path,
          headers: cookie ? { cookie } : {},
        });
        expect(
          response.statusCode,
          `${route.method} ${route.url} with ${cookie ?? 'nothing'}`,
        ).toBe(401);
      }
    }
  });

  it('lets no portal session through any console route', async () => {
    const portalCookie = await signInByPassword(
      portal,
      'applicant@example.org',
      portalSessionCookieName,
    );
    const presented = [portalCookie, `${sessionCookieName}=${tokenOf(portalCookie)}`];
    const routes = guardedRoutes(t.app);
    expect(routes.length).toBeGreaterThan(100);
    for (const route of routes) {
      for (const cookie of presented) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: route.path,
          headers: { cookie },
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it('e-mails a sign-in link to the portal, which signs in there and only there', async () => {
    const before = t.mailbox.messages.length;
    const email = 'applicant@example.org';
    const sent = await post(portal, '/api/auth/email-link', {
      email,
      continueUrl: `${testPortalUrl}/apply`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const link = firstLink(await t.mailbox.waitFor(email, { after: before }));
    expect(link.origin + link.pathname).toBe(`${testPortalUrl}/apply`);
    const code = link.searchParams.get('oobCode');

    // The console does not know a portal code: as unknown as a made-up one, and still usable.
    const onConsole = await post(t.app, '/api/auth/email-link/complete', { email, code });
    expect(onConsole.statusCode).toBe(400);
    expect(onConsole.json<ErrorBody>().error.code).toBe('auth/invalid-action-code');

    const completed = await post(portal, '/api/auth/email-link/complete', {
      email,
      code,
      language: 'fr',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const cookie = cookieFrom(completed.headers['set-cookie'], portalSessionCookieName);
    expect(String(completed.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(completed.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const me = await portal.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ email });
  });

  it('verifies a newcomer’s address by link before it makes an account, in the page’s language', async () => {
    const email = 'newcomer@example.org';
    const accounts = () =>
      t.database.db.selectFrom('users').select('uid').where('email', '=', email).execute();
    // The console sends nothing to an address without an account, and says so to nobody.
    const before = t.mailbox.messages.length;
    const onConsole = await post(t.app, '/api/auth/email-link', {
      email,
      continueUrl: `${testPublicUrl}/`,
    });
    expect(onConsole.json()).toEqual({ ok: true });

    const sent = await post(portal, '/api/auth/email-link', {
      email,
      continueUrl: `${testPortalUrl}/apply`,
      language: 'fr',
    });
    expect(sent.json()).toEqual({ ok: true });
    const mail = await t.mailbox.waitFor(email, { after: before });
    expect(mail.subject).toBe('Connexion à Operations');
    expect(t.mailbox.messages.slice(before).filter((m) => m.subject === mail.subject)).toHaveLength(
      1,
    );
    expect(await accounts()).toEqual([]);

    const code = firstLink(mail).searchParams.get('oobCode');
    const completed = await post(portal, '/api/auth/email-link/complete', {
      email,
      code,
      language: 'fr',
    });
    expect(completed.statusCode, completed.body).toBe(200);
    const [account] = await accounts();
    expect(account).toBeDefined();
    const created = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind'])
      .where('record_id', '=', account?.uid ?? '')
      .orderBy('id')
      .execute();
    expect(created.map((entry) => entry.action)).toEqual(['create', 'sign-in']);
    const cookie = cookieFrom(completed.headers['set-cookie'], portalSessionCookieName);
    // The page's language became the newcomer's: their e-mails and the portal speak French.
    expect(
      (await portal.inject({ url: '/api/auth/me', headers: { cookie } })).json(),
    ).toMatchObject({ email, preferredLanguage: 'fr' });
  });

  it('keeps the language chosen in the portal’s switcher as the person’s preferred language', async () => {
    const cookie = await signInToPortal(t, portal, 'switcher@example.org');
    const choose = (language: unknown, headers: Record<string, string> = { cookie }) =>
      portal.inject({
        method: 'PUT',
        url: '/api/auth/me/language',
        payload: { language },
        headers,
      });
    const chosen = await choose('de');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ email: 'switcher@example.org', preferredLanguage: 'de' });
    const row = await t.database.db
      .selectFrom('users')
      .select(['uid', 'preferred_language'])
      .where('email', '=', 'switcher@example.org')
      .executeTakeFirstOrThrow();
    expect(row.preferred_language).toBe('de');
    const audit = await auditEntriesOf(t.database.db, 'users', row.uid)
      .select(['action', 'actor_kind', 'actor_uid'])
      .where('action', '=', 'update')
      .execute();
    expect(audit).toEqual([{ action: 'update', actor_kind: 'user', actor_uid: row.uid }]);

    const refused = await choose('pt');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.issues?.[0]?.path).toBe('body.language');
    expect((await choose('fr', {})).statusCode).toBe(401);
    // The console has no such route: an operator's language is not the portal's to set.
    const onConsole = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me/language',
      payload: { language: 'fr' },
      headers: { cookie },
    });
    expect(onConsole.statusCode).toBeGreaterThanOrEqual(400);
    expect(onConsole.statusCode).toBeLessThan(500);
  });

  it('sends no link to a page of the console, nor the console one to the portal', async () => {
    const toConsole = await post(portal, '/api/auth/email-link', {
      email: 'applicant@example.org',
      continueUrl: `${testPublicUrl}/members`,
    });
    expect(toConsole.statusCode).toBe(400);
    expect(toConsole.json<ErrorBody>().error).toMatchObject({
      code: 'auth/invalid-continue-uri',
      message: `The continue URL must be on ${testPortalUrl}.`,
    });
    const toPortal = await post(t.app, '/api/auth/email-link', {
      email: 'applicant@example.org',
      continueUrl: `${testPortalUrl}/apply`,
    });
    expect(toPortal.statusCode).toBe(400);
    expect(toPortal.json<ErrorBody>().error.code).toBe('auth/invalid-continue-uri');
  });

  it('refuses a write whose Origin is the console’s, and the console one from the portal', async () => {
    const fromConsole = await post(
      portal,
      '/api/auth/password',
      { email: 'applicant@example.org', password: testPassword },
      { origin: testPublicUrl },
    );
    expect(fromConsole.statusCode).toBe(403);
    expect(fromConsole.headers['set-cookie']).toBeUndefined();
    const fromPortal = await post(
      t.app,
      '/api/auth/password',
      { email: 'applicant@example.org', password: testPassword },
      { origin: testPortalUrl },
    );
    expect(fromPortal.statusCode).toBe(403);
  });

  it('documents its own API at /api/docs, for anyone, naming only its routes', async () => {
    const document = await portal.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const spec = document.json<{ servers: { url: string }[]; paths: Record<string, unknown> }>();
    expect(spec.servers).toEqual([{ url: testPortalUrl }]);
    expect(Object.keys(spec.paths)).toContain('/api/auth/email-link');
    expect(Object.keys(spec.paths)).not.toContain('/api/members');
    // The console's stays for operators.
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(401);
  });
});
