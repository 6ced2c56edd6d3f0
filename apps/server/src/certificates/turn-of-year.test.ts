import type { TCertificateDetail } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPublicUrl, type TestApp } from '../../test/app';
import { createWriteTestApp, signInEditorAndReader } from '../../test/fixtures';
import { setClockForTests } from '../lib/clock';
import { expireCertificates } from './expire';
import { addMember } from './test-support';

/**
 * Issue 30: a certificate valid to 31 December is valid all that day at headquarters and expired
 * on 1 January there: at 23:30 in Zurich (22:30 UTC) still valid, at 00:30 on 1 January in
 * Zurich (23:30 UTC, still 31 December in UTC) expired, on the detail, the public check and the
 * sweep alike. The sweep and the reads judged by the UTC day until this issue.
 */
describe('certificates at the turn of the year, in Zurich', () => {
  let t: TestApp;
  let cookie: string;
  let cid = '';
  let code = '';

  beforeAll(async () => {
    setClockForTests('2026-06-15T10:00:00Z');
    ({ t, cookie } = await createWriteTestApp('turn-of-year@example.org', ['membership']));
    const member = await addMember(t.database.db, {
      legalName: 'Silvester Spedition AG',
      paidYears: [2026],
      paidThroughYear: 2026,
    });
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      payload: { memberMid: member.mid, year: 2026 },
      headers: { cookie, origin: testPublicUrl },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    ({ cid, verificationCode: code } = issued.json<TCertificateDetail>());
  });
  afterAll(async () => {
    await t.close();
    setClockForTests(null);
  });

  const detail = async () =>
    (
      await t.app.inject({ url: `/api/certificates/${cid}`, headers: { cookie } })
    ).json<TCertificateDetail>();
  const publicCheck = async () => (await t.app.inject({ url: `/verify/${code}` })).body;

  it('is valid until 23:59 on 31 December in Zurich', async () => {
    setClockForTests('2026-12-31T22:30:00Z'); // 23:30 in Zurich
    // Half a year later the June session has expired (it is judged by the same clock).
    ({ cookie } = await signInEditorAndReader(t, 'new-years-eve@example.org', ['membership']));
    expect(await expireCertificates(t.database.db)).toBe(0);
    expect(await detail()).toMatchObject({
      status: 'issued',
      isValidNow: true,
      validTo: '2026-12-31',
    });
    expect(await publicCheck()).toContain('This certificate is valid');
  });

  it('is expired from 00:30 on 1 January in Zurich, while UTC still reads 31 December', async () => {
    setClockForTests('2026-12-31T23:30:00Z'); // 00:30 on 1 January 2027 in Zurich
    expect(await detail()).toMatchObject({ status: 'expired', isValidNow: false });
    expect(await publicCheck()).toContain('This certificate has expired');
    expect(await expireCertificates(t.database.db)).toBe(1);
    const stored = await t.database.db
      .selectFrom('certificates')
      .select('status')
      .where('cid', '=', cid)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('expired');
  });
});
