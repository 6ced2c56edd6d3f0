import { actionCodeLifetimeMs } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { writeTransaction } from '../db/transaction';
import { setClockForTests } from '../lib/clock';
import { findUsableActionCode, issueActionCode } from './action-codes';

/**
 * Issue 30: idle and absolute session expiry and the 15-minute codes are spans of real time, so
 * a change to or from summer time neither shortens nor stretches them, although the wall clock
 * in Zurich jumps an hour; on real PostgreSQL, with the product's clock set to the nights of
 * 28 March and 31 October 2027.
 */
describe('sessions and codes across the changes to and from summer time', () => {
  let t: TestApp;

  beforeAll(async () => {
    // 30 minutes idle, 8 hours at most.
    t = await createTestApp({ SESSION_IDLE_MINUTES: '30', SESSION_MAX_AGE_HOURS: '8' });
  });
  afterAll(async () => {
    await t.close();
    setClockForTests(null);
  });

  const me = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode;

  it('idles out after 30 minutes of real time, though the wall clock jumps from 02:00 to 03:00', async () => {
    setClockForTests('2027-03-28T00:50:00Z'); // 01:50 winter time in Zurich
    const cookie = await signInAsNewOperator(t, 'spring-session@example.org');
    // 03:19 summer time: 89 minutes later on the wall, 29 in fact; still signed in.
    setClockForTests('2027-03-28T01:19:00Z');
    expect(await me(cookie)).toBe(200);
    // 30 minutes after that request (03:49 summer time) plus one: signed out.
    setClockForTests('2027-03-28T01:50:00Z');
    expect(await me(cookie)).toBe(401);
  });

  it('ends after 8 hours of real time, though the wall clock goes back from 03:00 to 02:00', async () => {
    setClockForTests('2027-10-30T21:00:00Z'); // 23:00 summer time in Zurich
    const cookie = await signInAsNewOperator(t, 'autumn-session@example.org');
    // Active every 20 minutes through the night, so only the absolute limit can end it.
    for (let at = Date.parse('2027-10-30T21:20:00Z'); at <= Date.parse('2027-10-31T04:50:00Z');) {
      setClockForTests(new Date(at));
      expect(await me(cookie), new Date(at).toISOString()).toBe(200);
      at += 20 * 60_000;
    }
    // 05:01 UTC: 06:01 winter time, 7 hours on the wall after 23:00, 8 hours in fact.
    setClockForTests('2027-10-31T05:01:00Z');
    expect(await me(cookie)).toBe(401);
  });

  it('keeps a sign-in code for 15 minutes of real time across either change', async () => {
    const user = await addTestUser(t.database, 'codes@example.org');
    for (const issuedAt of ['2027-03-28T00:55:00Z', '2027-10-31T00:55:00Z']) {
      setClockForTests(issuedAt);
      const { code } = await writeTransaction(t.database.db, (trx) =>
        issueActionCode(trx, {
          kind: 'sign-in',
          user,
          continueUrl: new URL('http://localhost:3000/sign-in'),
        }),
      );
      const issued = Date.parse(issuedAt);
      setClockForTests(new Date(issued + actionCodeLifetimeMs - 60_000));
      await expect(
        findUsableActionCode(t.database.db, 'sign-in', code, 'console'),
      ).resolves.toMatchObject({
        used_at: null,
      });
      setClockForTests(new Date(issued + actionCodeLifetimeMs + 1_000));
      await expect(findUsableActionCode(t.database.db, 'sign-in', code, 'console')).rejects.toThrow(
        'This link has expired',
      );
    }
  });
});
