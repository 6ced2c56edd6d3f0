import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signInBodyLimit } from '../auth/routes';
import { stripeWebhookBodyLimit } from '../payments/routes';
import { formatByteLimit } from './error-handler';

/** A JSON body of about `bytes` bytes: a valid-looking call plus padding the schema ignores. */
function jsonOfSize(bytes: number, fields: Record<string, unknown> = {}) {
  return JSON.stringify({ ...fields, pad: 'x'.repeat(bytes) });
}

describe('body limits of the public routes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ STRIPE_WEBHOOK_SECRET: 'whsec_bodylimits' });
  });
  afterAll(() => t.close());

  it('takes at most 16 KB on every sign-in route, and says so', async () => {
    expect(formatByteLimit(signInBodyLimit)).toBe('16 KB');
    const signInPosts = t.app.routeAccess.filter(
      (route) => route.method === 'POST' && route.url.startsWith('/api/auth/'),
    );
    expect(signInPosts.length).toBeGreaterThanOrEqual(8);
    for (const route of signInPosts) {
      const response = await t.app.inject({
        method: 'POST',
        url: route.url,
        headers: { 'content-type': 'application/json' },
        payload: jsonOfSize(signInBodyLimit + 1, { email: 'someone@example.org' }),
      });
      expect(response.statusCode, route.url).toBe(413);
      expect(response.json(), route.url).toEqual({
        error: { code: 'payload-too-large', message: 'The request body is larger than 16 KB.' },
      });
    }
  });

  it('still reads a sign-in body of normal size', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { 'content-type': 'application/json' },
      payload: jsonOfSize(signInBodyLimit - 1024, {
        email: 'nobody@example.org',
        password: 'not the password',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'auth/user-not-found' } });
  });

  it('takes at most 512 KB on the card-payment webhook, enough for any event', async () => {
    const webhook = (bytes: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: jsonOfSize(bytes, { id: 'evt_1', type: 'invoice.paid' }),
      });
    // A large event reaches the signature check (and fails it: the signature is made up).
    const large = await webhook(200 * 1024);
    expect(large.statusCode).toBe(400);
    const tooLarge = await webhook(stripeWebhookBodyLimit);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      error: { code: 'payload-too-large', message: 'The request body is larger than 512 KB.' },
    });
  });
});

describe('formatByteLimit', () => {
  it('writes limits as people do', () => {
    expect(formatByteLimit(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatByteLimit(512 * 1024)).toBe('512 KB');
    expect(formatByteLimit(1500)).toBe('1500 bytes');
  });
});
