import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { slowRequestMs } from './http/request-log';
import { createLogger, serializeRequest, urlForLog } from './logger';

describe('urlForLog', () => {
  it('keeps only the parameter names of a page of the browser app', () => {
    expect(urlForLog('/?mode=signIn&oobCode=SECRET&continueUrl=%2Fmembers')).toBe(
      '/?mode=[redacted]&oobCode=[redacted]&continueUrl=[redacted]',
    );
    expect(urlForLog('/reset-password?oobCode=SECRET')).toBe('/reset-password?oobCode=[redacted]');
    expect(urlForLog('/verify?code=ABCD-1234')).toBe('/verify?code=[redacted]');
  });

  it('keeps API filters but never the value of a parameter that carries a secret', () => {
    expect(urlForLog('/api/members?status=active&limit=50')).toBe(
      '/api/members?status=active&limit=50',
    );
    expect(urlForLog('/api/auth/microsoft/callback?code=SECRET&state=SECRET2')).toBe(
      '/api/auth/microsoft/callback?code=[redacted]&state=[redacted]',
    );
    expect(urlForLog('/api/x?OOBCODE=SECRET&apiKey=SECRET&token=SECRET&q=freight')).toBe(
      '/api/x?OOBCODE=[redacted]&apiKey=[redacted]&token=[redacted]&q=freight',
    );
    // Spelled with escapes, the name is still recognised.
    expect(urlForLog('/api/x?%6FobCode=SECRET')).toBe('/api/x?%6FobCode=[redacted]');
  });

  it('leaves a URL without a query string as it is', () => {
    expect(urlForLog('/members/abc')).toBe('/members/abc');
    expect(urlForLog('/api/members')).toBe('/api/members');
  });
});

describe('the request serializer', () => {
  it("logs Fastify's fields with the URL made safe", () => {
    expect(
      serializeRequest({
        method: 'GET',
        url: '/?mode=signIn&oobCode=SECRET',
        host: 'ops.example.org',
        ip: '203.0.113.9',
        headers: {},
        socket: { remotePort: 5123 },
      }),
    ).toEqual({
      method: 'GET',
      url: '/?mode=[redacted]&oobCode=[redacted]',
      version: undefined,
      host: 'ops.example.org',
      remoteAddress: '203.0.113.9',
      remotePort: 5123,
    });
  });
});

describe('the request log of the running app', () => {
  it('never writes the code of a sign-in or reset link', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // A plain logger: the app installs the request serializer on whatever logger it is given.
    // At debug, where every request has its line (at info only failed and slow ones do).
    const logger = pino({ level: 'debug' }, destination);
    const t = await createTestApp({}, { logger });
    try {
      for (const url of [
        '/?mode=signIn&oobCode=SECRET-SIGN-IN',
        '/reset-password?mode=resetPassword&oobCode=SECRET-RESET',
        '/api/auth/microsoft/callback?code=SECRET-OAUTH&state=SECRET-STATE',
      ]) {
        await t.app.inject(url);
      }
    } finally {
      await t.close();
    }
    const log = lines.join('');
    // The requests were logged (so the absence below means something), without their secrets.
    expect(log).toContain('"url":"/?mode=[redacted]&oobCode=[redacted]"');
    expect(log).toContain('/api/auth/microsoft/callback?code=[redacted]&state=[redacted]');
    expect(log).not.toMatch(/SECRET/);
  });
});

/** A stream that keeps what is written to it, line by line. */
function captureLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

describe('the log formats', () => {
  it('pretty: one readable line per entry, fields as name=value, secrets redacted, no JSON', () => {
    const { stream, lines } = captureLines();
    const logger = createLogger('info', 'pretty', stream);
    logger.info(
      { report: { members: 1_000, invoices: 20 }, migrations: ['0001', '0002'] },
      'demo data loaded',
    );
    logger.info({ req: { headers: { cookie: 'ops_session=SECRET-COOKIE' } } }, 'with a cookie');
    logger.error({ err: new Error('the disk is full') }, 'backup failed');
    logger.debug('below the level');
    const text = lines.join('\n');
    expect(lines[0]).toMatch(
      /^\[\d{2}:\d{2}:\d{2}\] INFO: demo data loaded report\.members=1000 report\.invoices=20 migrations=0001,0002$/,
    );
    expect(text).toContain('req.headers.cookie=[redacted]');
    expect(text).not.toContain('SECRET-COOKIE');
    // An error's stack follows its line; no pid, no hostname, no JSON anywhere.
    expect(text).toMatch(/ERROR: backup failed\n {4}Error: the disk is full\n {8}at /);
    expect(text).not.toMatch(/[{}]/);
    expect(text).not.toContain('pid');
    expect(text).not.toContain('below the level');
  });

  it('json: one JSON object per line, with the same redaction', () => {
    const { stream, lines } = captureLines();
    const logger = createLogger('info', 'json', stream);
    logger.info({ req: { headers: { authorization: 'Bearer SECRET-TOKEN' } } }, 'hello');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 30,
      msg: 'hello',
      req: { headers: { authorization: '[redacted]' } },
    });
  });
});

describe('the request log', () => {
  let t: TestApp;
  const log = captureLines();

  beforeAll(async () => {
    // The app's logger at info, as a server runs by default, written as a terminal shows it.
    const logger = createLogger('info', 'pretty', log.stream);
    t = await createTestApp(
      {},
      {
        logger,
        extend: (app) => {
          app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
            await new Promise((resolve) => setTimeout(resolve, slowRequestMs + 50));
            return { ok: true };
          });
          app.get('/api/test/broken', { config: { access: 'public' } }, async () => {
            throw new Error('a bug');
          });
        },
      },
    );
  });
  afterAll(() => t.close());

  const linesOf = (url: string) => log.lines.filter((line) => line.includes(`url=${url}`));

  it('writes nothing at info for a fast answer, a 4xx included', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    expect((await t.app.inject('/api/auth/me')).statusCode).toBe(401);
    expect(linesOf('/healthz')).toEqual([]);
    expect(linesOf('/api/auth/me')).toEqual([]);
    // Nor Fastify's own per-request lines.
    expect(log.lines.filter((line) => /incoming request|request completed/.test(line))).toEqual([]);
  });

  it('logs a slow request at info and a server error at error, once each, URL made safe', async () => {
    const slow = await t.app.inject('/api/test/slow?oobCode=SECRET-SLOW&q=x');
    expect(slow.statusCode).toBe(200);
    const broken = await t.app.inject('/api/test/broken?token=SECRET-BROKEN');
    expect(broken.statusCode).toBe(500);
    const [slowLine, ...otherSlow] = linesOf('/api/test/slow?oobCode=[redacted]&q=x');
    expect(otherSlow).toEqual([]);
    expect(slowLine).toMatch(
      /INFO: slow request .*method=GET .*status=200 responseTimeMs=\d+ route=\/api\/test\/slow/,
    );
    expect(Number(/responseTimeMs=(\d+)/.exec(slowLine ?? '')?.[1])).toBeGreaterThan(slowRequestMs);
    expect(linesOf('/api/test/broken?token=[redacted]')).toEqual([
      expect.stringMatching(/ERROR: request failed .*status=500 .*route=\/api\/test\/broken/),
    ]);
    expect(log.lines.join('\n')).not.toMatch(/SECRET-/);
  });
});
