import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addTestUser, createTestApp, type TestApp } from '../../test/app';
import type * as passwordModule from './password';
import { throttleLimits } from './throttle';
import type { ErrorBody } from '../../test/requests';
import { resetThrottles } from '../../test/sessions';

// Counts every argon2 verification, the work the limit exists to bound.
const verifications = vi.hoisted(() => ({ count: 0 }));
vi.mock('./password', async (importOriginal) => {
  const original = await importOriginal<typeof passwordModule>();
  return {
    ...original,
    verifyPassword: (passwordHash: string, password: string) => {
      verifications.count += 1;
      return original.verifyPassword(passwordHash, password);
    },
  };
});

const password = 'correct horse battery staple 42';
describe('sign-in throttling under parallel attempts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await addTestUser(t.database, 'target@example.org', { password });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await resetThrottles(t);
    verifications.count = 0;
  });

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, payload });
  const codesOf = (responses: { json: <T>() => T }[]) =>
    responses.map((response) => response.json<ErrorBody>().error.code);

  it('verifies at most the limit of 40 parallel wrong passwords for one account', async () => {
    const limit = throttleLimits.passwordFailuresPerAccount.points;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('/api/auth/password', { email: 'target@example.org', password: `guess ${i}` }),
      ),
    );
    const codes = codesOf(responses);
    expect(verifications.count).toBeLessThanOrEqual(limit);
    expect(codes.filter((code) => code === 'auth/wrong-password')).toHaveLength(limit);
    expect(codes.filter((code) => code === 'auth/too-many-requests')).toHaveLength(40 - limit);
    expect(
      responses.filter((response) => response.statusCode === 429).map((r) => r.json()),
    ).toContainEqual({
      error: expect.objectContaining({
        code: 'auth/too-many-requests',
        message: expect.stringMatching(/^Too many attempts\. Try again in \d+ minutes\.$/),
      }),
    });

    // The account is locked, even for the right password, which is then not even verified.
    const locked = await post('/api/auth/password', { email: 'target@example.org', password });
    expect(locked.statusCode).toBe(429);
    expect(verifications.count).toBeLessThanOrEqual(limit);
  });

  it('gives a right password its count back, and still clears the account’s failures', async () => {
    const limit = throttleLimits.passwordFailuresPerAccount.points;
    for (let i = 0; i < limit - 1; i++) {
      const wrong = await post('/api/auth/password', {
        email: 'target@example.org',
        password: `guess ${i}`,
      });
      expect(wrong.json<ErrorBody>().error.code).toBe('auth/wrong-password');
    }
    expect(
      (await post('/api/auth/password', { email: 'target@example.org', password })).statusCode,
    ).toBe(200);
    // The failures are forgotten: a whole new series of wrong passwords is answered as such.
    for (let i = 0; i < limit; i++) {
      const wrong = await post('/api/auth/password', {
        email: 'target@example.org',
        password: `again ${i}`,
      });
      expect(wrong.json<ErrorBody>().error.code).toBe('auth/wrong-password');
    }
    // The address keeps only its real failures: the sign-in took its count back.
    const { rows } = await sql<{ points: number }>`
      SELECT points FROM rate_limits WHERE key LIKE 'passwordFailuresPerIp:%'`.execute(
      t.database.db,
    );
    expect(rows).toEqual([{ points: 2 * limit - 1 }]);
  });

  it('counts at most the limit of 40 parallel made-up link codes', async () => {
    const limit = throttleLimits.codeFailuresPerIp.points;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post('/api/auth/email-link/complete', {
          email: 'target@example.org',
          code: `${String(i).padStart(2, '0')}${'A'.repeat(41)}`,
        }),
      ),
    );
    const codes = codesOf(responses);
    expect(codes.filter((code) => code === 'auth/too-many-requests')).toHaveLength(40 - limit);
    expect(codes.filter((code) => code === 'auth/invalid-action-code')).toHaveLength(limit);
  });
});
