import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, createTestApp, signInByPassword, type TestApp } from '../../test/app';
import { eventStream } from '../../test/event-stream';
import { cliActor } from '../audit/record';
import { addOperator, removeOperator } from './service';

const password = 'correct horse battery staple 42';

describe('the operator gate stream', () => {
  let t: TestApp;
  let url: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await addTestUser(t.database, 'anna@example.org', { password });
    cookie = await signInByPassword(t, 'anna@example.org', password);
  });
  afterAll(() => t.close());

  it('refuses a stream without a session', async () => {
    const response = await fetch(`${url}/api/operators/me/stream`);
    expect(response.status).toBe(401);
  });

  it('pushes null at once, then the record when granted and null when revoked, within a second', async () => {
    const response = await fetch(`${url}/api/operators/me/stream`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = eventStream(response);
    try {
      expect(await events.next('operator')).toBeNull();

      // Granted through another connection (as the CLI or another server instance would).
      await addOperator(t.database.db, cliActor, { email: 'anna@example.org' });
      const granted = (await events.next('operator', 1_000)) as { uid: string; roles: string[] };
      expect(granted).toMatchObject({ roles: ['admin'], active: true });

      // While an operator, operator-only answers follow immediately (the guard reads the record).
      await removeOperator(t.database.db, cliActor, 'anna@example.org');
      expect(await events.next('operator', 1_000)).toBeNull();
    } finally {
      await events.cancel();
    }
  });

  it('ends the stream when the session is signed out', async () => {
    const own = await signInByPassword(t, 'anna@example.org', password);
    const response = await fetch(`${url}/api/operators/me/stream`, { headers: { cookie: own } });
    const events = eventStream(response);
    expect(await events.next('operator')).toBeNull();
    await fetch(`${url}/api/auth/sign-out`, { method: 'POST', headers: { cookie: own } });
    // Disabling the account is a change to the user row: the stream re-checks and ends.
    await t.database.db
      .updateTable('users')
      .set({ display_name: 'Anna' })
      .where('email', '=', 'anna@example.org')
      .execute();
    await expect(events.next('operator', 2_000)).rejects.toThrow('the stream ended');
  });
});
