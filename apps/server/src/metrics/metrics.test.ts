import { eventStreamPath } from '@ops/contract';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  createTestApp,
  signInAsNewOperator,
  testPublicUrl,
  type TestApp,
} from '../../test/app';
import { createEmptyDatabase, createTestDatabase, silentLogger } from '../../test/database';
import { eventStream } from '../../test/event-stream';
import { freePort, newDataDir } from '../../test/processes';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { createMetrics, startMetricsListener } from './index';

const token = 'metrics-token-for-the-test-0123456789';

/** The samples of one metric family in a Prometheus text exposition: `name{labels} value`. */
function samples(text: string, family: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${family}{`) || line.startsWith(`${family} `));
}

/** The value of the one sample of a family whose labels contain every one given. */
function valueOf(text: string, family: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([name, value]) => `${name}="${value}"`);
  const line = samples(text, family).find((sample) => wanted.every((w) => sample.includes(w)));
  if (!line) throw new Error(`no sample of ${family} with ${wanted.join(',')}`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('is off by default: a 404 like any unknown path', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not-found' } });
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let cookie: string;
    let url: string;
    const scrape = async () => {
      const response = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };

    beforeAll(async () => {
      t = await createTestApp({ METRICS_TOKEN: token });
      cookie = await signInAsNewOperator(t, 'watcher@example.org');
      // Before the first scrape: the outbox is counted at most every 15 s.
      await addTestUser(t.database, 'reader@example.org');
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email-link',
        payload: { email: 'reader@example.org', continueUrl: `${testPublicUrl}/members` },
      });
      expect(link.statusCode).toBe(200);
      url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => t.close());

    it('answers only to its Bearer token, without a session (401 otherwise)', async () => {
      for (const authorization of [
        undefined,
        'Bearer wrong-token-of-about-the-same-size-000',
        `Bearer ${token}x`,
        `Basic ${token}`,
        token,
      ]) {
        const response = await t.app.inject({
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode, authorization).toBe(401);
        expect(response.headers['www-authenticate']).toContain('Bearer');
      }
      // A session is no substitute for the token.
      const withSession = await t.app.inject({ url: '/metrics', headers: { cookie } });
      expect(withSession.statusCode).toBe(401);
      const response = await t.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toContain('# TYPE operations_http_request_duration_seconds histogram');
    });

    it('labels HTTP requests by route pattern, method and status, never by raw URL', async () => {
      const response = await t.app.inject({
        url: '/api/search/tasks/424242?secret=do-not-label-me',
        headers: { cookie },
      });
      expect(response.statusCode).toBe(404);
      await t.app.inject({ url: '/api/no-such-route/777777' });
      const text = await scrape();
      expect(
        valueOf(text, 'operations_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/api/search/tasks/:uid',
          status: '404',
        }),
      ).toBe(1);
      expect(
        valueOf(text, 'operations_http_request_duration_seconds_bucket', {
          route: '/api/search/tasks/:uid',
          le: '2',
        }),
      ).toBe(1);
      expect(
        valueOf(text, 'operations_http_request_duration_seconds_count', { route: 'unmatched' }),
      ).toBeGreaterThanOrEqual(1);
      for (const raw of ['424242', 'do-not-label-me', '777777', 'no-such-route']) {
        expect(text).not.toContain(raw);
      }
    });

    it('counts the event streams open, and forgets a closed one', async () => {
      const response = await fetch(`${url}${eventStreamPath}`, { headers: { cookie } });
      const stream = eventStream(response);
      await stream.next('operator');
      expect(valueOf(await scrape(), 'operations_event_streams_open')).toBe(1);
      await stream.cancel();
      const deadline = Date.now() + 5_000;
      while (valueOf(await scrape(), 'operations_event_streams_open') !== 0) {
        if (Date.now() > deadline) throw new Error('the closed stream is still counted');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A stream is no request of minutes in the latency histogram.
      expect(await scrape()).not.toContain(`route="${eventStreamPath}"`);
    });

    it('times search queries', async () => {
      const params = await t.app.inject({
        method: 'POST',
        url: '/functions/searchParams',
        headers: { cookie },
        payload: { data: {} },
      });
      const { apiKey } = params.json<{ result: { apiKey: string } }>().result;
      for (const q of ['larson', 'M-000001']) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/indexes/${t.config.searchIndex}/search`,
          headers: { authorization: `Bearer ${apiKey}` },
          payload: { q },
        });
        expect(response.statusCode).toBe(200);
      }
      const text = await scrape();
      expect(
        valueOf(text, 'operations_search_query_duration_seconds_count', { outcome: 'ok' }),
      ).toBe(2);
    });

    it('reports the outbox by state, the job queue, the pool and the process', async () => {
      const text = await scrape();
      // No delivery worker in this app: the sign-in e-mail of `beforeAll` waits.
      expect(valueOf(text, 'operations_email_outbox', { state: 'PENDING' })).toBe(1);
      for (const state of ['PROCESSING', 'RETRY', 'SUCCESS', 'ERROR']) {
        expect(valueOf(text, 'operations_email_outbox', { state })).toBe(0);
      }
      for (const state of ['waiting', 'scheduled', 'running', 'failed']) {
        expect(valueOf(text, 'operations_job_queue_jobs', { state })).toBe(0);
      }
      expect(valueOf(text, 'operations_db_pool_connections', { pool: 'main' })).toBeGreaterThan(0);
      expect(valueOf(text, 'operations_db_pool_max_connections', { pool: 'main' })).toBe(10);
      expect(
        valueOf(text, 'operations_db_pool_idle_connections', { pool: 'main' }),
      ).toBeGreaterThanOrEqual(0);
      expect(valueOf(text, 'operations_db_pool_waiting_requests', { pool: 'main' })).toBe(0);
      expect(
        valueOf(text, 'operations_db_pool_wait_seconds_count', { pool: 'main' }),
      ).toBeGreaterThan(10);
      expect(samples(text, 'process_cpu_user_seconds_total')).toHaveLength(1);
      expect(samples(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    });
  });

  describe('with METRICS_PORT', () => {
    let server: RunningServer;
    let metricsUrl: string;

    beforeAll(async () => {
      const metricsPort = await freePort();
      const config = loadConfig({
        DATABASE_URL: await createEmptyDatabase(),
        DATA_DIR: newDataDir(),
        PORT: String(await freePort()),
        // The main port on every interface, as in production: the metrics port stays on loopback.
        HOST: '0.0.0.0',
        SEED: 'none',
        METRICS_PORT: String(metricsPort),
      });
      expect(config.metrics.host).toBe('127.0.0.1');
      server = await startServer(config, silentLogger);
      metricsUrl = `http://127.0.0.1:${metricsPort}`;
    }, 60_000);
    afterAll(() => server?.stop());

    it('serves the metrics there without a token, and nothing else; not on the main port', async () => {
      const response = await fetch(`${metricsUrl}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      // The server's two pools, and the job runner's tasks counted from zero.
      expect(valueOf(text, 'operations_db_pool_connections', { pool: 'main' })).toBeGreaterThan(0);
      expect(valueOf(text, 'operations_db_pool_connections', { pool: 'jobs' })).toBeGreaterThan(0);
      expect(
        valueOf(text, 'operations_job_failures_total', { task: 'jobs-tick', permanent: 'false' }),
      ).toBe(0);
      expect(samples(text, 'process_resident_memory_bytes')).toHaveLength(1);

      expect((await fetch(`${metricsUrl}/api/auth/me`)).status).toBe(404);
      expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(405);
      const main = await fetch(`${server.url}/metrics`);
      expect(main.status).toBe(404);
    });

    it('listens on loopback only (METRICS_HOST), not on the interfaces the main port serves', async () => {
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal);
      const port = new URL(metricsUrl).port;
      // The machine's own non-loopback address reaches the main port but not the metrics.
      if (outside) {
        expect(
          (await fetch(`http://${outside.address}:${new URL(server.url).port}/healthz`)).status,
        ).toBe(200);
        await expect(fetch(`http://${outside.address}:${port}/metrics`)).rejects.toThrow();
      }
      expect((await fetch(`${metricsUrl}/metrics`)).status).toBe(200);
    });
  });

  it('asks for METRICS_TOKEN on METRICS_PORT too when the token is set', async () => {
    const database = await createTestDatabase();
    const metrics = createMetrics({ db: database.db, logger: silentLogger, processMetrics: false });
    const listener = await startMetricsListener(metrics, {
      port: 0,
      host: '127.0.0.1',
      token: 'metrics-token-0123456789',
      logger: silentLogger,
    });
    try {
      const url = `http://127.0.0.1:${listener.port}/metrics`;
      const refused = await fetch(url);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(
        (await fetch(url, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
      ).toBe(401);
      const served = await fetch(url, {
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(served.status).toBe(200);
    } finally {
      await listener.close();
      await database.close();
    }
  });
});
