import { backgroundRequestHeader, type TSessionProbe } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  createTestApp,
  signInByPassword,
  testPassword,
  type TestApp,
} from '../../test/app';
import { idleSession, sessionTokenHashOf } from '../../test/sessions';

/**
 * Issue 32: the sign-in page asks GET /api/auth/session whether anyone is signed in, and
 * "nobody" is a 200, so Chromium logs no failed request on every load. The answer says nothing
 * more than that to anyone without a valid session, and /api/auth/me keeps its 401.
 */
describe('GET /api/auth/session', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '30' });
  });
  afterAll(() => t.close());

  const probe = (cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url: '/api/auth/session',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const lastSeenOf = async (cookie: string) =>
    (
      await t.database.db
        .selectFrom('sessions')
        .select('last_seen_at')
        .where('token_hash', '=', sessionTokenHashOf(cookie))
        .executeTakeFirstOrThrow()
    ).last_seen_at;

  async function newSession(email: string): Promise<string> {
    await addTestUser(t.database, email, { password: testPassword, displayName: 'Probe Person' });
    return signInByPassword(t, email, testPassword);
  }

  it('answers 200 { signedIn: false } without a session, while /api/auth/me stays 401', async () => {
    const response = await probe();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ signedIn: false });
    // An API answer like any other: never cached, and it sets no cookie.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();

    const me = await t.app.inject({ url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: { code: 'unauthenticated', message: 'Sign in first.' } });
  });

  it('answers the session’s own user, as /api/auth/me does, when signed in', async () => {
    const cookie = await newSession('probe-user@example.org');
    const response = await probe(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json<TSessionProbe>();
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie } });
    expect(body).toEqual({ signedIn: true, user: me.json() });
    expect(body).toMatchObject({
      user: { email: 'probe-user@example.org', displayName: 'Probe Person' },
    });
  });

  it('says the same for every cookie that is not a valid session, and nothing more', async () => {
    const ended = await newSession('probe-ended@example.org');
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: ended } });
    const idle = await newSession('probe-idle@example.org');
    await idleSession(t, idle, 31 * 60);
    const disabled = await newSession('probe-disabled@example.org');
    await t.database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('email', '=', 'probe-disabled@example.org')
      .execute();
    const madeUp = `ops_session=${'A'.repeat(43)}`;

    for (const [what, cookie] of Object.entries({ ended, idle, disabled, madeUp })) {
      const response = await probe(cookie);
      expect(response.statusCode, what).toBe(200);
      expect(response.body, what).toBe('{"signedIn":false}');
      expect(response.headers['set-cookie'], what).toBeUndefined();
    }
  });

  it('counts as activity like /api/auth/me: not when the browser asks by itself', async () => {
    const cookie = await newSession('probe-activity@example.org');
    await idleSession(t, cookie, 90);
    const before = await lastSeenOf(cookie);
    // A refetch while the person is away (the console marks it so).
    expect((await probe(cookie, { [backgroundRequestHeader]: '1' })).json()).toMatchObject({
      signedIn: true,
    });
    expect(await lastSeenOf(cookie)).toEqual(before);
    // The person's own page load.
    await probe(cookie);
    expect((await lastSeenOf(cookie)).getTime()).toBeGreaterThan(before.getTime());
  });
});
