import { backgroundRequestHeader, eventStreamPath } from '@ops/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { eventStream } from '../../test/event-stream';
import { idleSession } from '../../test/sessions';
import { maxStreamsPerSession, streamHeartbeatMs } from './session-streams';

describe('open streams and the idle session', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_IDLE_MINUTES: '2' });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const me = (cookie: string) => t.app.inject({ url: '/api/auth/me', headers: { cookie } });
  /** Two streams of one session, as a browser without Web Locks opens one per tab. */
  const openStreams = async (cookie: string) => {
    const streams = [];
    for (let tab = 0; tab < 2; tab++) {
      const stream = eventStream(await fetch(`${url}${eventStreamPath}`, { headers: { cookie } }));
      await stream.next('operator');
      streams.push(stream);
    }
    return streams;
  };
  /** The streams' heartbeats fire (only setInterval is faked: I/O and the helpers' timeouts run). */
  const heartbeat = () => vi.advanceTimersByTime(streamHeartbeatMs);

  it('lets neither heartbeats nor reopening a stream keep an idle session alive', async () => {
    const cookie = await signInAsNewOperator(t, 'idle@example.org');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await idleSession(t, cookie, 90);
    // Opening a stream is what a browser does by itself after a dropped connection.
    const streams = await openStreams(cookie);
    try {
      heartbeat();
      for (const stream of streams) await stream.readUntil(': keep-alive');

      await idleSession(t, cookie, 40); // 130 s without the person's own request, the limit is 120 s
      heartbeat();
      for (const stream of streams) {
        await expect(stream.readUntil('never sent', 5_000)).rejects.toThrow('the stream ended');
      }
      expect((await me(cookie)).statusCode).toBe(401);
    } finally {
      for (const stream of streams) await stream.cancel();
    }
  });

  it('keeps the session and its streams while the person makes requests', async () => {
    const cookie = await signInAsNewOperator(t, 'active@example.org');
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const streams = await openStreams(cookie);
    try {
      await idleSession(t, cookie, 90);
      expect((await me(cookie)).statusCode).toBe(200); // the person's own request
      await idleSession(t, cookie, 40);
      heartbeat();
      for (const stream of streams) await stream.readUntil(': keep-alive');
      expect((await me(cookie)).statusCode).toBe(200);
    } finally {
      for (const stream of streams) await stream.cancel();
    }
  });

  it('does not count the reads a browser makes by itself while its person is away', async () => {
    const cookie = await signInAsNewOperator(t, 'away@example.org');
    await idleSession(t, cookie, 90);
    // A list refetched because someone else changed a record, nobody at the keyboard.
    const refetch = await t.app.inject({
      url: '/api/auth/me',
      headers: { cookie, [backgroundRequestHeader]: '1' },
    });
    expect(refetch.statusCode).toBe(200);
    await idleSession(t, cookie, 40);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it(`refuses more than ${maxStreamsPerSession} open streams of one session, until one closes`, async () => {
    const cookie = await signInAsNewOperator(t, 'many-tabs@example.org');
    const open = (who = cookie) => fetch(`${url}${eventStreamPath}`, { headers: { cookie: who } });
    const streams = [];
    try {
      for (let i = 0; i < maxStreamsPerSession; i++) {
        const response = await open();
        expect(response.status).toBe(200);
        streams.push(eventStream(response));
      }
      const refused = await open();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        error: {
          code: 'resource-exhausted',
          message: `This session already has ${maxStreamsPerSession} live updates open; close some tabs of the console.`,
        },
      });
      // Another session is not affected.
      const other = await open(await signInAsNewOperator(t, 'other-tab@example.org'));
      expect(other.status).toBe(200);
      streams.push(eventStream(other));

      // A closed stream frees its place (the server notices the client leaving).
      await streams.shift()?.cancel();
      await expect
        .poll(async () => {
          const response = await open();
          if (response.status === 200) streams.push(eventStream(response));
          else await response.body?.cancel();
          return response.status;
        })
        .toBe(200);
    } finally {
      for (const stream of streams) await stream.cancel();
    }
  });
});
