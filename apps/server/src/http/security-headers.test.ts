import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { fakeWebDist } from '../../test/web-dist';
import { emailHtmlContentSecurityPolicy } from '../emails/routes';

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

/** What every answer carries, page or API. */
function expectCommonHeaders(response: LightMyRequestResponse, what: string) {
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(response.headers['cross-origin-opener-policy'], what).toBe('same-origin');
}

describe('browser security headers', () => {
  let t: TestApp;
  let cookie: string;
  let webDist: string;

  beforeAll(async () => {
    webDist = fakeWebDist();
    t = await createTestApp(
      {},
      {
        webDist,
        // A route with headers of its own, as the e-mail preview and document downloads have.
        extend: (app) =>
          app.get('/api/test/own-policy', async (_request, reply) =>
            reply
              .header('content-security-policy', "sandbox; default-src 'none'")
              .header('cache-control', 'private, max-age=60')
              .send('stored content'),
          ),
      },
    );
    cookie = await signInAsNewOperator(t, 'headers@example.org');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('gives the browser app a strict Content-Security-Policy, at / and at a deep link', async () => {
    for (const url of ['/', '/members', '/members/xyz?tab=history', '/assets/app-abc123.js']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      const csp = directivesOf(response);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('style-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(String(response.headers['content-security-policy']), url).not.toMatch(
        /unsafe-inline|unsafe-eval/,
      );
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expectCommonHeaders(response, url);
      // Served over http (PUBLIC_URL), so no HSTS and no upgrade of requests.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp.has('upgrade-insecure-requests'), url).toBe(false);
    }
  });

  it('sends API answers with no-store, nosniff and a policy under which nothing runs', async () => {
    const answers = {
      signedIn: await t.app.inject({ url: '/api/auth/me', headers: { cookie } }),
      refused: await t.app.inject({ url: '/api/auth/me' }),
      operatorData: await t.app.inject({ url: '/api/operators', headers: { cookie } }),
      publicPost: await t.app.inject({
        method: 'POST',
        url: '/api/auth/methods',
        payload: { email: 'someone@example.org' },
      }),
    };
    expect(answers.signedIn.statusCode).toBe(200);
    expect(answers.refused.statusCode).toBe(401);
    for (const [what, response] of Object.entries(answers)) {
      expect(response.headers['cache-control'], what).toBe('no-store');
      expectCommonHeaders(response, what);
      const csp = directivesOf(response);
      expect(csp.get('default-src'), what).toEqual(["'none'"]);
      // The console frames PDFs and e-mail HTML of its own API; no other site may.
      expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
      expect(response.headers['x-frame-options'], what).toBe('SAMEORIGIN');
    }
  });

  it('leaves a route its own, stricter policy and caching', async () => {
    const own = await t.app.inject({ url: '/api/test/own-policy', headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(own.headers['cache-control']).toBe('private, max-age=60');
    expectCommonHeaders(own, 'own policy');

    const { eid } = await t.database.db
      .insertInto('emails')
      .values({
        eid: 'E0000000000000000001',
        to_addresses: ['member@example.org'],
        from_address: 'Operations <ops@example.org>',
        subject: 'Welcome',
        text_body: 'Welcome',
        html_body: '<p>Welcome</p>',
        kind: 'welcome',
        state: 'SUCCESS',
        attempts: 1,
        delivery_count: 1,
        created_at: new Date(),
        updated_at: new Date(),
      } as never)
      .returning('eid')
      .executeTakeFirstOrThrow();
    const html = await t.app.inject({ url: `/api/emails/${eid}/html`, headers: { cookie } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toBe(emailHtmlContentSecurityPolicy);
    // The console shows it in an <iframe>: its own origin may frame it.
    expect(html.headers['x-frame-options']).toBe('SAMEORIGIN');

    const verify = await t.app.inject({ url: '/verify' });
    expect(verify.statusCode).toBe(200);
    expect(directivesOf(verify).get('default-src')).toEqual(["'none'"]);
    expect(verify.headers['cache-control']).toBe('no-store');
  });

  it('lets Swagger UI draw its page, still without inline script', async () => {
    const docs = await t.app.inject({ url: '/api/docs', headers: { cookie } });
    expect(docs.statusCode).toBe(200);
    const csp = directivesOf(docs);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('browser security headers under https', () => {
  it('adds HSTS and upgrades requests when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://ops.example.org' });
    try {
      for (const url of ['/', '/api/auth/me']) {
        const response = await t.app.inject(url);
        expect(response.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
      expect(directivesOf(await t.app.inject('/members')).has('upgrade-insecure-requests')).toBe(
        true,
      );
    } finally {
      await t.close();
    }
  });
});
