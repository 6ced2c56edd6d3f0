import type { TCertificateDetail } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPublicUrl, type TestApp } from '../../test/app';
import { createWriteTestApp } from '../../test/fixtures';
import { expireCertificates } from './expire';
import { renderCertificatePdf } from './pdf';
import { addMember, thisYear } from './test-support';
import { auditEntriesOf } from '../../test/audit';
import { pdfTexts } from '../../test/pdf-text';

type ErrorBody = {
  error: { code: string; message: string; issues?: { path: string; rule: string }[] };
};

describe('issuing and revoking certificates', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;

  beforeAll(async () => {
    ({ t, cookie, readOnlyCookie } = await createWriteTestApp('certifier@example.org', [
      'membership',
    ]));
  });
  afterAll(() => t.close());

  const issue = (payload: Record<string, unknown>, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/certificates',
      payload,
      headers: { cookie: as, origin: testPublicUrl },
    });
  const revoke = (cid: string, payload: Record<string, unknown>, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: `/api/certificates/${cid}/revoke`,
      payload,
      headers: { cookie: as, origin: testPublicUrl },
    });
  const detail = async (cid: string) =>
    (
      await t.app.inject({ url: `/api/certificates/${cid}`, headers: { cookie } })
    ).json<TCertificateDetail>();

  it('refuses a year the member has not paid, naming body.year and the rule', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Unpaid Logistics SA',
      paidYears: [thisYear - 1],
      unpaidYears: [thisYear],
      paidThroughYear: thisYear - 1,
    });
    const response = await issue({ memberMid: member.mid, year: thisYear });
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorBody>();
    expect(body.error.code).toBe('invalid-argument');
    expect(body.error.issues).toEqual([
      expect.objectContaining({ path: 'body.year', rule: 'paid-year' }),
    ]);
    expect(body.error.message).toContain(`has not paid ${thisYear}`);
    const stored = await t.database.db
      .selectFrom('certificates')
      .select('cid')
      .where('member_mid', '=', member.mid)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses an unknown member and a bad year with 400s naming the field', async () => {
    const unknown = await issue({ memberMid: 'no-such-member', year: thisYear });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ErrorBody>().error.issues?.[0]).toMatchObject({ path: 'body.memberMid' });
    const badYear = await issue({ memberMid: 'x', year: 1800 });
    expect(badYear.statusCode).toBe(400);
    expect(badYear.json<ErrorBody>().error.issues?.[0]?.path).toBe('body.year');
  });

  it('issues a paid year as a real PDF carrying the verification code, number and QR link', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Müller Spedition AG',
      country: 'CH',
      paidYears: [thisYear],
    });
    const response = await issue({ memberMid: member.mid, year: thisYear });
    expect(response.statusCode, response.body).toBe(201);
    const certificate = response.json<TCertificateDetail>();
    expect(certificate).toMatchObject({
      memberMid: member.mid,
      memberName: 'Müller Spedition AG',
      memberNumber: member.number,
      countryName: 'Switzerland',
      type: 'membership',
      year: thisYear,
      validFrom: `${thisYear}-01-01`,
      validTo: `${thisYear}-12-31`,
      status: 'issued',
      isValidNow: true,
      invoiceIid: `inv-${member.mid}-${thisYear}`,
      hasStoredPdf: true,
      issuedBy: { name: 'certifier@example.org' },
      version: 1,
    });
    expect(certificate.number).toMatch(new RegExp(`^C-${thisYear}-\\d{6}$`));
    expect(certificate.verificationCode).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(certificate.verificationUrl).toBe(
      `${testPublicUrl}/verify/${certificate.verificationCode}`,
    );

    const pdf = await t.app.inject({
      url: `/api/certificates/${certificate.cid}/pdf`,
      headers: { cookie },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="certificate-C-/);
    // Shown inline on the console's origin, so only as a sandboxed document (issue 13).
    expect(pdf.headers['content-security-policy']).toMatch(/^sandbox;/);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    const texts = pdfTexts(bytes);
    expect(texts).toContain(certificate.verificationCode);
    expect(texts).toContain(certificate.number);
    expect(texts).toContain('Müller Spedition AG');
    expect(texts.join(' ')).toContain(`for the year ${thisYear}`);
    // The QR code and the printed link point to the public verification page.
    expect(bytes.toString('latin1')).toContain(`/URI (${certificate.verificationUrl})`);

    const download = await t.app.inject({
      url: `/api/certificates/${certificate.cid}/pdf?download=1`,
      headers: { cookie },
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);

    const audit = await auditEntriesOf(t.database.db, 'certificates', certificate.cid)
      .select(['action', 'actor_kind', 'actor_uid'])
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'issue', actor_kind: 'operator' })]);
  });

  it('accepts a year covered by paid-through even without an invoice of that year', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Paid Ahead Freight Ltd',
      country: 'GB',
      paidThroughYear: thisYear + 1,
    });
    const response = await issue({ memberMid: member.mid, year: thisYear + 1 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TCertificateDetail>()).toMatchObject({
      invoiceIid: null,
      status: 'issued',
      isValidNow: false, // next year's: issued, not valid yet
    });
  });

  it('refuses a terminated member even for a paid year', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Closed Shipping GmbH',
      status: 'terminated',
      paidYears: [thisYear],
    });
    const response = await issue({ memberMid: member.mid, year: thisYear });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body.memberMid',
      rule: 'member-status',
    });
  });

  it('supersedes the issued certificate of the same member and year', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Twice Issued Cargo BV',
      country: 'NL',
      paidYears: [thisYear],
    });
    const first = (
      await issue({ memberMid: member.mid, year: thisYear })
    ).json<TCertificateDetail>();
    const second = (
      await issue({ memberMid: member.mid, year: thisYear })
    ).json<TCertificateDetail>();
    expect(second.number).not.toBe(first.number);
    expect(second.verificationCode).not.toBe(first.verificationCode);
    const before = await detail(first.cid);
    expect(before).toMatchObject({
      status: 'superseded',
      isValidNow: false,
      version: 2,
      supersededBy: { cid: second.cid, number: second.number },
    });
    expect((await detail(second.cid)).status).toBe('issued');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('record_id', '=', first.cid)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['issue', 'supersede']);
  });

  it('requires a reason to revoke, checks the version, and allows only issued → revoked', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Revocable Transport Srl',
      country: 'IT',
      paidYears: [thisYear],
    });
    const certificate = (
      await issue({ memberMid: member.mid, year: thisYear })
    ).json<TCertificateDetail>();

    const withoutReason = await revoke(certificate.cid, { version: 1 });
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json<ErrorBody>().error.issues?.[0]?.path).toBe('body.reason');
    const blankReason = await revoke(certificate.cid, { version: 1, reason: '   ' });
    expect(blankReason.statusCode).toBe(400);
    expect(blankReason.json<ErrorBody>().error.issues?.[0]?.path).toBe('body.reason');

    const stale = await revoke(certificate.cid, { version: 7, reason: 'Paid by mistake' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().error.message).toMatch(
      /^Certificate C-\d{4}-\d{6} was changed by .+ at \d{4}-\d\d-\d\d \d\d:\d\d UTC since you opened it\. Reload to see the change\.$/,
    );

    const revoked = await revoke(certificate.cid, {
      version: 1,
      reason: 'Payment reversed by the bank',
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<TCertificateDetail>()).toMatchObject({
      status: 'revoked',
      revocationReason: 'Payment reversed by the bank',
      isValidNow: false,
      version: 2,
    });

    const again = await revoke(certificate.cid, { version: 2, reason: 'Once more' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body.status',
      rule: 'transition',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('record_id', '=', certificate.cid)
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['issue', 'revoke']);
    expect(audit[1]?.after).toMatchObject({ revocation_reason: 'Payment reversed by the bank' });
  });

  it('refuses a read-only operator (403) on issue and revoke, and 404s an unknown certificate', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Read Only Test Ltd',
      paidYears: [thisYear],
    });
    const refused = await issue({ memberMid: member.mid, year: thisYear }, readOnlyCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toContain('certificates.manage');
    const refusedRevoke = await revoke('whatever', { version: 1, reason: 'x y z' }, readOnlyCookie);
    expect(refusedRevoke.statusCode).toBe(403);
    // Reading is every operator's.
    const list = await t.app.inject({
      url: '/api/certificates',
      headers: { cookie: readOnlyCookie },
    });
    expect(list.statusCode).toBe(200);
    const missing = await t.app.inject({ url: '/api/certificates/nope', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
    const missingPdf = await t.app.inject({
      url: '/api/certificates/nope/pdf',
      headers: { cookie },
    });
    expect(missingPdf.statusCode).toBe(404);
  });

  it('numbers concurrent issues uniquely and keeps one issued certificate per member and year', async () => {
    const members = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        addMember(t.database.db, { legalName: `Concurrent ${i} AG`, paidYears: [thisYear] }),
      ),
    );
    const responses = await Promise.all([
      ...members.map((member) => issue({ memberMid: member.mid, year: thisYear })),
      // The same member three times at once: each replaces the one before.
      ...[0, 1, 2].map(() => issue({ memberMid: members[0]?.mid, year: thisYear })),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(
      Array.from({ length: 9 }, () => 201),
    );
    const numbers = responses.map((response) => response.json<TCertificateDetail>().number);
    expect(new Set(numbers).size).toBe(9);
    const ofFirst = await t.database.db
      .selectFrom('certificates')
      .select('status')
      .where('member_mid', '=', members[0]?.mid ?? '')
      .execute();
    expect(ofFirst.filter((row) => row.status === 'issued')).toHaveLength(1);
    expect(ofFirst.filter((row) => row.status === 'superseded')).toHaveLength(3);
  });

  it('renders a certificate without stored bytes on demand, the same every time', async () => {
    const member = await addMember(t.database.db, {
      legalName: 'Łódź Spedycja Sp. z o.o.',
      country: 'PL',
      paidYears: [thisYear],
    });
    // As the demo data and imports store them: no PDF row.
    await t.database.db
      .insertInto('certificates')
      .values({
        cid: `legacy-${member.mid}`,
        number: `C-${thisYear - 1}-999001`,
        member_mid: member.mid,
        type: 'membership',
        document_code: null,
        year: thisYear - 1,
        valid_from: `${thisYear - 1}-01-01`,
        valid_to: `${thisYear - 1}-12-31`,
        status: 'issued',
        invoice_iid: null,
        issued_at: new Date(`${thisYear - 1}-02-01T09:00:00Z`),
        issued_by: 'system',
        pdf_file: null,
        verification_code: 'LEGA-CY22-CODE',
        revocation_reason: null,
        created_at: new Date(`${thisYear - 1}-02-01T09:00:00Z`),
        updated_at: new Date(`${thisYear - 1}-02-01T09:00:00Z`),
        created_by: 'system',
        updated_by: 'system',
      })
      .execute();
    const read = () =>
      t.app.inject({ url: `/api/certificates/legacy-${member.mid}/pdf`, headers: { cookie } });
    const [first, second] = [await read(), await read()];
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
    expect(pdfTexts(first.rawPayload)).toContain('LEGA-CY22-CODE');
    const shown = await detail(`legacy-${member.mid}`);
    // The name comes from the member (filled in on insert); last year's is expired on read.
    expect(shown).toMatchObject({
      memberName: 'Łódź Spedycja Sp. z o.o.',
      status: 'expired',
      hasStoredPdf: false,
      issuedBy: { uid: 'system', name: 'System (payment received)' },
    });

    // The sweep marks it expired in the database too, with an audit entry.
    expect(await expireCertificates(t.database.db)).toBeGreaterThanOrEqual(1);
    const stored = await t.database.db
      .selectFrom('certificates')
      .select(['status', 'version'])
      .where('cid', '=', `legacy-${member.mid}`)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'expired', version: 2 });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind'])
      .where('record_id', '=', `legacy-${member.mid}`)
      .execute();
    expect(audit).toEqual([{ action: 'expire', actor_kind: 'system' }]);
    expect(await expireCertificates(t.database.db)).toBe(0);
  });

  // About 7 ms on an idle core (20 ms when a name needs the embedded font); the bound leaves
  // room for a loaded test machine and still catches a regression of an order of magnitude.
  it('renders a certificate quickly', async () => {
    const data = {
      number: 'C-2026-000001',
      type: 'membership' as const,
      documentCode: null,
      year: 2026,
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      issuedAt: new Date('2026-02-03T10:00:00Z'),
      memberName: 'Timing Forwarding AG',
      memberNumber: 'M-000001',
      countryName: 'Switzerland',
      verificationCode: 'ABCD-EFGH-JKLM-NPQR',
      verificationUrl: `${testPublicUrl}/verify/ABCD-EFGH-JKLM-NPQR`,
      language: 'en' as const,
    };
    await renderCertificatePdf(data); // warm-up: fonts and modules
    const runs = 10;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await renderCertificatePdf(data);
    const perCertificate = (performance.now() - started) / runs;
    console.warn(`certificate PDF: ${perCertificate.toFixed(1)} ms each`);
    expect(perCertificate).toBeLessThan(250);
  });
});
