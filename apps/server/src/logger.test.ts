import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { serializeRequest, urlForLog } from './logger';

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
    const logger = pino({ level: 'info' }, destination);
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
