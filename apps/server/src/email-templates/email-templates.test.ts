import { formatMemberReference } from '@ops/contract/member-formats';
import {
  emailTemplateKinds,
  languages,
  type TEmailTemplate,
  type TEmailTemplateHistory,
  type TEmailTemplateList,
  type TEmailTemplatePreview,
  type TEmailTemplateSaveResult,
  type TEmailTemplateTestResult,
  type TInvoiceActionResult,
  type TInvoiceDetail,
} from '@ops/contract';
import { membershipVatExemption } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createWriteTestApp, insertMembers } from '../../test/fixtures';
import { startMailbox } from '../../test/mailbox';
import type { apiAs } from '../../test/requests';
import {
  expectConflict,
  expectForbidden,
  expectInvalid,
  type ErrorBody,
} from '../../test/requests';
import { startTestEmailWorker } from '../emails/test-support';
import { buildSwissIban } from '../lib/iban';
import { todayAtHeadquarters } from '../lib/dates';
import { defaultTemplates } from './defaults';
import { compileTemplate, renderTemplate } from './engine';
import { renderEmail } from './index';
import { rendererOf } from './render';
import { emailTemplateExamples } from './variables';
import { auditEntriesOf } from '../../test/audit';

const thisYear = Number(todayAtHeadquarters().slice(0, 4));
const base = '/api/settings/email-templates';
const [invoiceExample] = emailTemplateExamples.invoice as [
  (typeof emailTemplateExamples.invoice)[number],
];

describe('e-mail templates', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let readOnlyCookie: string;

  beforeAll(async () => {
    ({ t, api, readOnlyCookie } = await createWriteTestApp('templates@example.org', ['finance']));
    await t.database.db
      .insertInto('bank_accounts')
      .values({
        id: 'ba-chf',
        label: 'Fees CHF',
        bank_name: 'Test Bank AG',
        holder_name: 'Federation',
        holder_address: 'Seefeldstrasse 45, 8008 Zürich, Switzerland',
        iban: buildSwissIban('04835', '000000000001'),
        qr_iban: buildSwissIban('30835', '000000000001'),
        currency: 'CHF',
        is_default: true,
        active: true,
      })
      .execute();
    // Two members: one in France (French by its country), one in India (English).
    await insertMembers(t.database.db, [
      {
        mid: 'm-fr',
        number: 'M-000201',
        category: 'individual',
        status: 'pending-payment',
        legal_name: 'Transports <Dupont> & Fils',
        country_iso2: 'FR',
        email: 'compta@dupont.example',
      },
      {
        mid: 'm-in',
        number: 'M-000202',
        category: 'individual',
        status: 'pending-payment',
        legal_name: 'Mumbai Freight Pvt Ltd',
        country_iso2: 'IN',
        email: 'accounts@mumbai.example',
      },
    ]);
  });
  afterAll(() => t.close());

  const put = <T = ErrorBody>(kind: string, language: string, body: unknown, as?: string) =>
    api.send<T>('PUT', `${base}/${kind}/${language}`, body, as);
  const get = <T = ErrorBody>(url: string) => api.get<T>(url);
  const original = (kind: keyof typeof defaultTemplates, language: 'en' | 'fr' | 'de' | 'es') =>
    defaultTemplates[kind][language] ?? defaultTemplates[kind].en;

  it('ships every kind in the four languages, each rendering against its examples', async () => {
    const list = await get<TEmailTemplateList>(base);
    expect(list.status).toBe(200);
    expect(list.body.map((kind) => kind.kind)).toEqual([...emailTemplateKinds]);
    for (const kind of list.body) {
      expect(kind.languages.map((entry) => entry.language)).toEqual([...languages]);
      expect(kind.languages.every((entry) => !entry.customised)).toBe(true);
    }
    const renderer = rendererOf(new Map());
    for (const kind of emailTemplateKinds) {
      for (const language of languages) {
        for (const example of emailTemplateExamples[kind]) {
          const rendered = await renderer.render(kind, language, example as never);
          expect(rendered.language).toBe(language);
          expect(rendered.subject.length).toBeGreaterThan(0);
          expect(rendered.text).not.toContain('{{');
        }
      }
    }
  });

  it('renders each language in its own words, and falls back to English where a language has none', async () => {
    const subjects = await Promise.all(
      languages.map((language) => renderEmail(t.database.db, 'invoice', language, invoiceExample)),
    );
    expect(subjects.map((rendered) => [rendered.language, rendered.subject])).toEqual([
      ['en', 'Invoice INV-2026-001234 from the federation'],
      ['fr', 'Facture INV-2026-001234 de la fédération'],
      ['de', 'Rechnung INV-2026-001234 des Verbands'],
      ['es', 'Factura INV-2026-001234 de la federación'],
    ]);
    // A kind without a German default (a federation could ship one without): English is used.
    const withoutGerman = { ...defaultTemplates.invoice };
    delete withoutGerman.de;
    const defaults = { ...defaultTemplates, invoice: withoutGerman };
    const german = await rendererOf(new Map(), defaults).render('invoice', 'de', invoiceExample);
    expect(german).toMatchObject({ language: 'en', subject: subjects[0]?.subject });
    // An English override is that fallback too; French keeps its own default.
    const english = {
      version: 3,
      template: { ...defaultTemplates.invoice.en, subject: 'Your invoice {{ invoice.number }}' },
    };
    const overrides = new Map([['invoice:en', english]]);
    const fallback = rendererOf(overrides, defaults);
    expect((await fallback.render('invoice', 'de', invoiceExample)).subject).toBe(
      'Your invoice INV-2026-001234',
    );
    expect((await fallback.render('invoice', 'fr', invoiceExample)).subject).toBe(
      subjects[1]?.subject,
    );
  });

  it('refuses a template with a syntax error at save, naming the part, the line and the reason', async () => {
    const html = '<p>Hello</p>\n<p>{{ member.name }}</p>\n{% if invoice.dueDate %}<p>due</p>\n';
    const reply = await put('invoice', 'fr', { ...original('invoice', 'fr'), html, version: null });
    expectInvalid(reply, 'body.html', 'template-syntax');
    expect(reply.body.error.message).toMatch(/^HTML: Line 3: tag .*if.* not closed/i);

    const subject = await put('invoice', 'fr', {
      ...original('invoice', 'fr'),
      subject: 'Facture {{ invoice.number ',
      version: null,
    });
    expectInvalid(subject, 'body.subject', 'template-syntax');
    expect(subject.body.error.message).toMatch(/^Subject: Line 1: /);
    // Nothing was stored.
    expect((await get<TEmailTemplate>(`${base}/invoice/fr`)).body.customised).toBe(false);
  });

  it('refuses {% include %}, {% render %} and {% layout %}: templates read no files', async () => {
    for (const tag of [
      "{% include 'footer' %}",
      "{% render '/etc/passwd' %}",
      "{% layout '../../../../etc/hostname' %}",
      '{% include member.name %}',
    ]) {
      const reply = await put('invoice', 'en', {
        ...original('invoice', 'en'),
        text: `Dear colleagues,\n\n${tag}\n`,
        version: null,
      });
      expectInvalid(reply, 'body.text', 'template-syntax');
      expect(reply.body.error.message).toMatch(
        /^Plain text: Line 3: the \{% (include|render|layout) %\} tag is not allowed: templates cannot read files/,
      );
    }
    // Not even a compiled template reaches the file system: the engine's `fs` holds nothing.
    expect(() => compileTemplate({ subject: "{% render 'x' %}", text: '', html: '' })).toThrow(
      /not allowed/,
    );
  });

  it('refuses an unknown variable or filter, and a render that exceeds the limits', async () => {
    const unknown = await put('invoice', 'en', {
      ...original('invoice', 'en'),
      subject: 'Invoice {{ invoice.nmber }}',
      version: null,
    });
    expectInvalid(unknown, 'body.subject', 'template-syntax');
    expect(unknown.body.error.message).toBe('Subject: Line 1: undefined variable: invoice.nmber');

    const filter = await put('invoice', 'en', {
      ...original('invoice', 'en'),
      text: 'Hello\n{{ member.name | shout }}',
      version: null,
    });
    expectInvalid(filter, 'body.text', 'template-syntax');
    expect(filter.body.error.message).toMatch(/Line 2: undefined filter: shout/);

    // A loop that would run for minutes hits the render limits at save.
    const loop = await put('invoice', 'en', {
      ...original('invoice', 'en'),
      html: '{% for i in (1..100000000) %}{{ i }}{% endfor %}',
      version: null,
    });
    expectInvalid(loop, 'body.html', 'template-syntax');
  });

  it('keeps the sign-in link whole: a sign-in template without it, or cutting it, is refused', async () => {
    const without = await put('sign-in-link', 'en', {
      ...original('sign-in-link', 'en'),
      text: 'Hello {{ email }}, sign in on our website.',
      version: null,
    });
    expectInvalid(without, 'body.text', 'template-link');
    const cut = await put('sign-in-link', 'en', {
      ...original('sign-in-link', 'en'),
      // Liquid never sees the link (issue 31), so a filter can only cut it out, never reshape it.
      html: original('sign-in-link', 'en').html.replace('{{ link }}', '{{ link | slice: 0, 12 }}'),
      version: null,
    });
    expectInvalid(cut, 'body.html', 'template-link');
  });

  it('saves a version with its audit entry, refuses a stale save, and reverts to the default', async () => {
    const fr = original('invoice', 'fr');
    const first = await put<TEmailTemplateSaveResult>('invoice', 'fr', {
      ...fr,
      subject: 'Votre facture {{ invoice.number }}',
      version: null,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.template).toMatchObject({
      customised: true,
      version: 1,
      subject: 'Votre facture {{ invoice.number }}',
      updatedBy: 'templates@example.org',
    });
    const second = await put<TEmailTemplateSaveResult>('invoice', 'fr', {
      ...fr,
      subject: 'Votre facture {{ invoice.number }} ({{ invoice.total }})',
      version: 1,
    });
    expect(second.body.template.version).toBe(2);
    expectConflict(
      await put('invoice', 'fr', { ...fr, version: 1 }),
      /was changed by .*templates@example\.org.* since you opened it/,
    );
    expect((await renderEmail(t.database.db, 'invoice', 'fr', invoiceExample)).subject).toBe(
      'Votre facture INV-2026-001234 (CHF 1,250.00)',
    );

    const list = await get<TEmailTemplateList>(base);
    const invoice = list.body.find((kind) => kind.kind === 'invoice');
    expect(invoice?.languages.find((entry) => entry.language === 'fr')).toMatchObject({
      customised: true,
      version: 2,
    });

    const reverted = await api.post<TEmailTemplateSaveResult>(`${base}/invoice/fr/revert`, {});
    expect(reverted.status).toBe(200);
    expect(reverted.body.template).toMatchObject({ customised: false, version: null, ...fr });
    expect((await renderEmail(t.database.db, 'invoice', 'fr', invoiceExample)).subject).toBe(
      'Facture INV-2026-001234 de la fédération',
    );

    // The audit trail has every version, newest first, with what each left in place.
    const history = await get<TEmailTemplateHistory>(`${base}/invoice/fr/history`);
    expect(history.body.map((entry) => [entry.action, entry.version, entry.subject])).toEqual([
      ['revert', null, fr.subject],
      ['save', 2, 'Votre facture {{ invoice.number }} ({{ invoice.total }})'],
      ['save', 1, 'Votre facture {{ invoice.number }}'],
    ]);
    expect(history.body[0]?.actor).toBe('templates@example.org');
    const audit = await auditEntriesOf(t.database.db, 'email_templates', 'invoice:fr')
      .select(['action', 'before', 'after'])
      .orderBy('at')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['create', 'update', 'revert']);
    expect(audit[0]?.before).toMatchObject({ subject: fr.subject, version: null });
  });

  it('sends the wording saved after a revert, not the one cached before it (issue 31)', async () => {
    const de = original('invoice', 'de');
    const saveSubject = async (subject: string) => {
      const saved = await put<TEmailTemplateSaveResult>('invoice', 'de', {
        ...de,
        subject,
        version: null,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.template.version).toBe(1);
    };
    await saveSubject('A: Rechnung {{ invoice.number }}');
    expect((await renderEmail(t.database.db, 'invoice', 'de', invoiceExample)).subject).toBe(
      'A: Rechnung INV-2026-001234',
    );
    expect((await api.post(`${base}/invoice/de/revert`, {})).status).toBe(200);
    // Version 1 again, other words: the e-mail must say these.
    await saveSubject('B: Rechnung {{ invoice.number }}');
    expect((await renderEmail(t.database.db, 'invoice', 'de', invoiceExample)).subject).toBe(
      'B: Rechnung INV-2026-001234',
    );
    expect((await api.post(`${base}/invoice/de/revert`, {})).status).toBe(200);
  });

  it('escapes variables in the HTML part only', async () => {
    const reply = await put<TEmailTemplateSaveResult>('invoice', 'es', {
      subject: 'Factura {{ member.name }}',
      text: 'Estimados colegas de {{ member.name }}:',
      html: '<p>Estimados colegas de {{ member.name }}:</p>',
      version: null,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const variables = {
      ...invoiceExample,
      member: { name: '<script>alert(1)</script> & "Hijos"', number: 'M-1' },
    };
    const rendered = await renderEmail(t.database.db, 'invoice', 'es', variables);
    expect(rendered.html).toBe(
      '<p>Estimados colegas de &lt;script&gt;alert(1)&lt;/script&gt; &amp; &#34;Hijos&#34;:</p>',
    );
    expect(rendered.text).toBe('Estimados colegas de <script>alert(1)</script> & "Hijos":');
    expect(rendered.subject).toBe('Factura <script>alert(1)</script> & "Hijos"');
    await api.post(`${base}/invoice/es/revert`, {});
  });

  it('falls back to the default, never failing, when a stored template breaks at send time', async () => {
    // Stored behind the API's back (as a future variable change could leave one).
    await t.database.db
      .insertInto('email_templates')
      .values({
        id: 'credit-note:de',
        kind: 'credit-note',
        language: 'de',
        subject: 'Gutschrift {{ creditNote.nummer }}',
        text_body: 'x',
        html_body: 'x',
      })
      .execute();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const [example] = emailTemplateExamples['credit-note'];
      if (!example) throw new Error('The credit note has an example');
      const rendered = await renderEmail(t.database.db, 'credit-note', 'de', example);
      expect(rendered).toMatchObject({
        language: 'de',
        subject: 'Gutschrift CN-2026-000007 zur Rechnung INV-2026-001234',
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.join('\n')).toMatch(/credit-note e-mail template \(de, version 1\) failed/);
    } finally {
      process.off('warning', onWarning);
      await t.database.db
        .deleteFrom('email_templates')
        .where('id', '=', 'credit-note:de')
        .execute();
    }
  });

  it('previews a draft against the example or a real invoice, and refuses a broken draft', async () => {
    const draft = {
      ...original('invoice', 'fr'),
      subject: 'Facture {{ invoice.number }} pour {{ member.name }}',
    };
    const example = await api.post<TEmailTemplatePreview>(`${base}/invoice/fr/preview`, draft);
    expect(example.body).toMatchObject({
      source: 'example',
      subject: 'Facture INV-2026-001234 pour Helvetic Timing SA',
    });
    const created = await api.post<TInvoiceDetail>('/api/invoices', {
      memberMid: 'm-in',
      kind: 'membership',
      year: thisYear,
      currency: 'CHF',
      lines: [
        {
          description: 'Membership fee',
          quantity: 1,
          unitAmountMinor: 95_000,
          vatRate: null,
          vatExemption: membershipVatExemption,
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await api.post(`/api/invoices/${created.body.iid}/issue`, { version: 1 });
    const number = (
      await t.database.db
        .selectFrom('invoices')
        .select('number')
        .where('iid', '=', created.body.iid)
        .executeTakeFirstOrThrow()
    ).number;
    const real = await api.post<TEmailTemplatePreview>(`${base}/invoice/fr/preview`, {
      ...draft,
      recordId: number,
    });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body).toMatchObject({
      source: 'record',
      subject: `Facture ${number} pour Mumbai Freight Pvt Ltd`,
      recordLabel: `Invoice ${number} (Mumbai Freight Pvt Ltd)`,
    });
    expect(real.body.text).toContain('CHF 950.00');
    // The dunning levels preview against an invoice too.
    const reminder = await api.post<TEmailTemplatePreview>(
      `${base}/dunning-reminder-1/de/preview`,
      { ...original('dunning-reminder-1', 'de'), recordId: created.body.iid },
    );
    expect(reminder.body.subject).toBe(`Zahlungserinnerung: Rechnung ${number} ist fällig`);

    expectInvalid(
      await api.post(`${base}/invoice/fr/preview`, { ...draft, recordId: 'no-such-invoice' }),
      'body.recordId',
      'exists',
    );
    expectInvalid(
      await api.post(`${base}/invoice/fr/preview`, { ...draft, text: '{{ nope }}' }),
      'body.text',
      'template-syntax',
    );
  });

  it("sends a test of a draft to the operator's own address over SMTP", async () => {
    const mailbox = await startMailbox();
    const worker = startTestEmailWorker(t, mailbox);
    try {
      const sent = await api.post<TEmailTemplateTestResult>(
        `${base}/certificate/es/test`,
        original('certificate', 'es'),
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.to).toBe('templates@example.org');
      const mail = await mailbox.waitFor('templates@example.org', { timeoutMs: 20_000 });
      expect(mail.subject).toBe('[Test] Su certificado de socio 2026 (CERT-2026-000317)');
      expect(mail.text).toContain('Le agradecemos su pago.');
      expect(mail.html).toContain('Comprobar el certificado');
    } finally {
      await worker.stop();
      await mailbox.close();
    }
  });

  it("sends a French member's invoice in French", async () => {
    const mailbox = await startMailbox();
    const worker = startTestEmailWorker(t, mailbox);
    try {
      const created = await api.post<TInvoiceDetail>('/api/invoices', {
        memberMid: 'm-fr',
        kind: 'other',
        year: thisYear,
        currency: 'CHF',
        lines: [
          {
            description: 'Séminaire',
            quantity: 1,
            unitAmountMinor: 125_000,
            vatRate: null,
            vatExemption: membershipVatExemption,
          },
        ],
      });
      const issued = await api.post<TInvoiceActionResult>(
        `/api/invoices/${created.body.iid}/issue`,
        { version: 1, sendEmail: true },
      );
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      const number = issued.body.invoice.number;
      const mail = await mailbox.waitFor('compta@dupont.example', { timeoutMs: 20_000 });
      expect(mail.subject).toBe(`Facture ${number} de la fédération`);
      expect(mail.text).toContain('Chères et chers collègues de Transports <Dupont> & Fils,');
      // In the member's formats (issue 32): Swiss French amount, grouped reference.
      expect(mail.text).toContain('d’un montant de 1 250.00 CHF');
      // The plain text is made from the HTML (issue 32): the bank details are its table's rows.
      expect(mail.text).toMatch(
        new RegExp(
          `\\nRéférence +${formatMemberReference(issued.body.invoice.paymentReference ?? 'none')}\\n`,
        ),
      );
      expect(mail.html).toContain('Transports &lt;Dupont&gt; &amp; Fils');
      expect(mail.attachments).toHaveLength(1);
    } finally {
      await worker.stop();
      await mailbox.close();
    }
  });

  it('is for operators; writes need email-templates.edit', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: base });
    expect(visitor.statusCode).toBe(401);
    expect((await api.get(base, readOnlyCookie)).status).toBe(200);
    const body = { ...original('invoice', 'en'), version: null };
    expectForbidden(await put('invoice', 'en', body, readOnlyCookie), 'email-templates.edit');
    expectForbidden(
      await api.post(`${base}/invoice/en/revert`, {}, readOnlyCookie),
      'email-templates.edit',
    );
    expectForbidden(
      await api.post(`${base}/invoice/en/test`, original('invoice', 'en'), readOnlyCookie),
      'email-templates.edit',
    );
    expectInvalid(await put('invoice', 'it', body), 'params.language');
    expectInvalid(await put('no-such-kind', 'en', body), 'params.kind');
  });

  it('renders a thousand e-mails from the cached templates, each language alike every time', async () => {
    // How fast: `npm run bench` (the renewal run renders its e-mails), not a timed test.
    const renderer = rendererOf(new Map());
    const firsts = new Map<string, string>();
    for (let i = 0; i < 1000; i++) {
      const language = languages[i % languages.length] ?? 'en';
      const { subject } = await renderer.render('invoice', language, invoiceExample);
      expect(subject).toBe(firsts.get(language) ?? subject);
      firsts.set(language, subject);
    }
    expect(new Set(firsts.values()).size).toBe(languages.length);
    // The same source compiled twice still renders the same (no shared state between renders).
    const compiled = compileTemplate(original('invoice', 'en'));
    const a = await renderTemplate(compiled, invoiceExample as Record<string, unknown>);
    const b = await renderTemplate(compiled, invoiceExample as Record<string, unknown>);
    expect(a).toEqual(b);
  });
});
