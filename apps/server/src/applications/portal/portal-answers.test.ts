import type { TApplicationDetail, TAuditHistoryPage, TPortalApplication } from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsNewOperator } from '../../../test/app';
import { uidOf } from '../../../test/fixtures';
import { signInToPortal, createPortalTestApp, type PortalTestApp } from '../../../test/portal';
import { injectAs, type ErrorBody } from '../../../test/requests';
import { addApplication, tinyPdf } from '../test-fixtures';
import { auditEntriesOf } from '../../../test/audit';

/**
 * The applicant answers staff's request for information from the member portal (issue 34): the
 * answer is kept, the application goes back to review, the console shows the answer and its
 * history names the applicant; only the applicant's own application, only while it is asked.
 */
describe('answering a request for information in the member portal', () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let operator: string;
  let ada: string;
  let adaUid: string;
  let bob: string;

  beforeAll(async () => {
    t = await createPortalTestApp({}, { countries: true });
    portal = t.portal;
    operator = await signInAsNewOperator(t, 'reviewer@example.org', ['membership']);
    ada = await signInToPortal(t, portal, 'ada@answers.example');
    bob = await signInToPortal(t, portal, 'bob@answers.example');
    adaUid = await uidOf(t, 'ada@answers.example');
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    portal.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const answer = (cookie: string, aid: string, payload: object) =>
    call(cookie, 'POST', `/api/applications/${aid}/answer`, payload);

  /** One of Ada's applications, waiting for her answer (as the console's step leaves it). */
  const askedOfAda = (values: Parameters<typeof addApplication>[1] = {}) =>
    addApplication(t.database.db, {
      status: 'information-requested',
      submitted_by_uid: adaUid,
      decision_reason: 'Please send the insurance certificate.',
      ...values,
    });

  it('takes the answer and a document asked for, back to review, shown in the console', async () => {
    // Headquarters asks through the console's step, as an operator does.
    const application = await addApplication(t.database.db, { submitted_by_uid: adaUid });
    const asked = await injectAs(
      t,
      operator,
      'POST',
      `/api/applications/${application.aid}/actions`,
      {
        action: 'request-information',
        version: 1,
        message: 'Please send the insurance certificate and say who your insurer is.',
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const waiting = (
      await call(ada, 'GET', `/api/applications/${application.aid}`)
    ).json<TPortalApplication>();
    expect(waiting).toMatchObject({
      status: 'information-requested',
      message: 'Please send the insurance certificate and say who your insurer is.',
      answer: null,
    });

    // While asked, the applicant may add the document.
    const uploaded = await portal.inject({
      method: 'POST',
      url: `/api/applications/${application.aid}/documents?type=insurance&fileName=Police.pdf`,
      payload: tinyPdf,
      headers: { cookie: ada, 'content-type': 'application/pdf' },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { application: withDocument } = uploaded.json<{ application: TPortalApplication }>();

    const sent = await answer(ada, application.aid, {
      text: '  Attached. Our insurer is Helvetia.  ',
      version: withDocument.version,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const answered = sent.json<TPortalApplication>();
    expect(answered).toMatchObject({
      status: 'under-review',
      message: null,
      answer: { text: 'Attached. Our insurer is Helvetia.' },
      version: withDocument.version + 1,
    });
    expect(answered.documents.map((document) => document.fileName)).toContain('Police.pdf');

    // The audit entry is the applicant's, in the same step as the status.
    const audit = await auditEntriesOf(t.database.db, 'applications', application.aid)
      .select(['action', 'actor_kind', 'actor_uid'])
      .where('action', '=', 'answer-information')
      .execute();
    expect(audit).toEqual([
      { action: 'answer-information', actor_kind: 'user', actor_uid: adaUid },
    ]);

    // The console's detail shows the answer and when; its history names the applicant.
    const detail = await injectAs(t, operator, 'GET', `/api/applications/${application.aid}`);
    expect(detail.statusCode).toBe(200);
    const shown = detail.json<TApplicationDetail>();
    expect(shown.status).toBe('under-review');
    expect(shown.applicantAnswer?.text).toBe('Attached. Our insurer is Helvetia.');
    expect(new Date(shown.applicantAnswer?.at ?? 0).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const history = await injectAs(
      t,
      operator,
      'GET',
      `/api/audit/applications/${application.aid}`,
    );
    expect(history.statusCode, history.body).toBe(200);
    const entry = history
      .json<TAuditHistoryPage>()
      .data.find((item) => item.action === 'answer-information');
    expect(entry?.actor).toMatchObject({ kind: 'user', uid: adaUid, email: 'ada@answers.example' });
    expect(entry?.changes.map((change) => change.field)).toEqual(
      expect.arrayContaining(['status', 'applicant_answer']),
    );
  });

  it('takes the operating contract’s body, {text}, without a version', async () => {
    const application = await askedOfAda();
    const sent = await answer(ada, application.aid, { text: 'The certificate follows by post.' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<TPortalApplication>()).toMatchObject({
      status: 'under-review',
      answer: { text: 'The certificate follows by post.' },
    });
  });

  it('answers another applicant’s application as a missing one: 404, nothing changed', async () => {
    const application = await askedOfAda();
    for (const aid of [application.aid, 'no-such-application']) {
      const refused = await answer(bob, aid, { text: 'Mine now', version: 1 });
      expect(refused.statusCode).toBe(404);
      expect(refused.json<ErrorBody>().error.message).toBe(`You have no application ${aid}.`);
    }
    const row = await t.database.db
      .selectFrom('applications')
      .select(['status', 'applicant_answer', 'version'])
      .where('aid', '=', application.aid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'information-requested', applicant_answer: null, version: 1 });
  });

  it('refuses an answer nobody asked for, or a second one: 409 naming the status', async () => {
    const underReview = await addApplication(t.database.db, { submitted_by_uid: adaUid });
    const refused = await answer(ada, underReview.aid, { text: 'Hello', version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().error).toMatchObject({
      code: 'aborted',
      issues: [{ path: 'params.aid', rule: 'status' }],
    });

    const asked = await askedOfAda();
    expect((await answer(ada, asked.aid, { text: 'First', version: 1 })).statusCode).toBe(200);
    const again = await answer(ada, asked.aid, { text: 'Second', version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.issues?.[0]?.rule).toBe('status');
  });

  it('refuses an empty or too long answer, naming body.text and the rule', async () => {
    const application = await askedOfAda();
    for (const [text, rule] of [
      ['', 'too_small'],
      ['   \n  ', 'too_small'],
      ['x'.repeat(4001), 'too_big'],
    ] as const) {
      const refused = await answer(ada, application.aid, { text, version: 1 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().error.issues?.[0]).toMatchObject({
        path: 'body.text',
        rule,
      });
    }
    const missing = await answer(ada, application.aid, { version: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().error.issues?.[0]?.path).toBe('body.text');
    // Exactly 4000 characters is an answer.
    const longest = await answer(ada, application.aid, { text: 'y'.repeat(4000), version: 1 });
    expect(longest.statusCode, longest.body).toBe(200);
  });

  it('refuses an answer written on an older version: 409', async () => {
    const application = await askedOfAda();
    const stale = await answer(ada, application.aid, { text: 'Late', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ErrorBody>().error.code).toBe('aborted');
    const row = await t.database.db
      .selectFrom('applications')
      .select(['status', 'applicant_answer'])
      .where('aid', '=', application.aid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'information-requested', applicant_answer: null });
  });

  it('accepts no console session and nobody on the portal route', async () => {
    const application = await askedOfAda();
    for (const headers of [{}, { cookie: operator }]) {
      const refused = await portal.inject({
        method: 'POST',
        url: `/api/applications/${application.aid}/answer`,
        payload: { text: 'From the console', version: 1 },
        headers,
      });
      expect(refused.statusCode).toBe(401);
    }
    // The console has no such route: an operator does not answer for the applicant.
    const onConsole = await injectAs(
      t,
      operator,
      'POST',
      `/api/applications/${application.aid}/answer`,
      {
        text: 'From the console',
        version: 1,
      },
    );
    expect(onConsole.statusCode).toBe(404);
  });
});
