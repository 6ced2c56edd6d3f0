import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  cookieFrom,
  createTestApp,
  sessionCookieOf,
  testPublicUrl,
  type TestApp,
} from '../../test/app';
import {
  createOidcProvider,
  finishInteraction,
  type ProviderClaims,
} from '../../test/oidc-provider';
import { microsoftCallbackPath, redirectCookieName } from './microsoft';
import { sessionCookieName } from './sessions';

/** What the provider knows of a person, keyed by subject; tests change it between sign-ins. */
type ProviderAccount = ProviderClaims;

type InteractionSeen = { prompt: string; params: Record<string, unknown> };

const clientId = 'ops-console';
const clientSecret = 'a client secret of the test provider';
const redirectUri = `${testPublicUrl}${microsoftCallbackPath}`;
const tenantDomain = 'tenant.example';

/**
 * A real OpenID provider on loopback (oidc-provider). Its login and consent pages are replaced by
 * an interaction route that signs in `loginAs` at once and grants the requested scopes, as a
 * person clicking through Microsoft's pages would.
 */
async function startProvider() {
  const accounts = new Map<string, ProviderAccount>();
  const interactions: InteractionSeen[] = [];
  let loginAs: string | undefined;

  const finish = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const details = await provider.interactionDetails(request, response);
    interactions.push({ prompt: details.prompt.name, params: details.params });
    if (!loginAs) throw new Error('The test did not say who signs in at the provider');
    await finishInteraction(provider, request, response, loginAs, clientId);
  };

  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      finish(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = createOidcProvider({
    issuer,
    client: { id: clientId, secret: clientSecret, redirectUri },
    claimsOf: (subject) => accounts.get(subject),
  });

  return {
    issuer,
    accounts,
    interactions,
    /**
     * A browser without a person: follows the provider's redirects from the authorization URL,
     * with a cookie jar, signed in as `subject`, until the provider sends it to our callback.
     * Returns that callback address.
     */
    async authorize(authorizationUrl: string, subject: string): Promise<URL> {
      loginAs = subject;
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const name = pair.slice(0, pair.indexOf('='));
          const value = pair.slice(pair.indexOf('=') + 1);
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(`The provider answered ${response.status}: ${await response.text()}`);
        }
        url = new URL(location, url);
        if (url.href.startsWith(redirectUri)) return url;
      }
      throw new Error('The provider never sent the browser back');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type TestProvider = Awaited<ReturnType<typeof startProvider>>;

/** The path and query of an address, for `app.inject`. */
function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/** The session cookie a response set, as parsed (undefined when it set none). */
function parsedSessionCookieOf(response: { cookies: { name: string }[] }) {
  return response.cookies.find((cookie) => cookie.name === sessionCookieName);
}

async function methodsOf(app: FastifyInstance, email: string): Promise<string[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/methods',
    payload: { email },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { methods: string[] }).methods;
}

async function redirectResult(app: FastifyInstance, redirectCookie: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/redirect-result',
    headers: { cookie: redirectCookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { result: unknown };
}

describe('sign-in with Microsoft (OpenID Connect by redirect, against a real provider)', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let provider: TestProvider;

  beforeAll(async () => {
    provider = await startProvider();
    testApp = await createTestApp({
      MICROSOFT_ISSUER: provider.issuer,
      MICROSOFT_CLIENT_ID: clientId,
      MICROSOFT_CLIENT_SECRET: clientSecret,
      MICROSOFT_DOMAINS: tenantDomain,
    });
    app = testApp.app;
  });
  afterAll(async () => {
    await testApp.close();
    await provider.close();
  });

  /** The console asks for the provider's address; the browser gets the binding cookie. */
  async function startSignIn(continueUrl: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/microsoft',
      payload: { continueUrl },
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    return {
      url: new URL(url),
      redirectCookie: cookieFrom(response.headers['set-cookie'], redirectCookieName),
    };
  }

  /** The whole round trip: our start, the provider's pages, our callback. */
  async function signIn(subject: string, continueUrl = `${testPublicUrl}/members?tab=open`) {
    const { url, redirectCookie } = await startSignIn(continueUrl);
    const callbackUrl = await provider.authorize(url.href, subject);
    const callback = await app.inject({
      method: 'GET',
      url: pathOf(callbackUrl),
      headers: { cookie: redirectCookie },
    });
    return { authorizationUrl: url, callbackUrl, callback, redirectCookie };
  }

  async function me(sessionCookie: string) {
    return app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookie } });
  }

  it('signs in a known user whose e-mail the provider verifies, and links the identity', async () => {
    const user = await addTestUser(testApp.database, 'ann@example.org', {
      password: 'Freight-ledger-Quokka-93',
      displayName: 'Ann Example',
    });
    provider.accounts.set('sub-ann', {
      email: 'Ann@Example.org',
      email_verified: true,
      name: 'Ann E.',
    });
    expect(await methodsOf(app, 'ann@example.org')).toEqual(['password']);

    const { authorizationUrl, callbackUrl, callback, redirectCookie } = await signIn('sub-ann');

    const query = authorizationUrl.searchParams;
    expect(authorizationUrl.origin).toBe(provider.issuer);
    expect(query.get('client_id')).toBe(clientId);
    expect(query.get('redirect_uri')).toBe(redirectUri);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(query.get('state')).toBeTruthy();
    expect(query.get('nonce')).toBeTruthy();
    expect(query.get('ui_locales')).toBe('en');
    expect(query.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email']));
    // The provider received the request as sent: one account choice, English pages.
    expect(provider.interactions.at(-1)).toMatchObject({
      prompt: 'select_account',
      params: { ui_locales: 'en', state: query.get('state'), nonce: query.get('nonce') },
    });
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();
    expect(callbackUrl.searchParams.get('iss')).toBe(provider.issuer);

    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`${testPublicUrl}/members?tab=open`);
    const setCookie = ([] as string[])
      .concat(callback.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.startsWith(`${sessionCookieName}=`));
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//i);
    const sessionCookie = sessionCookieOf(callback);

    const signedIn = await me(sessionCookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({
      uid: user.uid,
      email: 'ann@example.org',
      displayName: 'Ann Example',
      photoURL: null,
      preferredLanguage: 'en',
    });

    expect(await redirectResult(app, redirectCookie)).toEqual({
      result: {
        user: {
          uid: user.uid,
          email: 'ann@example.org',
          displayName: 'Ann Example',
          photoURL: null,
          preferredLanguage: 'en',
        },
      },
    });
    expect(await redirectResult(app, redirectCookie)).toEqual({ result: null });

    // example.org is not a listed domain: the linked identity alone offers Microsoft now.
    expect(await methodsOf(app, 'ann@example.org')).toEqual(['password', 'microsoft']);
  });

  it('finds the account by subject afterwards, whatever e-mail the provider reports', async () => {
    provider.accounts.set('sub-bob', {
      email: 'bob@example.org',
      email_verified: true,
      name: 'Bob',
    });
    const first = await signIn('sub-bob');
    expect(first.callback.statusCode).toBe(303);
    const firstUser = (await me(sessionCookieOf(first.callback))).json() as {
      uid: string;
      email: string;
    };
    expect(firstUser.email).toBe('bob@example.org');

    provider.accounts.set('sub-bob', {
      email: 'robert@elsewhere.example',
      email_verified: true,
      name: 'Bob',
    });
    const second = await signIn('sub-bob');
    expect(second.callback.statusCode).toBe(303);
    const secondMe = await me(sessionCookieOf(second.callback));
    expect(secondMe.json()).toMatchObject({ uid: firstUser.uid, email: 'bob@example.org' });
    expect(await redirectResult(app, second.redirectCookie)).toMatchObject({
      result: { user: { uid: firstUser.uid } },
    });
    const elsewhere = await testApp.database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', 'robert@elsewhere.example')
      .execute();
    expect(elsewhere).toEqual([]);
  });

  it('does not link an existing account whose e-mail the provider does not verify', async () => {
    await addTestUser(testApp.database, 'carol@example.org');
    provider.accounts.set('sub-carol', {
      email: 'carol@example.org',
      email_verified: false,
      name: 'Carol',
    });

    const { callback, redirectCookie } = await signIn('sub-carol');

    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`${testPublicUrl}/members?tab=open`);
    expect(parsedSessionCookieOf(callback)).toBeUndefined();
    const { result } = await redirectResult(app, redirectCookie);
    expect(result).toMatchObject({
      error: { code: 'auth/account-exists-with-different-credential' },
    });
    const identities = await testApp.database.db
      .selectFrom('user_identities')
      .selectAll()
      .where('subject', '=', 'sub-carol')
      .execute();
    expect(identities).toEqual([]);
    expect(await methodsOf(app, 'carol@example.org')).toEqual(['emailLink']);
  });

  it('gives a new person a new account, who is not an operator', async () => {
    provider.accounts.set('sub-dave', {
      email: 'dave@tenant.example',
      email_verified: true,
      name: 'Dave Tenant',
    });

    const { callback, redirectCookie } = await signIn('sub-dave', `${testPublicUrl}/`);

    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(`${testPublicUrl}/`);
    const signedIn = await me(sessionCookieOf(callback));
    expect(signedIn.statusCode).toBe(200);
    const user = signedIn.json() as { uid: string };
    expect(user).toMatchObject({ email: 'dave@tenant.example', displayName: 'Dave Tenant' });
    expect(await redirectResult(app, redirectCookie)).toMatchObject({
      result: { user: { uid: user.uid } },
    });

    const row = await testApp.database.db
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', user.uid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: 'dave@tenant.example',
      created_by: 'microsoft',
      sign_in_methods: ['microsoft'],
    });
    const operator = await testApp.database.db
      .selectFrom('operators')
      .select('uid')
      .where('uid', '=', user.uid)
      .executeTakeFirst();
    expect(operator).toBeUndefined();
  });

  it('refuses a callback whose state was tampered with', async () => {
    provider.accounts.set('sub-erin', {
      email: 'erin@example.org',
      email_verified: true,
      name: 'Erin',
    });
    const { url, redirectCookie } = await startSignIn(`${testPublicUrl}/members`);
    const callbackUrl = await provider.authorize(url.href, 'sub-erin');
    callbackUrl.searchParams.set('state', `${callbackUrl.searchParams.get('state')}x`);

    const callback = await app.inject({
      method: 'GET',
      url: pathOf(callbackUrl),
      headers: { cookie: redirectCookie },
    });

    expect(callback.statusCode).toBe(303);
    expect(parsedSessionCookieOf(callback)).toBeUndefined();
    const { result } = await redirectResult(app, redirectCookie);
    expect(result).toMatchObject({ error: { code: 'auth/invalid-credential' } });
    const users = await testApp.database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', 'erin@example.org')
      .execute();
    expect(users).toEqual([]);
  });

  it('signs nobody in when the callback reaches a browser that did not start the sign-in', async () => {
    provider.accounts.set('sub-frank', {
      email: 'frank@example.org',
      email_verified: true,
      name: 'Frank',
    });
    const { url, redirectCookie } = await startSignIn(`${testPublicUrl}/members`);
    const callbackUrl = await provider.authorize(url.href, 'sub-frank');

    const otherBrowser = await app.inject({ method: 'GET', url: pathOf(callbackUrl) });

    expect(otherBrowser.statusCode).toBe(303);
    expect(otherBrowser.headers.location).toBe(`${testPublicUrl}/`);
    expect(otherBrowser.headers['set-cookie']).toBeUndefined();
    const users = await testApp.database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', 'frank@example.org')
      .execute();
    expect(users).toEqual([]);
    // The browser that started it has nothing to read from the other browser's attempt.
    expect(await redirectResult(app, redirectCookie)).toEqual({ result: null });
  });

  it('refuses a continue URL on another origin', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/microsoft',
      payload: { continueUrl: 'https://evil.example/' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'auth/invalid-continue-uri' } });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('offers Microsoft to an account of a listed domain', async () => {
    await addTestUser(testApp.database, 'gina@tenant.example');
    expect(await methodsOf(app, 'gina@tenant.example')).toEqual(['emailLink', 'microsoft']);
  });
});

describe('sign-in with Microsoft when it is not configured', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ MICROSOFT_DOMAINS: tenantDomain });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('refuses to start, and never offers Microsoft, even for a listed domain', async () => {
    const { app } = testApp;
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/microsoft',
      payload: { continueUrl: `${testPublicUrl}/` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'auth/operation-not-allowed' } });

    await addTestUser(testApp.database, 'hana@tenant.example');
    expect(await methodsOf(app, 'hana@tenant.example')).toEqual(['emailLink']);
  });
});
