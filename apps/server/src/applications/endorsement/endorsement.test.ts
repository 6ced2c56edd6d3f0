import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertMembers } from '../../../test/fixtures';
import {
  createPortalWriteTestApp,
  signInToPortal,
  type PortalTestApp,
  type PortalWriteTestApp,
} from '../../../test/portal';
import { resetThrottles } from '../../../test/sessions';
import { sha256 } from '../../auth/sessions';
import { createMailingTestApp, type MailingTestApp } from '../../emails/test-support';
import { setClockForTests } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { addApplicant, addApplication, tinyPdf, tinyPng } from '../test-fixtures';
import { runEndorsementDaily } from './daily';

type ErrorBody = {
  error: { code: string; message: string; issues?: { path: string; rule: string }[] };
};
type Endorsement = {
  state: string;
  application: { legalName: string; documents: { id: string }[] } | null;
  answer: { decision: string; reason: string | null; by: string; at: string } | null;
  askFor: string | null;
};
type Detail = {
  status: string;
  version: number;
  availableActions: string[];
  endorsementWaived: boolean;
  endorsementOverdue: boolean;
  endorsement: { state: string; remindersSent: number; sentTo: string[] } | null;
};

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Endorsement by link (issue 34), on real PostgreSQL and a real SMTP mailbox: the link e-mailed to
 * the association's owner and admin users in their language, answered on the portal without an
 * account, used once, expiring, retired by a Resend, waived, reminded and escalated by the daily
 * job at fixed instants.
 */
describe('endorsement by link', () => {
  let t: MailingTestApp<PortalTestApp>;
  let portal: FastifyInstance;
  let api: PortalWriteTestApp['api'];

  beforeAll(async () => {
    t = await createMailingTestApp(
      async (smtpUrl) => {
        const setup = await createPortalWriteTestApp(
          'endorse-reviewer@example.org',
          ['membership'],
          {
            SMTP_URL: smtpUrl,
            MAIL_FROM: 'Federation <membership@federation.example>',
          },
        );
        api = setup.api;
        return setup.t;
      },
      { pollMs: 100 },
    );
    portal = t.portal;
    const db = t.database.db;
    await insertMembers(db, [
      {
        mid: 'assocEnd',
        number: 'M-000501',
        category: 'association',
        status: 'active',
        legal_name: 'Association Suisse des Transitaires',
        country_iso2: 'CH',
        email: 'office@ast.example',
      },
    ]);
    await db
      .updateTable('countries')
      .set({ national_association_mid: 'assocEnd' })
      .where('iso2', '=', 'CH')
      .execute();
    await db
      .insertInto('users')
      .values([
        {
          uid: newId(),
          email: 'owner@ast.example',
          member_mid: 'assocEnd',
          member_role: 'owner',
          preferred_language: 'fr',
        },
        {
          uid: newId(),
          email: 'admin@ast.example',
          member_mid: 'assocEnd',
          member_role: 'admin',
          preferred_language: 'de',
        },
        {
          uid: newId(),
          email: 'staff@ast.example',
          member_mid: 'assocEnd',
          member_role: 'staff',
          preferred_language: 'en',
        },
      ])
      .execute();
  });
  afterAll(async () => {
    setClockForTests(null);
    await t.close();
  });
  beforeEach(() => resetThrottles(t));
  afterEach(() => setClockForTests(null));

  const detail = async (aid: string) => (await api.get<Detail>(`/api/applications/${aid}`)).body;

  async function action(aid: string, request: Record<string, unknown>) {
    const { version } = await detail(aid);
    return api.post<ErrorBody & { application: Detail }>(`/api/applications/${aid}/actions`, {
      version,
      ...request,
    });
  }

  /** The token of the newest endorsement e-mail to `to` after `after` messages. */
  async function tokenFor(to: string, after: number) {
    const mail = await t.mailbox.waitFor(to, { after });
    const match = /\/endorse\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
    if (!match?.[1]) throw new Error(`No endorsement link in: ${mail.text}`);
    return { token: match[1], mail };
  }

  async function requested(values: Parameters<typeof addApplication>[1] = {}) {
    const application = await addApplication(t.database.db, { status: 'submitted', ...values });
    const before = t.mailbox.messages.length;
    const sent = await action(application.aid, { action: 'request-endorsement' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { token, mail } = await tokenFor('owner@ast.example', before);
    return { aid: application.aid, number: application.number, token, mail, before };
  }

  const get = (token: string) => portal.inject({ url: `/api/endorsements/${token}` });
  const answer = (token: string, payload: object) =>
    portal.inject({ method: 'POST', url: `/api/endorsements/${token}`, payload });

  it('e-mails the link to the owner and admin users, each in their language, never in clear at rest', async () => {
    const { aid, token, mail, before } = await requested();
    expect(mail.subject).toContain('Demande d’aval');
    const german = await t.mailbox.waitFor('admin@ast.example', { after: before });
    expect(german.subject).toContain('Bitte um Befürwortung');
    expect(german.text).toContain(`/endorse/${token}`);
    // Staff users and the association's own address are not written to when it has admins.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const to = t.mailbox.messages
      .slice(before)
      .flatMap((m) => (m.to ? [JSON.stringify(m.to)] : []));
    expect(to.join()).not.toContain('staff@ast.example');
    expect(to.join()).not.toContain('office@ast.example');

    const db = t.database.db;
    const link = await db
      .selectFrom('endorsement_links')
      .selectAll()
      .where('aid', '=', aid)
      .executeTakeFirstOrThrow();
    expect(link.token_hash).toBe(sha256(token));
    expect(JSON.stringify(link)).not.toContain(token);
    const emails = await db
      .selectFrom('emails')
      .select(['text_body', 'html_body', 'subject', 'template_data'])
      .where('related_id', '=', aid)
      .execute();
    expect(emails).toHaveLength(2);
    for (const email of emails) {
      expect(JSON.stringify(email)).not.toContain(token);
      expect(email.text_body).toContain('/endorse/[redacted]');
    }
    const audits = await db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('record_id', '=', link.id)
      .execute();
    expect(JSON.stringify(audits)).not.toContain(token);
    expect(JSON.stringify(audits)).not.toContain(link.token_hash);
  });

  it('shows the application read only, then endorses once; the second answer says who, when and what', async () => {
    const { aid, token } = await requested();
    const opened = await get(token);
    expect(opened.statusCode, opened.body).toBe(200);
    const endorsement = opened.json<Endorsement>();
    expect(endorsement.state).toBe('open');
    expect(endorsement.application?.legalName).toMatch(/Forwarding Company/);

    const endorsed = await answer(token, { decision: 'endorse' });
    expect(endorsed.statusCode, endorsed.body).toBe(200);
    expect(endorsed.json<Endorsement>().state).toBe('answered');
    expect((await detail(aid)).status).toBe('endorsed');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'action'])
      .where('record_id', '=', aid)
      .where('action', '=', 'record-endorsement')
      .executeTakeFirstOrThrow();
    expect(audit.actor_kind).toBe('endorsement-link');

    const again = await answer(token, { decision: 'decline', reason: 'Changed our mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toMatch(/used already.*endorsed on .*owner@ast/);
    const shown = (await get(token)).json<Endorsement>();
    expect(shown.state).toBe('answered');
    expect(shown.application).toBeNull();
    expect(shown.answer).toMatchObject({ decision: 'endorse', reason: null });
    expect(shown.answer?.by).toContain('owner@ast.example');
  });

  it('refuses to decline without a reason, naming body.reason; declined, the applicant is told', async () => {
    const applicantEmail = 'declined-applicant@example.org';
    const uid = await addApplicant(t.database.db, applicantEmail);
    const { aid, token } = await requested({ submitted_by_uid: uid });
    const refused = await answer(token, { decision: 'decline' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error.issues?.[0]).toMatchObject({
      path: 'body.reason',
      rule: 'required',
    });
    const before = t.mailbox.messages.length;
    const declined = await answer(token, {
      decision: 'decline',
      reason: 'We do not know this company.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect((await detail(aid)).status).toBe('endorsement-declined');
    const told = await t.mailbox.waitFor(applicantEmail, { after: before - 10 });
    expect(told.text).toContain('We do not know this company.');
  });

  it('answers 404 and nothing more for a token that is no link', async () => {
    const unknown = await get('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().error.message).toBe(
      'There is no endorsement link with this address.',
    );
    expect((await get('short')).statusCode).toBe(400);
  });

  it('says an expired link expired and whom to ask', async () => {
    setClockForTests(new Date(Date.now() - 31 * dayMs));
    const { token } = await requested();
    setClockForTests(null);
    const shown = (await get(token)).json<Endorsement>();
    expect(shown.state).toBe('expired');
    expect(shown.application).toBeNull();
    expect(shown.askFor).toBe('membership@federation.example');
    const refused = await answer(token, { decision: 'endorse' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error.message).toMatch(
      /expired on .*Ask membership@federation\.example/,
    );
  });

  it('serves only its own application’s documents, and takes a PDF letter', async () => {
    const other = await addApplication(t.database.db, { status: 'submitted' });
    const otherDoc = newId();
    await t.database.db
      .insertInto('application_documents')
      .values({
        id: otherDoc,
        aid: other.aid,
        type: 'registry-extract',
        file_name: 'other.pdf',
        content_type: 'application/pdf',
        size_bytes: tinyPdf.length,
        sha256: sha256(tinyPdf.toString('binary')),
        content: tinyPdf,
        uploaded_by: null,
      })
      .execute();
    const { token, aid } = await requested();
    const foreign = await portal.inject({
      url: `/api/endorsements/${token}/documents/${otherDoc}`,
    });
    expect(foreign.statusCode).toBe(404);

    const notPdf = await portal.inject({
      method: 'POST',
      url: `/api/endorsements/${token}/letter?fileName=letter.png`,
      headers: { 'content-type': 'application/pdf' },
      payload: tinyPng,
    });
    expect(notPdf.statusCode).toBe(400);
    const letter = await portal.inject({
      method: 'POST',
      url: `/api/endorsements/${token}/letter?fileName=endorsement.pdf`,
      headers: { 'content-type': 'application/pdf' },
      payload: tinyPdf,
    });
    expect(letter.statusCode, letter.body).toBe(200);
    const [document] = letter.json<Endorsement>().application?.documents ?? [];
    expect(document).toBeDefined();
    const own = await portal.inject({
      url: `/api/endorsements/${token}/documents/${document?.id}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const fromOther = await portal.inject({
      url: `/api/endorsements/${token}/documents/${document?.id}`.replace(token, 'B'.repeat(43)),
    });
    expect(fromOther.statusCode).toBe(404);
    const { documents } = await t.database.db
      .selectFrom('applications')
      .select('documents')
      .where('aid', '=', aid)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(documents)).toContain('endorsement-letter');
  });

  it('retires the old link on Resend, and waives with a reason', async () => {
    const { aid, token } = await requested();
    const before = t.mailbox.messages.length;
    const resent = await action(aid, { action: 'resend-endorsement' });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const { token: newToken } = await tokenFor('owner@ast.example', before);
    expect(newToken).not.toBe(token);
    const old = (await get(token)).json<Endorsement>();
    expect(old.state).toBe('retired');
    expect(old.askFor).toBe('membership@federation.example');
    expect((await get(newToken)).json<Endorsement>().state).toBe('open');

    const noReason = await action(aid, { action: 'waive-endorsement', reason: '' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.issues?.[0]?.path).toBe('body.reason');
    const waived = await action(aid, {
      action: 'waive-endorsement',
      reason: 'The association has not answered the phone for months.',
    });
    expect(waived.status, JSON.stringify(waived.body)).toBe(200);
    const after = await detail(aid);
    expect(after.status).toBe('submitted');
    expect(after.endorsementWaived).toBe(true);
    expect(after.endorsement?.state).toBe('waived');
    expect(after.availableActions).toContain('start-review');
    expect((await get(newToken)).json<Endorsement>().state).toBe('retired');
  });

  it('reminds at 7 and 14 days and escalates at 30, at fixed instants', async () => {
    const start = new Date('2026-03-02T09:00:00Z');
    setClockForTests(start);
    const { aid } = await requested();
    const context = {
      db: t.database.db,
      mailFrom: t.config.mailFrom,
      portalUrl: t.config.portalUrl,
    };
    const at = (days: number, hours = 0) =>
      new Date(start.getTime() + days * dayMs + hours * 3_600_000);
    const ours = async (days: number, hours = 0) => {
      await runEndorsementDaily(context, at(days, hours));
      return detail(aid);
    };
    // 6 days 12 hours later is still 8 March in Zurich (23:00 CET): 6 calendar days.
    expect((await ours(6, 12)).endorsement?.remindersSent).toBe(0);
    const before = t.mailbox.messages.length;
    expect((await ours(7)).endorsement?.remindersSent).toBe(1);
    const reminder = await t.mailbox.waitFor('owner@ast.example', { after: before });
    expect(reminder.subject).toMatch(/^Rappel/);
    expect((await ours(8)).endorsement?.remindersSent).toBe(1);
    expect((await ours(14)).endorsement?.remindersSent).toBe(2);
    expect((await ours(21)).endorsement?.remindersSent).toBe(2);
    // Across the change to summer time (29 March): 31 March 23:00 CEST is still day 29.
    const waiting = await ours(29, 12);
    expect(waiting.status).toBe('awaiting-endorsement');
    expect(waiting.endorsementOverdue).toBe(false);
    const overdue = await ours(30);
    expect(overdue.status).toBe('submitted');
    expect(overdue.endorsementOverdue).toBe(true);
    expect(overdue.endorsement?.state).toBe('overdue');
    expect(overdue.availableActions).toContain('start-review');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_kind'])
      .where('record_id', '=', aid)
      .where('action', '=', 'endorsement-overdue')
      .execute();
    expect(audit).toEqual([{ actor_kind: 'system' }]);
    // Run again: nothing more happens.
    expect(await runEndorsementDaily(context, at(31))).toMatchObject({ escalated: 0 });
  });

  it('asks the association by itself when an online application needing it is submitted', async () => {
    const email = 'online-applicant@example.org';
    const portalCookie = await signInToPortal(t, portal, email);
    const { uid } = await t.database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const application = await addApplication(t.database.db, {
      status: 'draft',
      submitted_by_uid: uid,
      source: 'online',
      submitted_at: null,
    });
    const before = t.mailbox.messages.length;
    const submitted = await portal.inject({
      method: 'POST',
      url: `/api/applications/${application.aid}/submit`,
      headers: { cookie: portalCookie },
      payload: { version: 1 },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect((await detail(application.aid)).status).toBe('awaiting-endorsement');
    const { token } = await tokenFor('owner@ast.example', before);
    expect((await get(token)).json<Endorsement>().state).toBe('open');
  });
  // Last of the file: the users it links to the association would receive the later links too.
  it('shows its signed-in owner and admin users the requests waiting, each with its page, and nobody else', async () => {
    const db = t.database.db;
    const owner = await signInToPortal(t, portal, 'portal-owner@ast.example');
    const staff = await signInToPortal(t, portal, 'portal-staff@ast.example');
    const stranger = await signInToPortal(t, portal, 'stranger@fc.example');
    for (const [email, role] of [
      ['portal-owner@ast.example', 'owner'],
      ['portal-staff@ast.example', 'staff'],
    ] as const) {
      await db
        .updateTable('users')
        .set({ member_mid: 'assocEnd', member_role: role })
        .where('email', '=', email)
        .execute();
    }
    const waiting = await requested();
    const answered = await requested();
    expect((await answer(answered.token, { decision: 'endorse' })).statusCode).toBe(200);

    const list = (cookie?: string) =>
      portal.inject({ url: '/api/endorsement-requests', headers: cookie ? { cookie } : {} });
    const mine = await list(owner);
    expect(mine.statusCode, mine.body).toBe(200);
    type Item = { applicationNumber: string; associationName: string; path: string };
    const items = mine.json<{ items: Item[] }>().items;
    expect(items.map((item) => item.applicationNumber)).toContain(waiting.number);
    expect(items.map((item) => item.applicationNumber)).not.toContain(answered.number);
    const item = items.find((each) => each.applicationNumber === waiting.number);
    expect(item).toMatchObject({
      associationName: 'Association Suisse des Transitaires',
      path: `/endorse/${waiting.token}`,
    });
    // The page it names is the e-mailed link's, open.
    expect((await get(waiting.token)).json<Endorsement>().state).toBe('open');

    // A staff user of the association and a stranger see nothing; nobody is refused.
    for (const cookie of [staff, stranger]) {
      expect((await list(cookie)).json<{ items: Item[] }>().items).toEqual([]);
    }
    expect((await list()).statusCode).toBe(401);
  });
});
