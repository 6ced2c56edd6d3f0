import { testPortalUrl } from '../../test/portal';
import { clock } from '../lib/clock';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createWriteTestApp, insertMembers } from '../../test/fixtures';
import { isValidQrReference } from '../lib/iban';
import {
  addApplicant,
  addApplication,
  addDefaultChfAccount,
  multipartBody,
  tinyPdf,
} from './test-fixtures';

type Result = {
  application: { status: string; version: number; member: { mid: string; number: string } | null };
  message: string;
  member: { mid: string; number: string } | null;
  invoice: { iid: string; number: string } | null;
  emailId: string | null;
};
type ErrorBody = {
  error: { code: string; message: string; issues?: { path: string; rule: string }[] };
};

describe('the review workflow', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;
  let reviewerUid: string;
  const year = clock.year();

  beforeAll(async () => {
    ({
      t,
      cookie,
      uid: reviewerUid,
      readOnlyCookie,
    } = await createWriteTestApp('reviewer@example.org', ['membership']));
    const db = t.database.db;
    // Rule 1's transaction, with the whole current year billed: the first-year rules (and
    // their default, next year from October) are membership-billing.test.ts's.
    await db
      .updateTable('membership_billing_settings')
      .set({ first_year_rule: 'full-year' })
      .execute();
    // Existing numbers the allocation must continue after (as the demo data leaves them).
    await insertMembers(db, [
      {
        mid: 'assocCH',
        number: 'M-000041',
        category: 'association',
        status: 'active',
        legal_name: 'Swiss Forwarding Association',
        country_iso2: 'CH',
        email: 'office@sfa.example',
      },
      {
        mid: 'someone',
        number: 'M-000077',
        category: 'individual',
        status: 'active',
        legal_name: 'Earlier Member AG',
        country_iso2: 'DE',
      },
    ]);
    await db
      .updateTable('countries')
      .set({ national_association_mid: 'assocCH' })
      .where('iso2', '=', 'CH')
      .execute();
    await db.updateTable('countries').set({ fee_category: 'C' }).where('iso2', '=', 'KE').execute();
    await db
      .insertInto('invoices')
      .values({
        iid: 'old1',
        number: `${year}-000120`,
        member_mid: 'someone',
        kind: 'membership',
        year,
        currency: 'CHF',
        status: 'paid',
        paid_at: new Date(`${year}-01-20T10:00:00Z`),
      })
      .execute();
    await addDefaultChfAccount(db, 'chf1');
  });
  afterAll(() => t.close());

  const act = async (aid: string, body: Record<string, unknown>, as = cookie) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${aid}/actions`,
      headers: { cookie: as },
      payload: body,
    });
    return { status: response.statusCode, body: response.json<Result & ErrorBody>() };
  };
  const counts = async () => {
    const row = await sql<{
      members: number;
      invoices: number;
      emails: number;
      linked: number;
      audit: number;
    }>`
      SELECT (SELECT count(*) FROM members)::int AS members, (SELECT count(*) FROM invoices)::int AS invoices,
             (SELECT count(*) FROM emails)::int AS emails,
             (SELECT count(*) FROM users WHERE member_mid IS NOT NULL)::int AS linked,
             (SELECT count(*) FROM audit_log)::int AS audit`.execute(t.database.db);
    return row.rows[0];
  };

  it('approves in one transaction: member, owner, first invoice, e-mail, application (rule 1)', async () => {
    const db = t.database.db;
    const uid = await addApplicant(db, 'owner1@fc.example');
    const application = await addApplication(db, {
      submitted_by_uid: uid,
      endorsing_association_mid: 'assocCH',
    });

    const { status, body } = await act(application.aid, { action: 'approve', version: 1 });
    expect(status).toBe(200);
    expect(body.member?.number).toBe('M-000078');
    expect(body.invoice?.number).toBe(`${year}-000121`);
    expect(body.application.status).toBe('approved');
    expect(body.application.member?.mid).toBe(body.member?.mid);
    expect(body.message).toContain('M-000078');

    const member = await db
      .selectFrom('members')
      .selectAll()
      .where('mid', '=', String(body.member?.mid))
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      status: 'pending-payment',
      category: 'individual',
      legal_name: application.legal_name,
      country_iso2: 'CH',
      city: 'Basel',
      national_association_mid: 'assocCH',
      billing_currency: 'CHF',
      created_by: reviewerUid,
    });
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ member_mid: member.mid, member_role: 'owner' });

    const invoice = await db
      .selectFrom('invoices')
      .selectAll()
      .where('iid', '=', String(body.invoice?.iid))
      .executeTakeFirstOrThrow();
    const today = clock.today();
    // Issued on headquarters' day, due 30 days after it (at 00:30 on 1 January in Zurich: issued
    // 1 January, due 31 January, numbered in the new year's series).
    const due = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(invoice).toMatchObject({
      member_mid: member.mid,
      kind: 'membership',
      year,
      currency: 'CHF',
      status: 'issued',
      issue_date: today,
      due_date: due,
      total_minor: '95000', // fee band A (Switzerland has no fee category and no income group here)
      bank_account_id: 'chf1',
    });
    expect(isValidQrReference(invoice.payment_reference ?? '')).toBe(true);

    const email = await db
      .selectFrom('emails')
      .selectAll()
      .where('eid', '=', String(body.emailId))
      .executeTakeFirstOrThrow();
    expect(email.to_addresses).toEqual(['owner1@fc.example']);
    expect(email.kind).toBe('application-approved');
    expect(email.subject).toContain(application.number);
    expect(email.text_body).toContain('M-000078');
    expect(email.text_body).toContain(`${year}-000121`);
    expect(email.text_body).toContain('CHF 950.00');

    // Issue 32: the invoice follows, with its PDF, to the member's address.
    const invoiceEmail = await db
      .selectFrom('emails')
      .selectAll()
      .where('related_table', '=', 'invoices')
      .where('related_id', '=', invoice.iid)
      .executeTakeFirstOrThrow();
    expect(invoiceEmail.kind).toBe('invoice-issued');
    expect(invoiceEmail.to_addresses).toEqual([member.email]);
    expect(invoiceEmail.text_body).toContain(`${year}-000121`);
    const attachments = await db
      .selectFrom('email_attachments')
      .select(['filename', 'content_type'])
      .where('eid', '=', invoiceEmail.eid)
      .execute();
    expect(attachments).toEqual([
      { filename: expect.stringMatching(/\.pdf$/), content_type: 'application/pdf' },
    ]);
    expect(body.message).toContain(`the invoice e-mailed to ${member.email} with its PDF`);

    const stored = await db
      .selectFrom('applications')
      .selectAll()
      .where('aid', '=', application.aid)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: 'approved',
      member_mid: member.mid,
      reviewer_uid: reviewerUid,
      version: 2,
    });
    expect(stored.decided_at).not.toBeNull();

    const audited = await db
      .selectFrom('audit_log')
      .select(['table_name', 'action'])
      .where('actor_uid', '=', reviewerUid)
      .where('record_id', 'in', [application.aid, member.mid, uid, invoice.iid])
      .execute();
    expect(audited).toEqual(
      expect.arrayContaining([
        { table_name: 'applications', action: 'approve' },
        { table_name: 'members', action: 'create' },
        { table_name: 'users', action: 'link-member' },
        { table_name: 'invoices', action: 'create' },
      ]),
    );
  });

  it("charges the fee of the country's band", async () => {
    const db = t.database.db;
    const uid = await addApplicant(db, 'kenya@fc.example');
    const application = await addApplication(db, {
      submitted_by_uid: uid,
      country_iso2: 'KE',
      category: 'association',
    });
    const { status, body } = await act(application.aid, { action: 'approve', version: 1 });
    expect(status).toBe(200);
    const invoice = await db
      .selectFrom('invoices')
      .select(['total_minor', 'lines'])
      .where('iid', '=', String(body.invoice?.iid))
      .executeTakeFirstOrThrow();
    expect(invoice.total_minor).toBe('190000'); // band C, association
    expect(JSON.stringify(invoice.lines)).toContain('association member');
  });

  it('gives concurrent approvals different member and invoice numbers', async () => {
    const db = t.database.db;
    const applications = await Promise.all(
      [1, 2, 3, 4].map(async (i) =>
        addApplication(db, { submitted_by_uid: await addApplicant(db, `parallel${i}@fc.example`) }),
      ),
    );
    const results = await Promise.all(
      applications.map((a) => act(a.aid, { action: 'approve', version: 1 })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const members = results.map((r) => r.body.member?.number);
    const invoices = results.map((r) => r.body.invoice?.number);
    expect(new Set(members).size).toBe(4);
    expect(new Set(invoices).size).toBe(4);
  });

  it('leaves nothing behind when any step of the approval fails', async () => {
    const db = t.database.db;
    const uid = await addApplicant(db, 'atomic@fc.example');
    const application = await addApplication(db, { submitted_by_uid: uid });
    const counters = await db.selectFrom('number_counters').selectAll().orderBy('name').execute();
    const before = await counts();
    // The last write before the application's own update: the e-mail. Make it fail.
    await sql`CREATE FUNCTION fail_email() RETURNS trigger LANGUAGE plpgsql AS $$
              BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$;
              CREATE TRIGGER fail_email BEFORE INSERT ON emails FOR EACH ROW EXECUTE FUNCTION fail_email();`.execute(
      db,
    );
    try {
      const failed = await act(application.aid, { action: 'approve', version: 1 });
      expect(failed.status).toBe(500);
      expect(failed.body.error.code).toBe('internal');
    } finally {
      await sql`DROP TRIGGER fail_email ON emails; DROP FUNCTION fail_email();`.execute(db);
    }
    expect(await counts()).toEqual(before);
    expect(await db.selectFrom('number_counters').selectAll().orderBy('name').execute()).toEqual(
      counters,
    );
    const user = await db
      .selectFrom('users')
      .select('member_mid')
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow();
    expect(user.member_mid).toBeNull();
    const stored = await db
      .selectFrom('applications')
      .select(['status', 'version', 'member_mid'])
      .where('aid', '=', application.aid)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'under-review', version: 1, member_mid: null });

    // Once the outbox works again, the same approval goes through.
    const retried = await act(application.aid, { action: 'approve', version: 1 });
    expect(retried.status).toBe(200);
  });

  it('refuses an applicant who already belongs to a member, and one without a user', async () => {
    const db = t.database.db;
    const uid = await addApplicant(db, 'taken@fc.example');
    await db
      .updateTable('users')
      .set({ member_mid: 'someone', member_role: 'staff' })
      .where('uid', '=', uid)
      .execute();
    const linked = await addApplication(db, { submitted_by_uid: uid });
    const refused = await act(linked.aid, { action: 'approve', version: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues).toEqual([
      expect.objectContaining({ path: 'body.action', rule: 'applicant' }),
    ]);
    expect(refused.body.error.message).toContain('M-000077');

    const orphan = await addApplication(db, { submitted_by_uid: null });
    expect((await act(orphan.aid, { action: 'approve', version: 1 })).status).toBe(400);
  });

  it('checks the version the operator read (409 naming who changed it)', async () => {
    const db = t.database.db;
    const application = await addApplication(db, {
      submitted_by_uid: await addApplicant(db, 'v@fc.example'),
    });
    const first = await act(application.aid, {
      action: 'request-information',
      version: 1,
      message: 'Please send the insurance certificate.',
    });
    expect(first.status).toBe(200);
    const stale = await act(application.aid, { action: 'resume-review', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('aborted');
    expect(stale.body.error.message).toContain('reviewer@example.org');
  });

  it('refuses a step the status does not allow (400, rule transition)', async () => {
    const db = t.database.db;
    const application = await addApplication(db, { status: 'rejected' });
    const { status, body } = await act(application.aid, { action: 'approve', version: 1 });
    expect(status).toBe(400);
    expect(body.error.issues).toEqual([
      expect.objectContaining({ path: 'body.action', rule: 'transition' }),
    ]);
    expect(body.error.message).toContain('rejected');
  });

  it('requires a reason to reject, and e-mails it to the applicant', async () => {
    const db = t.database.db;
    const application = await addApplication(db, {
      submitted_by_uid: await addApplicant(db, 'no@fc.example'),
    });
    const missing = await act(application.aid, { action: 'reject', version: 1 });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.error.issues)).toContain('body.reason');
    const blank = await act(application.aid, { action: 'reject', version: 1, reason: '  ' });
    expect(blank.status).toBe(400);

    const reason = 'The company has been registered for less than two years.';
    const { status, body } = await act(application.aid, { action: 'reject', version: 1, reason });
    expect(status).toBe(200);
    expect(body.application.status).toBe('rejected');
    const email = await db
      .selectFrom('emails')
      .selectAll()
      .where('eid', '=', String(body.emailId))
      .executeTakeFirstOrThrow();
    expect(email.to_addresses).toEqual(['no@fc.example']);
    expect(email.kind).toBe('application-rejected');
    expect(email.text_body).toContain(reason);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('record_id', '=', application.aid)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('reject');
    expect(audit.after).toMatchObject({ status: 'rejected', _reason: reason });
  });

  it('requests information with a message (e-mailed), then resumes the review', async () => {
    const db = t.database.db;
    const application = await addApplication(db, {
      submitted_by_uid: await addApplicant(db, 'info@fc.example'),
    });
    expect((await act(application.aid, { action: 'request-information', version: 1 })).status).toBe(
      400,
    );
    const message = 'Please upload a current extract from the commercial register.';
    const asked = await act(application.aid, {
      action: 'request-information',
      version: 1,
      message,
    });
    expect(asked.status).toBe(200);
    const email = await db
      .selectFrom('emails')
      .selectAll()
      .where('eid', '=', String(asked.body.emailId))
      .executeTakeFirstOrThrow();
    expect(email.text_body).toContain(message);
    expect(email.kind).toBe('application-information-requested');
    // The applicant is a user: the e-mail says where to answer, in the member portal.
    const answerUrl = `${testPortalUrl}/applications/${application.aid}`;
    expect(email.text_body).toContain(answerUrl);
    expect(email.html_body).toContain(`href="${answerUrl}"`);
    const resumed = await act(application.aid, { action: 'resume-review', version: 2 });
    expect(resumed.status).toBe(200);
    expect(resumed.body.application.status).toBe('under-review');
  });

  it('walks the endorsement path of a country with a national association', async () => {
    const db = t.database.db;
    const application = await addApplication(db, {
      status: 'submitted',
      submitted_by_uid: await addApplicant(db, 'endorse@fc.example'),
    });
    const direct = await act(application.aid, { action: 'start-review', version: 1 });
    expect(direct.status).toBe(400);
    expect(direct.body.error.message).toContain('endorsement');

    const requested = await act(application.aid, { action: 'request-endorsement', version: 1 });
    expect(requested.status).toBe(200);
    expect(requested.body.application.status).toBe('awaiting-endorsement');
    const toAssociation = await db
      .selectFrom('emails')
      .select(['to_addresses'])
      .where('eid', '=', String(requested.body.emailId))
      .executeTakeFirstOrThrow();
    expect(toAssociation.to_addresses).toEqual(['office@sfa.example']);

    const withoutLetter = await act(application.aid, { action: 'record-endorsement', version: 2 });
    expect(withoutLetter.status).toBe(400);
    expect(withoutLetter.body.error.issues?.[0]?.rule).toBe('endorsement-letter');

    const { body, contentType } = multipartBody('letter.pdf', tinyPdf);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${application.aid}/documents?type=endorsement-letter`,
      headers: { cookie, 'content-type': contentType },
      payload: body,
    });
    expect(upload.statusCode).toBe(200);
    const endorsed = await act(application.aid, { action: 'record-endorsement', version: 3 });
    expect(endorsed.status).toBe(200);
    expect(endorsed.body.application.status).toBe('endorsed');
    const review = await act(application.aid, { action: 'start-review', version: 4 });
    expect(review.body.application.status).toBe('under-review');
  });

  it('ends early when the association declines, telling the applicant', async () => {
    const db = t.database.db;
    const application = await addApplication(db, {
      status: 'awaiting-endorsement',
      endorsing_association_mid: 'assocCH',
      submitted_by_uid: await addApplicant(db, 'declined@fc.example'),
    });
    const { status, body } = await act(application.aid, {
      action: 'decline-endorsement',
      version: 1,
      reason: 'Not one of our members.',
    });
    expect(status).toBe(200);
    expect(body.application.status).toBe('endorsement-declined');
    expect(body.emailId).not.toBeNull();
    expect(
      (await act(application.aid, { action: 'withdraw', version: 2, reason: 'too late' })).status,
    ).toBe(400);
  });

  it('refuses a read-only operator (403) and changes nothing', async () => {
    const db = t.database.db;
    const application = await addApplication(db, {
      submitted_by_uid: await addApplicant(db, 'ro@fc.example'),
    });
    const { status } = await act(
      application.aid,
      { action: 'approve', version: 1 },
      readOnlyCookie,
    );
    expect(status).toBe(403);
    const stored = await db
      .selectFrom('applications')
      .select('status')
      .where('aid', '=', application.aid)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('under-review');
  });

  it('answers 404 for an unknown application', async () => {
    expect((await act('nope', { action: 'approve', version: 1 })).status).toBe(404);
  });
});
