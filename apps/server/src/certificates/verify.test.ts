import type { TCertificateDetail } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, testPublicUrl, type TestApp } from '../../test/app';
import { loadCountries } from '../seed/countries';
import { verifyRateLimit } from './routes';
import { addMember, thisYear } from './test-support';

/** The visible text of an HTML page, without tags, styles and extra spaces. */
function visibleText(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<\/?strong>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const longDate = (isoDay: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDay}T00:00:00Z`));

describe('the public verification page /verify/{code}', () => {
  let t: TestApp;
  let cookie: string;
  let valid: TCertificateDetail;
  let member: { mid: string; number: string };

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    cookie = await signInAsNewOperator(t, 'verifier@example.org', ['membership']);
    member = await addMember(t.database.db, {
      legalName: 'Verified & Sons Forwarding <Ltd>',
      country: 'DE',
      paidYears: [thisYear],
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      payload: { memberMid: member.mid, year: thisYear },
      headers: { cookie, origin: testPublicUrl },
    });
    valid = response.json<TCertificateDetail>();
  });
  afterAll(() => t.close());

  // No cookie at all: the page works signed out.
  const visit = (code: string) => t.app.inject({ url: `/verify/${code}` });

  it('says valid, for whom and until when, and nothing else, without signing in', async () => {
    const response = await visit(valid.verificationCode);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const text = visibleText(response.body);
    expect(text).toContain('This certificate is valid');
    expect(text).toContain('Issued to Verified & Sons Forwarding <Ltd>, Germany.');
    expect(text).toContain(`Valid until ${longDate(`${thisYear}-12-31`)}.`);
    // The name is escaped, not markup.
    expect(response.body).toContain('Verified &amp; Sons Forwarding &lt;Ltd&gt;');
    // Nothing beyond validity, holder and date: no numbers, ids, invoice or operator.
    for (const secret of [
      valid.number,
      member.number,
      member.mid,
      valid.cid,
      'verifier@example.org',
    ]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/<script/i);
  });

  it('accepts the code as a person types it: lower case, spaces, without dashes', async () => {
    const typed = valid.verificationCode.toLowerCase().replace(/-/g, '');
    const response = await visit(typed);
    expect(response.statusCode).toBe(200);
    expect(visibleText(response.body)).toContain('This certificate is valid');
  });

  it('answers "not found" (404) for an unknown or malformed code', async () => {
    for (const code of ['AAAA-BBBB-CCCC-DDDD', 'not-a-code', '%3Cscript%3E']) {
      const response = await visit(code);
      expect(response.statusCode, code).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(visibleText(response.body)).toContain('Certificate not found');
      expect(response.body).not.toContain('<script>');
    }
  });

  it('says revoked, without the reason, once the certificate is revoked', async () => {
    const other = await addMember(t.database.db, {
      legalName: 'Soon Revoked Cargo AG',
      country: 'AT',
      paidYears: [thisYear],
    });
    const issued = (
      await t.app.inject({
        method: 'POST',
        url: '/api/certificates',
        payload: { memberMid: other.mid, year: thisYear },
        headers: { cookie, origin: testPublicUrl },
      })
    ).json<TCertificateDetail>();
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/certificates/${issued.cid}/revoke`,
      payload: { version: issued.version, reason: 'Cheque bounced – confidential' },
      headers: { cookie, origin: testPublicUrl },
    });
    expect(revoked.statusCode).toBe(200);
    const response = await visit(issued.verificationCode);
    expect(response.statusCode).toBe(200);
    const text = visibleText(response.body);
    expect(text).toContain('This certificate has been revoked');
    expect(text).toContain('Issued to Soon Revoked Cargo AG, Austria.');
    expect(text).not.toContain('This certificate is valid');
    expect(response.body).not.toContain('Cheque bounced');
  });

  it('says replaced for a superseded certificate and expired for a past year', async () => {
    const other = await addMember(t.database.db, {
      legalName: 'Reissued Freight SA',
      country: 'FR',
      paidYears: [thisYear - 1, thisYear],
    });
    const issueFor = async (year: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/certificates',
          payload: { memberMid: other.mid, year },
          headers: { cookie, origin: testPublicUrl },
        })
      ).json<TCertificateDetail>();
    const lastYear = await issueFor(thisYear - 1);
    const first = await issueFor(thisYear);
    await issueFor(thisYear);
    expect(visibleText((await visit(first.verificationCode)).body)).toContain(
      'This certificate has been replaced',
    );
    const expired = visibleText((await visit(lastYear.verificationCode)).body);
    expect(expired).toContain('This certificate has expired');
    expect(expired).toContain(`It was valid until ${longDate(`${thisYear - 1}-12-31`)}.`);
  });

  it('offers a form for a typed code, which leads to the code’s page', async () => {
    const form = await t.app.inject({ url: '/verify' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form method="get" action="/verify">');
    const submitted = await t.app.inject({
      url: `/verify?code=${encodeURIComponent(' abcd-efgh ')}`,
    });
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toBe('/verify/ABCD-EFGH');
  });

  it('limits how many codes one address checks per minute', async () => {
    const address = '203.0.113.9';
    let last = 0;
    for (let i = 0; i <= verifyRateLimit.points; i++) {
      last = (await t.app.inject({ url: '/verify/AAAA-BBBB-CCCC-DDDD', remoteAddress: address }))
        .statusCode;
    }
    expect(last).toBe(429);
    // Another address is still answered.
    const other = await t.app.inject({
      url: `/verify/${valid.verificationCode}`,
      remoteAddress: '203.0.113.10',
    });
    expect(other.statusCode).toBe(200);
  });
});
