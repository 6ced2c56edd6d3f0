import type {
  TEmailTemplate,
  TEmailTemplateHistory,
  TEmailTemplatePreview,
  TEmailTemplateSaveResult,
} from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, testPublicUrl } from '../../test/app';
import { apiAs, expectForbidden, expectInvalid } from '../../test/requests';
import { createMailingTestApp, type MailingTestApp } from '../emails/test-support';
import { emailHtmlContentSecurityPolicy } from '../http/inline-document';
import { renderEmail } from './index';
import { textFromHtml } from './plain-text';
import { rendererOf } from './render';
import { emailTemplateExamples } from './variables';

/**
 * Issue 32: a template is written once, in HTML; its plain text is made from the HTML at every
 * render (the guarded links placed and checked in it as in a written text), unless an operator
 * chooses to write it separately. Templates saved before keep their own text.
 */

const base = '/api/settings/email-templates';
const recipient = 'newcomer@example.org';
const [invoiceExample] = emailTemplateExamples.invoice;
const [signInExample] = emailTemplateExamples['sign-in-link'];

const signInHtml = [
  '<!doctype html><html><body>',
  '<p style="color: rgb(200, 0, 0)">Hello {{ email }},</p>',
  '<p>To sign in, <a href="{{ link }}" style="color:#1d4ed8">open Operations</a> within {{ expiresInMinutes }} minutes.</p>',
  '<p>The <strong>membership</strong> team</p>',
  '</body></html>',
].join('\n');

describe('plain text made from the HTML', () => {
  let t: MailingTestApp;
  let api: ReturnType<typeof apiAs>;
  let readOnlyCookie: string;

  beforeAll(async () => {
    t = await createMailingTestApp((smtpUrl) => createTestApp({ SMTP_URL: smtpUrl }), {
      pollMs: 200,
    });
    api = apiAs(t, await signInAsNewOperator(t, 'membership-editor@example.org', ['membership']));
    readOnlyCookie = await signInAsNewOperator(t, 'reader@example.org', ['read-only']);
    await signInAsNewOperator(t, recipient, ['read-only']);
  });
  afterAll(() => t.close());

  const revert = (kind: string, language: string) =>
    api.post(`${base}/${kind}/${language}/revert`, {});

  it('saves an HTML-only sign-in template, and the e-mail delivered over SMTP carries the text made from it, with a working link', async () => {
    const saved = await api.send<TEmailTemplateSaveResult>('PUT', `${base}/sign-in-link/en`, {
      subject: 'Your sign-in link',
      html: signInHtml,
      version: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.template).toMatchObject({ customised: true, textSeparate: false });
    const row = await t.database.db
      .selectFrom('email_templates')
      .select(['text_body', 'text_separate'])
      .where('id', '=', 'sign-in-link:en')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ text_body: '', text_separate: false });

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-link',
      payload: { email: recipient, continueUrl: `${testPublicUrl}/` },
      headers: { origin: testPublicUrl },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await t.mailbox.waitFor(recipient, { timeoutMs: 20_000 });
    const link = /href="([^"]+)"/.exec(String(mail.html))?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(link.startsWith(`${testPublicUrl}/`), link).toBe(true);
    // The HTML's words, its paragraphs as paragraphs, the link whole after its label.
    expect(mail.text).toBe(
      [
        `Hello ${recipient},`,
        '',
        `To sign in, open Operations <${link}> within 15 minutes.`,
        '',
        'The membership team',
        '',
      ].join('\n'),
    );
    const code = new URL(link).searchParams.get('oobCode') ?? '';
    expect(code).not.toBe('');
    const completed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-link/complete',
      payload: { email: recipient, code },
      headers: { origin: testPublicUrl },
    });
    expect(completed.statusCode, completed.body).toBe(200);

    // The history and the audit trail say how the text was made.
    const history = await api.get<TEmailTemplateHistory>(`${base}/sign-in-link/en/history`);
    expect(history.body[0]).toMatchObject({ action: 'save', textSeparate: false, text: '' });
    expect((await revert('sign-in-link', 'en')).status).toBe(200);
  });

  it('sets a link the HTML runs against other words apart in the text, and still refuses one the HTML reroutes or leaves out', async () => {
    const html = '<p>Open:<a href="{{ link }}">{{ link }}</a></p>';
    const preview = await api.post<TEmailTemplatePreview>(`${base}/sign-in-link/en/preview`, {
      subject: 'Sign in',
      html,
      textSeparate: false,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.text).toBe(`Open: ${String(signInExample?.link)}\n`);

    const rerouted = await api.send('PUT', `${base}/sign-in-link/en`, {
      subject: 'Sign in',
      html: '<p><a href="https://evil.example/r?{{ link }}">Sign in</a></p>',
      version: null,
    });
    expectInvalid(rerouted, 'body.html', 'template-link');
    const without = await api.send('PUT', `${base}/sign-in-link/en`, {
      subject: 'Sign in',
      html: '<p>Sign in on our website.</p>',
      version: null,
    });
    // The text is the HTML's: what it lacks, the HTML lacks, and the HTML is the part named.
    expectInvalid(without, 'body.html', 'template-link');
    expect(without.body.error.message).toMatch(/In the plain text made from the HTML: /);
  });

  it('keeps the text of templates saved before, and of a client that sends one; a separate text must not be empty', async () => {
    // Saved before issue 32 (the column's default): both parts were written out.
    await t.database.db
      .insertInto('email_templates')
      .values({
        id: 'invoice:fr',
        kind: 'invoice',
        language: 'fr',
        subject: 'Facture {{ invoice.number }}',
        text_body: 'Texte écrit à part : {{ invoice.number }}',
        html_body: '<p>Facture {{ invoice.number }}</p>',
      })
      .execute();
    const stored = await api.get<TEmailTemplate>(`${base}/invoice/fr`);
    expect(stored.body).toMatchObject({
      textSeparate: true,
      text: 'Texte écrit à part : {{ invoice.number }}',
    });
    expect((await renderEmail(t.database.db, 'invoice', 'fr', invoiceExample as never)).text).toBe(
      'Texte écrit à part : INV-2026-001234',
    );
    expect((await revert('invoice', 'fr')).status).toBe(200);

    const withText = await api.send<TEmailTemplateSaveResult>('PUT', `${base}/invoice/de`, {
      subject: 'Rechnung {{ invoice.number }}',
      text: 'Eigener Text {{ invoice.number }}',
      html: '<p>Rechnung {{ invoice.number }}</p>',
      version: null,
    });
    expect(withText.body.template).toMatchObject({
      textSeparate: true,
      text: 'Eigener Text {{ invoice.number }}',
    });
    expect((await revert('invoice', 'de')).status).toBe(200);

    expectInvalid(
      await api.send('PUT', `${base}/invoice/de`, {
        subject: 'Rechnung',
        html: '<p>Rechnung</p>',
        text: '',
        textSeparate: true,
        version: null,
      }),
      'body.text',
      'too_small',
    );
  });

  it('sends the shipped wording with the text made from its HTML', async () => {
    const shown = await api.get<TEmailTemplate>(`${base}/invoice/en`);
    expect(shown.body).toMatchObject({ customised: false, textSeparate: false });
    expect(shown.body.defaults.textSeparate).toBe(false);
    const rendered = await rendererOf(new Map()).render('invoice', 'en', invoiceExample as never);
    expect(rendered.text).toBe(textFromHtml(rendered.html));
    expect(rendered.text).toContain(
      'secure payment page of the invoice <https://invoice.stripe.com/i/acct_example/test_example>.',
    );
    expect(rendered.text).toMatch(/\nReference +21 00000 00003 13947 14300 09017\n/);
  });

  it("answers the preview frame's form with the draft's HTML under the e-mail's own policy", async () => {
    const cookie = (await signInAsNewOperator(t, 'finance-frame@example.org', ['finance'])).trim();
    const form = (fields: Record<string, string>, as = cookie, origin = testPublicUrl) =>
      t.app.inject({
        method: 'POST',
        url: `${base}/sign-in-link/en/preview/html`,
        payload: new URLSearchParams(fields).toString(),
        headers: {
          cookie: as,
          origin,
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
    // A form sends line breaks as CR LF.
    const page = await form({
      subject: 'Sign in',
      html: signInHtml.replaceAll('\n', '\r\n'),
      textSeparate: 'false',
      recordId: '',
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(emailHtmlContentSecurityPolicy);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.body).toContain(
      '<p style="color: rgb(200, 0, 0)">Hello anna.keller@example.org,</p>',
    );
    expect(page.body).not.toContain('\r\n');

    const broken = await form({ subject: 'Sign in', html: '<p>{{ nope }}</p>' });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-security-policy']).toBe(emailHtmlContentSecurityPolicy);
    expect(broken.body).toContain(
      'This draft cannot be shown: HTML: Line 1: undefined variable: nope',
    );

    const forbidden = await form({ subject: 'x', html: signInHtml }, readOnlyCookie);
    expectForbidden(
      { status: forbidden.statusCode, body: forbidden.json() },
      'email-templates.edit',
    );
    expect(
      (await form({ subject: 'x', html: signInHtml }, cookie, 'https://evil.example')).statusCode,
    ).toBe(403);
    // The console's no-referrer policy makes the browser send a form's navigation with
    // `Origin: null`: taken with the browser's own same-origin Fetch metadata, on this route only.
    const navigation = (origin: string, site?: string, url = '/preview/html') =>
      t.app.inject({
        method: url === '/preview/html' ? 'POST' : 'PUT',
        url: `${base}/sign-in-link/en${url}`,
        payload: new URLSearchParams({ subject: 'Sign in', html: signInHtml }).toString(),
        headers: {
          cookie,
          origin,
          ...(site ? { 'sec-fetch-site': site } : {}),
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
    expect((await navigation('null', 'same-origin')).statusCode).toBe(200);
    expect((await navigation('null')).statusCode).toBe(403);
    expect((await navigation('null', 'cross-site')).statusCode).toBe(403);
    expect((await navigation('null', 'same-origin', '')).statusCode).toBe(403);
    // The form's content type is this route's only: a save still takes JSON alone.
    const formSave = await t.app.inject({
      method: 'PUT',
      url: `${base}/sign-in-link/en`,
      payload: 'subject=x&html=y',
      headers: {
        cookie,
        origin: testPublicUrl,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(formSave.statusCode).toBe(415);
  });
});
