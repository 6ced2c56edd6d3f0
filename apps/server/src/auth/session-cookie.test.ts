import { describe, expect, it } from 'vitest';
import { addTestOperator, createTestApp, type TestApp } from '../../test/app';
import { redirectCookieNameFor } from './microsoft';
import { sessionCookieName, sessionCookieNameFor } from './sessions';

const password = 'correct horse battery staple 42';

async function signIn(t: TestApp, email: string) {
  await addTestOperator(t.database, email, password);
  return t.app.inject({ method: 'POST', url: '/api/auth/password', payload: { email, password } });
}

describe('the session cookie', () => {
  it('is __Host-ops_session under https: Secure, Path=/, no Domain', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://ops.example.org' });
    try {
      const response = await signIn(t, 'https-operator@example.org');
      expect(response.statusCode).toBe(200);
      const setCookie = String(response.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-ops_session=[\w-]{43}; /);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; Path=\/(;|$)/);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).not.toMatch(/Domain=/i);
      const token = /^__Host-ops_session=([^;]+)/.exec(setCookie)?.[1] ?? '';

      const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });
      expect((await me(`__Host-ops_session=${token}`)).statusCode).toBe(200);
      // The bare name could have been planted by a sibling subdomain or over plain http.
      expect((await me(`ops_session=${token}`)).statusCode).toBe(401);

      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: `__Host-ops_session=${token}` },
      });
      expect(String(out.headers['set-cookie'])).toMatch(/^__Host-ops_session=;.*Secure/);
      expect((await me(`__Host-ops_session=${token}`)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('keeps the bare name under http, where Secure cannot hold', () => {
    expect(sessionCookieNameFor('http://localhost:3000')).toBe(sessionCookieName);
    expect(sessionCookieName).toBe('ops_session');
    expect(sessionCookieNameFor('https://ops.example.org')).toBe('__Host-ops_session');
  });

  it('gives the Microsoft sign-in flow cookie the same prefix under https', async () => {
    expect(redirectCookieNameFor('http://localhost:3000')).toBe('ops_redirect');
    expect(redirectCookieNameFor('https://ops.example.org')).toBe('__Host-ops_redirect');
  });
});
