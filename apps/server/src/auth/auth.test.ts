import { actionsByRole, can } from '@ops/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  addTestUser,
  cookieFrom,
  createTestApp,
  sessionCookieOf,
  signInAsNewOperator,
  type TestApp,
} from '../../test/app';
import { firstLink } from '../../test/mailbox';
import { resetThrottles } from '../../test/sessions';
import { createMailingTestApp, type MailingTestApp } from '../emails/test-support';
import { sessionCookieName, sha256 } from './sessions';
import { throttleLimits } from './throttle';
import type { ErrorBody } from '../../test/requests';

const strongPassword = 'correct horse battery staple 42';
const continueUrl = 'http://localhost:3000/members?tab=all';

describe('sign-in API', () => {
  let t: MailingTestApp;

  beforeAll(async () => {
    t = await createMailingTestApp(
      (smtpUrl) =>
        createTestApp({
          SMTP_URL: smtpUrl,
          MAIL_FROM: 'Operations <ops@example.org>',
          // Requests come from 127.0.0.1 as a proxy would: X-Forwarded-For names other clients.
          TRUST_PROXY: '127.0.0.1',
        }),
      { pollMs: 200 },
    );
  });
  afterAll(() => t.close());
  beforeEach(() => resetThrottles(t));

  const post = (url: string, payload: unknown, cookie?: string, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const me = (cookie?: string) =>
    t.app.inject({ url: '/api/auth/me', headers: cookie ? { cookie } : {} });

  async function signIn(email: string, password = strongPassword): Promise<string> {
    const response = await post('/api/auth/password', { email, password });
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookieOf(response);
  }

  describe('sign-in methods', () => {
    it('names password, e-mail link or both, in the spec’s vocabulary', async () => {
      await addTestUser(t.database, 'pw@example.org', { password: strongPassword });
      await addTestUser(t.database, 'link@example.org');
      const methods = async (email: string) =>
        (await post('/api/auth/methods', { email })).json<{ methods: string[] }>().methods;
      expect(await methods('pw@example.org')).toEqual(['password']);
      expect(await methods('LINK@example.org ')).toEqual(['emailLink']);
      expect(await methods('nobody@example.org')).toEqual([]);
    });

    it('refuses an invalid e-mail with a 400 naming the field', async () => {
      const response = await post('/api/auth/methods', { email: 'not-an-email' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'invalid-argument', issues: [{ path: 'body.email' }] },
      });
    });

    it('is throttled per e-mail address', async () => {
      for (let i = 0; i < throttleLimits.methodsPerEmail.points; i++) {
        expect((await post('/api/auth/methods', { email: 'busy@example.org' })).statusCode).toBe(
          200,
        );
      }
      const refused = await post('/api/auth/methods', { email: 'busy@example.org' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>().error.code).toBe('auth/too-many-requests');
      // Another address from the same place is still answered.
      expect((await post('/api/auth/methods', { email: 'calm@example.org' })).statusCode).toBe(200);
    });

    it('answers [] for everyone under enumeration protection', async () => {
      const protectedApp = await createTestApp({ AUTH_ENUMERATION_PROTECTION: 'true' });
      try {
        await addTestUser(protectedApp.database, 'pw@example.org', { password: strongPassword });
        const response = await protectedApp.app.inject({
          method: 'POST',
          url: '/api/auth/methods',
          payload: { email: 'pw@example.org' },
        });
        expect(response.json()).toEqual({ methods: [] });
      } finally {
        await protectedApp.close();
      }
    });
  });

  describe('password sign-in and sessions', () => {
    beforeAll(async () => {
      await addTestUser(t.database, 'ada@example.org', {
        password: strongPassword,
        displayName: 'Ada Lovelace',
      });
    });

    it('signs in with an HttpOnly, SameSite=Lax session cookie whose token is stored only hashed', async () => {
      const response = await post('/api/auth/password', {
        email: 'ada@example.org',
        password: strongPassword,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        email: 'ada@example.org',
        displayName: 'Ada Lovelace',
        photoURL: null,
      });
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/Secure/i);
      const cookie = sessionCookieOf(response);
      const token = cookie.split('=')[1] ?? '';
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const stored = await t.database.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('token_hash', '=', sha256(token))
        .executeTakeFirst();
      expect(stored).toBeDefined();
      const plain = await t.database.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('token_hash', '=', token)
        .executeTakeFirst();
      expect(plain).toBeUndefined();
      const whoAmI = await me(cookie);
      expect(whoAmI.statusCode).toBe(200);
      expect(whoAmI.json()).toMatchObject({ email: 'ada@example.org' });
    });

    it('marks the cookie Secure when the console is served over https', async () => {
      const secureApp = await createTestApp({ PUBLIC_URL: 'https://ops.example.org' });
      try {
        await addTestUser(secureApp.database, 'ada@example.org', { password: strongPassword });
        const response = await secureApp.app.inject({
          method: 'POST',
          url: '/api/auth/password',
          payload: { email: 'ada@example.org', password: strongPassword },
        });
        expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
      } finally {
        await secureApp.close();
      }
    });

    it('answers 401 to /me without a session', async () => {
      const response = await me();
      expect(response.statusCode).toBe(401);
      expect(response.json<ErrorBody>().error.code).toBe('unauthenticated');
      expect((await me(`${sessionCookieName}=made-up`)).statusCode).toBe(401);
    });

    it('tells a wrong password, an unknown user and a disabled user apart', async () => {
      const wrong = await post('/api/auth/password', {
        email: 'ada@example.org',
        password: 'nope',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<ErrorBody>().error.code).toBe('auth/wrong-password');
      const unknown = await post('/api/auth/password', {
        email: 'ghost@example.org',
        password: strongPassword,
      });
      expect(unknown.json<ErrorBody>().error.code).toBe('auth/user-not-found');
      const disabled = await addTestUser(t.database, 'off@example.org', {
        password: strongPassword,
      });
      await t.database.db
        .updateTable('users')
        .set({ disabled: true })
        .where('uid', '=', disabled.uid)
        .execute();
      const refused = await post('/api/auth/password', {
        email: 'off@example.org',
        password: strongPassword,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.code).toBe('auth/user-disabled');
    });

    it('locks an account after repeated failures, even for the right password', async () => {
      await addTestUser(t.database, 'target@example.org', { password: strongPassword });
      for (let i = 0; i < throttleLimits.passwordFailuresPerAccount.points; i++) {
        const response = await post('/api/auth/password', {
          email: 'target@example.org',
          password: `guess ${i}`,
        });
        expect(response.json<ErrorBody>().error.code).toBe('auth/wrong-password');
      }
      const locked = await post('/api/auth/password', {
        email: 'target@example.org',
        password: strongPassword,
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json<ErrorBody>().error.code).toBe('auth/too-many-requests');
      // Other accounts are not locked by it.
      expect(
        (
          await post('/api/auth/password', {
            email: 'ada@example.org',
            password: strongPassword,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('throttles failures per address across accounts', async () => {
      const ip = { 'x-forwarded-for': '203.0.113.9' };
      for (let i = 0; i < throttleLimits.passwordFailuresPerIp.points; i++) {
        await post(
          '/api/auth/password',
          { email: `spray${i}@example.org`, password: 'x' },
          undefined,
          ip,
        );
      }
      const refused = await post(
        '/api/auth/password',
        { email: 'ada@example.org', password: strongPassword },
        undefined,
        ip,
      );
      expect(refused.json<ErrorBody>().error.code).toBe('auth/too-many-requests');
      const elsewhere = await post(
        '/api/auth/password',
        { email: 'ada@example.org', password: strongPassword },
        undefined,
        { 'x-forwarded-for': '203.0.113.10' },
      );
      expect(elsewhere.statusCode).toBe(200);
    });

    it('rotates the session at sign-in and ends it at sign-out', async () => {
      const first = await signIn('ada@example.org');
      const second = cookieFrom(
        (
          await post(
            '/api/auth/password',
            { email: 'ada@example.org', password: strongPassword },
            first,
          )
        ).headers['set-cookie'],
        sessionCookieName,
      );
      expect(second).not.toBe(first);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(200);
      const out = await post('/api/auth/sign-out', {}, second);
      expect(out.statusCode).toBe(200);
      expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${sessionCookieName}=;`));
      expect((await me(second)).statusCode).toBe(401);
    });

    it('ends a session that was idle too long, and one past its absolute lifetime', async () => {
      const idle = await signIn('ada@example.org');
      await t.database.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - t.config.sessionIdleMs - 1_000) })
        .where('token_hash', '=', sha256(idle.split('=')[1] ?? ''))
        .execute();
      expect((await me(idle)).statusCode).toBe(401);

      const old = await signIn('ada@example.org');
      await t.database.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1_000) })
        .where('token_hash', '=', sha256(old.split('=')[1] ?? ''))
        .execute();
      expect((await me(old)).statusCode).toBe(401);
      expect(t.config.sessionIdleMs).toBe(12 * 3_600_000);
      expect(t.config.sessionMaxAgeMs).toBe(7 * 24 * 3_600_000);
    });

    it('refuses a state-changing request from a foreign Origin', async () => {
      const response = await post(
        '/api/auth/password',
        { email: 'ada@example.org', password: strongPassword },
        undefined,
        { origin: 'https://evil.example' },
      );
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('sign-in by e-mailed link', () => {
    beforeAll(async () => {
      await addTestUser(t.database, 'grace@example.org');
      await addTestUser(t.database, 'both@example.org', { password: strongPassword });
    });

    async function requestLink(email: string): Promise<URL> {
      const before = t.mailbox.messages.length;
      const response = await post('/api/auth/email-link', { email, continueUrl });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const mail = await t.mailbox.waitFor(email, { after: before });
      expect(mail.subject).toBe('Sign in to Operations');
      expect(mail.from?.text).toContain('ops@example.org');
      return firstLink(mail);
    }

    it('delivers a link back to the page with a single-use code, and signs in with it', async () => {
      const link = await requestLink('grace@example.org');
      expect(link.origin + link.pathname).toBe('http://localhost:3000/members');
      expect(link.searchParams.get('tab')).toBe('all');
      expect(link.searchParams.get('mode')).toBe('signIn');
      const code = link.searchParams.get('oobCode') ?? '';
      expect(code.length).toBeGreaterThanOrEqual(22);
      const stored = await t.database.db
        .selectFrom('action_codes')
        .select('code_hash')
        .where('code_hash', '=', code)
        .executeTakeFirst();
      expect(stored).toBeUndefined(); // only its hash is kept

      const response = await post('/api/auth/email-link/complete', {
        email: 'grace@example.org',
        code,
      });
      expect(response.statusCode, response.body).toBe(200);
      const cookie = sessionCookieOf(response);
      expect((await me(cookie)).json()).toMatchObject({ email: 'grace@example.org' });

      const again = await post('/api/auth/email-link/complete', {
        email: 'grace@example.org',
        code,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json<ErrorBody>().error.code).toBe('auth/invalid-action-code');
    });

    it('records the e-mail-link method at the first sign-in by link', async () => {
      const methods = async () =>
        (await post('/api/auth/methods', { email: 'both@example.org' })).json<{
          methods: string[];
        }>().methods;
      expect(await methods()).toEqual(['password']);
      const link = await requestLink('both@example.org');
      await post('/api/auth/email-link/complete', {
        email: 'both@example.org',
        code: link.searchParams.get('oobCode'),
      });
      expect(await methods()).toEqual(['password', 'emailLink']);
    });

    it('refuses a code completed with another e-mail, and keeps it for the right one', async () => {
      const link = await requestLink('grace@example.org');
      const code = link.searchParams.get('oobCode');
      const foreign = await post('/api/auth/email-link/complete', {
        email: 'mallory@example.org',
        code,
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json<ErrorBody>().error.code).toBe('auth/invalid-email');
      const right = await post('/api/auth/email-link/complete', {
        email: 'grace@example.org',
        code,
      });
      expect(right.statusCode).toBe(200);
    });

    it('refuses an e-mailed code completed with the e-mail "from the link" (issue 20)', async () => {
      // Someone's own link with `&email=` appended, sent on to a colleague (login CSRF).
      const link = await requestLink('grace@example.org');
      const code = link.searchParams.get('oobCode');
      const fromLink = await post('/api/auth/email-link/complete', {
        email: 'grace@example.org',
        code,
        emailFromLink: true,
      });
      expect(fromLink.statusCode).toBe(400);
      expect(fromLink.json<ErrorBody>().error.code).toBe('auth/email-confirmation-required');
      // Nothing used: confirmed as spec §4 says (stored or typed), it signs in.
      const typed = await post('/api/auth/email-link/complete', {
        email: 'grace@example.org',
        code,
      });
      expect(typed.statusCode, typed.body).toBe(200);
    });

    it('refuses an expired code and a made-up one', async () => {
      const link = await requestLink('grace@example.org');
      const code = link.searchParams.get('oobCode') ?? '';
      await t.database.db
        .updateTable('action_codes')
        .set({ expires_at: new Date(Date.now() - 1_000) })
        .where('code_hash', '=', sha256(code))
        .execute();
      const expired = await post('/api/auth/email-link/complete', {
        email: 'grace@example.org',
        code,
      });
      expect(expired.json<ErrorBody>().error.code).toBe('auth/expired-action-code');
      const madeUp = await post('/api/auth/email-link/complete', {
        email: 'grace@example.org',
        code: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      });
      expect(madeUp.json<ErrorBody>().error.code).toBe('auth/invalid-action-code');
    });

    it('codes live 15 minutes', async () => {
      const link = await requestLink('grace@example.org');
      const row = await t.database.db
        .selectFrom('action_codes')
        .select(['created_at', 'expires_at'])
        .where('code_hash', '=', sha256(link.searchParams.get('oobCode') ?? ''))
        .executeTakeFirstOrThrow();
      const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
      expect(Math.abs(lifetime - 15 * 60_000)).toBeLessThan(2_000);
    });

    it('refuses a continue URL on another origin (no open redirect)', async () => {
      for (const url of ['https://evil.example/members', 'http://localhost:3001/']) {
        const response = await post('/api/auth/email-link', {
          email: 'grace@example.org',
          continueUrl: url,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorBody>().error.code).toBe('auth/invalid-continue-uri');
      }
    });

    it('answers an unknown e-mail the same way and sends nothing', async () => {
      const before = await t.database.db
        .selectFrom('emails')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await post('/api/auth/email-link', {
        email: 'stranger@example.org',
        continueUrl,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      const after = await t.database.db
        .selectFrom('emails')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it('keeps each message in the e-mail log with its delivery state', async () => {
      await requestLink('grace@example.org');
      await t.worker.runOnce();
      const row = await t.database.db
        .selectFrom('emails')
        .selectAll()
        .where('kind', '=', 'sign-in-link')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('SUCCESS');
      expect(row.to_addresses).toEqual(['grace@example.org']);
      expect(row.provider_message_id).toBeTruthy();
      expect(row.accepted).toEqual(['grace@example.org']);
    });

    it('limits links per e-mail address', async () => {
      await addTestUser(t.database, 'spam@example.org');
      for (let i = 0; i < throttleLimits.linksPerEmail.points; i++) {
        expect(
          (await post('/api/auth/email-link', { email: 'spam@example.org', continueUrl }))
            .statusCode,
        ).toBe(200);
      }
      const refused = await post('/api/auth/email-link', {
        email: 'spam@example.org',
        continueUrl,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>().error.code).toBe('auth/too-many-requests');
    });
  });

  describe('password reset by e-mailed link', () => {
    it('sets a new password that passes the policy, ends every session and voids the code', async () => {
      await addTestUser(t.database, 'reset@example.org', { password: strongPassword });
      const session = await signIn('reset@example.org');
      const before = t.mailbox.messages.length;
      expect(
        (await post('/api/auth/password-reset', { email: 'reset@example.org', continueUrl }))
          .statusCode,
      ).toBe(200);
      const mail = await t.mailbox.waitFor('reset@example.org', { after: before });
      expect(mail.subject).toBe('Reset your Operations password');
      const link = firstLink(mail);
      expect(link.searchParams.get('mode')).toBe('resetPassword');
      const code = link.searchParams.get('oobCode');

      const check = await post('/api/auth/password-reset/check', { code });
      expect(check.json()).toEqual({ email: 'reset@example.org' });

      const weak = await post('/api/auth/password-reset/complete', {
        code,
        password: 'password123',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json<ErrorBody>().error).toMatchObject({ code: 'auth/weak-password' });
      const short = await post('/api/auth/password-reset/complete', {
        code,
        password: 'Xy7!short',
      });
      expect(short.json<ErrorBody>().error.message).toMatch(/at least 12 characters/);

      const newPassword = 'a brand new passphrase for reset 7';
      const done = await post('/api/auth/password-reset/complete', { code, password: newPassword });
      expect(done.statusCode, done.body).toBe(200);
      expect((await me(session)).statusCode).toBe(401);
      expect(
        (
          await post('/api/auth/password', { email: 'reset@example.org', password: strongPassword })
        ).json<ErrorBody>().error.code,
      ).toBe('auth/wrong-password');
      expect(
        (await post('/api/auth/password', { email: 'reset@example.org', password: newPassword }))
          .statusCode,
      ).toBe(200);
      const reused = await post('/api/auth/password-reset/complete', {
        code,
        password: `${newPassword}!`,
      });
      expect(reused.json<ErrorBody>().error.code).toBe('auth/invalid-action-code');
    });
  });
});

describe('the access guard over every route', () => {
  let t: TestApp;
  let userCookie: string;

  // The only API routes anyone may call without a session: sign-in itself, the API's docs, and
  // the search service, which checks the signed key of searchParams instead (search.test.ts).
  const publicApiRoutes = [
    'POST /indexes/:index/search',
    'POST /api/auth/methods',
    'POST /api/auth/password',
    'POST /api/auth/email-link',
    'POST /api/auth/email-link/complete',
    'POST /api/auth/password-reset',
    'POST /api/auth/password-reset/check',
    'POST /api/auth/password-reset/complete',
    'POST /api/auth/microsoft',
    'GET /api/auth/microsoft/callback',
    'POST /api/auth/redirect-result',
    // Says "not signed in" as a 200 to the sign-in page, nothing more (session-probe.test.ts).
    'GET /api/auth/session',
    'POST /api/auth/sign-out',
    // The card-payment provider's webhook: its signature is its credential (payments/webhook.test.ts).
    'POST /api/webhooks/stripe',
  ];

  beforeAll(async () => {
    t = await createTestApp();
    await addTestUser(t.database, 'member@example.org', { password: strongPassword });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { email: 'member@example.org', password: strongPassword },
    });
    userCookie = sessionCookieOf(response);
  });
  afterAll(() => t.close());

  // The API's routes. Outside it and public to the session guard: the probes `/healthz` and
  // `/readyz`, and `/metrics`, which checks its own Bearer token (METRICS_TOKEN; 401 without,
  // 404 when unset: metrics/metrics.test.ts).
  const apiRoutes = () =>
    t.app.routeAccess.filter(
      (route) =>
        /^\/(api|functions|indexes)\//.test(route.url) &&
        !route.url.startsWith('/api/docs') &&
        route.method !== 'HEAD',
    );
  const concrete = (url: string) => url.replace(/:(\w+)/g, 'x$1').replace('*', 'x');

  it('declares public exactly the sign-in routes', () => {
    const isPublic = apiRoutes()
      .filter((route) => route.access === 'public')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(isPublic).toEqual([...publicApiRoutes].sort());
  });

  it('refuses the unauthenticated (401) on every other route', async () => {
    const guarded = apiRoutes().filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  const writes = () =>
    apiRoutes().filter(
      (route) =>
        route.access === 'operator' &&
        route.method !== 'GET' &&
        // Callable functions and the search service read; they change nothing.
        !route.url.startsWith('/functions/') &&
        !route.url.startsWith('/indexes/'),
    );

  it('names the operator action of every write (roles are checked on each)', () => {
    expect(writes().length).toBeGreaterThan(0);
    const undeclared = writes()
      .filter((route) => route.permission === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('lets the read-only role change only its own workspace, never a business record', () => {
    // Issue 19: saved views, defaults, preferences and one's mentions are the operator's own.
    // A business write added to the role would pass every 403 walk below; this pins it.
    expect(actionsByRole['read-only']).toEqual(['workspace.personal']);
  });

  it('refuses a read-only operator (403) on every write, before reading the body', async () => {
    const readOnlyCookie = await signInAsNewOperator(t, 'reader@example.org', ['read-only']);
    // Writes of the operator's own workspace are the read-only role's (pinned above).
    const businessWrites = writes().filter(
      (route) => route.permission === undefined || !can(['read-only'], route.permission),
    );
    expect(businessWrites.length).toBeLessThan(writes().length);
    for (const route of businessWrites) {
      const response = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: { cookie: readOnlyCookie },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json<ErrorBody>().error.message).toContain(route.permission);
    }
  });

  it('refuses non-operators (403) on every operator route, and lets them reach their own', async () => {
    for (const route of apiRoutes().filter((r) => r.access !== 'public')) {
      if (route.url.endsWith('/stream')) continue; // a stream never ends; tested on its own
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { cookie: userCookie },
      });
      if (route.access === 'operator') {
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
        if (route.url.startsWith('/functions/')) {
          // Cloud functions answer in the callable protocol's shape (spec §8).
          expect(response.json<{ error: { status: string } }>().error.status).toBe(
            'PERMISSION_DENIED',
          );
        } else {
          expect(response.json<ErrorBody>().error.code).toBe('permission-denied');
        }
      } else {
        expect([401, 403], `${route.method} ${route.url}`).not.toContain(response.statusCode);
      }
    }
  });
});
