import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, cookieFrom, createTestApp, type TestApp } from '../../test/app';
import { cliActor } from '../audit/record';
import { sessionCookieName } from '../auth/sessions';
import { addOperator, removeOperator } from './service';

const password = 'correct horse battery staple 42';

/** Reads `event: operator` messages of a Server-Sent Events response, one at a time. */
function operatorEvents(response: Response) {
  if (!response.body) throw new Error('The response has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    async next(timeoutMs = 2_000): Promise<unknown> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          if (lines.includes('event: operator')) {
            const data = lines.find((line) => line.startsWith('data: ')) ?? 'data: undefined';
            return JSON.parse(data.slice('data: '.length));
          }
          continue;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no operator event in time');
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('no operator event in time')), left),
          ),
        ]);
        if (chunk.done) throw new Error('the stream ended');
        buffer += chunk.value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('the operator gate stream', () => {
  let t: TestApp;
  let url: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await addTestUser(t.database, 'anna@example.org', { password });
    const response = await fetch(`${url}/api/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'anna@example.org', password }),
    });
    cookie = cookieFrom(response.headers.getSetCookie(), sessionCookieName);
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
    const events = operatorEvents(response);
    try {
      expect(await events.next()).toBeNull();

      // Granted through another connection (as the CLI or another server instance would).
      await addOperator(t.database.db, cliActor, { email: 'anna@example.org' });
      const granted = (await events.next(1_000)) as { uid: string; roles: string[] };
      expect(granted).toMatchObject({ roles: ['admin'], active: true });

      // While an operator, operator-only answers follow immediately (the guard reads the record).
      await removeOperator(t.database.db, cliActor, 'anna@example.org');
      expect(await events.next(1_000)).toBeNull();
    } finally {
      await events.cancel();
    }
  });

  it('ends the stream when the session is signed out', async () => {
    const signIn = await fetch(`${url}/api/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'anna@example.org', password }),
    });
    const own = cookieFrom(signIn.headers.getSetCookie(), sessionCookieName);
    const response = await fetch(`${url}/api/operators/me/stream`, { headers: { cookie: own } });
    const events = operatorEvents(response);
    expect(await events.next()).toBeNull();
    await fetch(`${url}/api/auth/sign-out`, { method: 'POST', headers: { cookie: own } });
    // Disabling the account is a change to the user row: the stream re-checks and ends.
    await t.database.db
      .updateTable('users')
      .set({ display_name: 'Anna' })
      .where('email', '=', 'anna@example.org')
      .execute();
    await expect(events.next(2_000)).rejects.toThrow('the stream ended');
  });
});
