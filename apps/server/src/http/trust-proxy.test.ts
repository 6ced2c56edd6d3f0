import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { throttleLimits } from '../auth/throttle';

const perAddress = throttleLimits.methodsPerIp.points;

/**
 * `count` sign-in method look-ups, each for another address (so that only the per-address limit
 * can refuse them), from the socket address `remoteAddress` with the X-Forwarded-For header that
 * `forwardedFor(i)` gives. Answers the status codes in order.
 */
async function lookUps(
  t: TestApp,
  count: number,
  forwardedFor: (i: number) => string,
  remoteAddress = '127.0.0.1',
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/methods',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor(i) },
      payload: { email: `person${i}@example.org` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const refusedAfter = (statuses: number[]) => ({
  accepted: statuses.filter((status) => status === 200).length,
  refused: statuses.filter((status) => status === 429).length,
});

describe('the client address', () => {
  it('is the connection’s without TRUST_PROXY: a made-up X-Forwarded-For changes nothing', async () => {
    const t = await createTestApp();
    try {
      const statuses = await lookUps(t, perAddress + 10, (i) => `198.51.100.${i}`);
      expect(refusedAfter(statuses)).toEqual({ accepted: perAddress, refused: 10 });
      expect(statuses[perAddress]).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('is the one a trusted proxy forwards, and only a trusted proxy', async () => {
    const t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    const proxy = '10.1.2.3';
    try {
      // Each client behind the proxy has its own count.
      const distinct = await lookUps(t, perAddress + 10, (i) => `198.51.100.${i}`, proxy);
      expect(refusedAfter(distinct)).toEqual({ accepted: perAddress + 10, refused: 0 });

      // A client that writes its own X-Forwarded-For before the proxy's entry still counts as
      // the address the proxy saw.
      const spoofing = await lookUps(t, perAddress + 1, (i) => `192.0.2.${i}, 203.0.113.9`, proxy);
      expect(refusedAfter(spoofing)).toEqual({ accepted: perAddress, refused: 1 });

      // A client that reaches the server directly is judged by its own address.
      const direct = await lookUps(t, perAddress + 1, (i) => `198.18.0.${i}`, '127.0.0.1');
      expect(refusedAfter(direct)).toEqual({ accepted: perAddress, refused: 1 });
    } finally {
      await t.close();
    }
  });
});
