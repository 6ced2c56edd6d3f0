import type {
  TDunningReport,
  TDunningSettings,
  TInvoiceDetail,
  TMemberDetail,
} from '@ops/contract';
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, signInAsNewUser, type TestApp } from '../../test/app';
import { insertMembers, memberRow, signInEditorAndReader } from '../../test/fixtures';
import { addOurAccounts } from '../bank-statements/import/test-support';
import { openDatabase } from '../db/database';
import type { InvoicesTable, MembersTable } from '../db/schema';
import { silentLogger } from '../../test/database';
import { runDunning } from './run';
import { insertDueInvoice, runDunningFromCli } from './test-support';
import { auditEntriesOf } from '../../test/audit';

type ErrorBody = { error: { code: string; message: string; issues?: { path: string }[] } };

describe('dunning', () => {
  let t: TestApp;
  let cookie: string;
  let readOnlyCookie: string;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, readOnlyCookie } = await signInEditorAndReader(t, 'finance@example.org', [
      'finance',
    ]));
    await addOurAccounts(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test chases only its own invoices: the earlier tests' are closed (void: no balance).
  beforeEach(async () => {
    await sql`UPDATE invoices SET status = 'void' WHERE status = 'issued'`.execute(t.database.db);
  });

  async function addMember(fields: Partial<Insertable<MembersTable>> = {}) {
    const mid = `dn-m${++counter}`;
    await insertMembers(t.database.db, [
      memberRow(mid, {
        email: `${mid}@example.org`,
        preferred_language: 'en',
        country_iso2: null,
        ...fields,
      }),
    ]);
    return mid;
  }

  const addInvoice = (mid: string, fields: Partial<Insertable<InvoicesTable>> = {}) =>
    insertDueInvoice(t.database.db, { prefix: 'dn', digit: '9' }, ++counter, mid, fields);

  const preview = async (asOf: string) => {
    const response = await t.app.inject({
      url: `/api/dunning/preview?asOf=${asOf}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TDunningReport>();
  };
  const levelOf = (report: TDunningReport, iid: string) =>
    report.items.find((item) => item.invoiceId === iid)?.level ?? null;
  const skippedOf = (report: TDunningReport, reason: string) =>
    report.skipped.find((skipped) => skipped.reason === reason)?.invoices ?? 0;
  const run = (asOf: string) => runDunningFromCli(t.database.db, asOf);
  const invoice = async (iid: string) => {
    const response = await t.app.inject({ url: `/api/invoices/${iid}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TInvoiceDetail>();
  };

  it('makes reminder 1 due on day 10 after the due date, not day 9, and still on day 11', async () => {
    const mid = await addMember();
    const { iid } = await addInvoice(mid, { due_date: '2026-01-01' });
    expect(levelOf(await preview('2026-01-10'), iid)).toBeNull();
    const day10 = await preview('2026-01-11');
    expect(levelOf(day10, iid)).toBe(1);
    expect(day10.levels[0]).toMatchObject({
      level: 1,
      name: 'Reminder 1',
      invoices: 1,
      totals: [{ currency: 'CHF', amountMinor: '20000' }],
    });
    expect(day10.items[0]).toMatchObject({
      daysOverdue: 10,
      channel: 'email',
      levelName: 'Reminder 1',
    });
    expect(levelOf(await preview('2026-01-12'), iid)).toBe(1);
    // A preview writes nothing.
    expect((await invoice(iid)).dunningLevel).toBe(0);
  });

  it('climbs one level per interval: a backlog never fires every level at once', async () => {
    const mid = await addMember();
    const { iid } = await addInvoice(mid, { due_date: '2025-06-01' });
    // 200 days late and never chased: reminder 1 first.
    expect(levelOf(await preview('2025-12-18'), iid)).toBe(1);
    await run('2025-12-18');
    expect(levelOf(await preview('2025-12-19'), iid)).toBeNull();
    // Reminder 2 needs 30 − 10 = 20 days since reminder 1.
    expect(levelOf(await preview('2026-01-06'), iid)).toBeNull();
    expect(levelOf(await preview('2026-01-07'), iid)).toBe(2);
    // Reminder 2 sends the invoice PDF again, titled as the reminder, made as the e-mail leaves.
    await run('2026-01-07');
    const email = await t.database.db
      .selectFrom('emails')
      .select(['kind', 'template_data'])
      .where('related_id', '=', iid)
      .where('kind', '=', 'dunning-reminder-2')
      .executeTakeFirstOrThrow();
    expect(email.template_data).toMatchObject({
      generatedAttachments: [{ kind: 'invoice-pdf', iid, reminder: { level: 2, final: false } }],
    });
  });

  it('skips honorary members, exemptions, recent partial payments, possible bank payments and small balances', async () => {
    const asOf = '2026-02-01';
    const honorary = await addInvoice(await addMember({ category: 'honorary' }));
    const exempt = await addInvoice(
      await addMember({ dunning_exempt_until: '2026-02-01', dunning_exempt_reason: 'Plan' }),
    );
    const exemptionOver = await addInvoice(
      await addMember({ dunning_exempt_until: '2026-01-31', dunning_exempt_reason: 'Plan' }),
    );
    // A partial payment 5 days ago (balance still open), and one 20 days ago (not recent).
    const partialMid = await addMember();
    const partial = await addInvoice(partialMid, { paid_minor: 5_000 });
    const oldPartial = await addInvoice(partialMid, { paid_minor: 5_000 });
    await t.database.db
      .insertInto('money_movements')
      .values([
        {
          id: `mm-${partial.iid}`,
          member_mid: partialMid,
          invoice_iid: partial.iid,
          currency: 'CHF',
          kind: 'payment',
          method: 'bank-transfer',
          source: 'manual',
          booked_on: '2026-01-27',
          amount_minor: 5_000,
          settles_minor: 5_000,
        },
        {
          id: `mm-${oldPartial.iid}`,
          member_mid: partialMid,
          invoice_iid: oldPartial.iid,
          currency: 'CHF',
          kind: 'payment',
          method: 'bank-transfer',
          source: 'manual',
          booked_on: '2026-01-12',
          amount_minor: 5_000,
          settles_minor: 5_000,
        },
      ])
      .execute();
    // An unmatched credit of exactly the open balance could be theirs.
    const unmatched = await addInvoice(await addMember(), {
      total_minor: 12_345,
      subtotal_minor: 12_345,
    });
    await t.database.db
      .insertInto('bank_statements')
      .values({
        bsid: 'dn-bs1',
        bank_account_id: 'acct-chf',
        account_iban: 'CH9300762011623852957',
        message_kind: 'camt.054',
        message_version: '001.08',
        message_id: 'DN-MSG-1',
        statement_id: 'DN-STMT-1',
        file_sha256: 'x',
      })
      .execute();
    await t.database.db
      .insertInto('bank_entries')
      .values({
        beid: 'dn-be1',
        statement_bsid: 'dn-bs1',
        bank_account_id: 'acct-chf',
        entry_position: 1,
        transaction_position: 1,
        identity: 'dn-be1',
        direction: 'credit',
        amount_minor: 12_345,
        currency: 'CHF',
        state: 'unmatched',
      })
      .execute();
    const small = await addInvoice(await addMember(), { total_minor: 999, subtotal_minor: 999 });
    const atMinimum = await addInvoice(await addMember(), {
      total_minor: 1_000,
      subtotal_minor: 1_000,
    });

    const report = await preview(asOf);
    expect(levelOf(report, honorary.iid)).toBeNull();
    expect(levelOf(report, exempt.iid)).toBeNull();
    expect(levelOf(report, exemptionOver.iid)).toBe(1);
    expect(levelOf(report, partial.iid)).toBeNull();
    expect(levelOf(report, oldPartial.iid)).toBe(1);
    expect(levelOf(report, unmatched.iid)).toBeNull();
    expect(levelOf(report, small.iid)).toBeNull();
    expect(levelOf(report, atMinimum.iid)).toBe(1);
    expect(report.skipped).toEqual([
      { reason: 'honorary', invoices: 1 },
      { reason: 'exempt', invoices: 1 },
      { reason: 'recent-payment', invoices: 1 },
      { reason: 'unmatched-payment', invoices: 1 },
      { reason: 'below-minimum', invoices: 1 },
    ]);
    expect(report.itemsTotal).toBe(3);
    expect(skippedOf(report, 'honorary')).toBe(1);
  });

  it('records a postal notice, without an e-mail, for members without or with an undeliverable address', async () => {
    const noEmail = await addInvoice(await addMember({ email: null }));
    const bouncedMid = await addMember();
    const bounced = await addInvoice(bouncedMid);
    const fine = await addInvoice(await addMember());
    await t.database.db
      .insertInto('emails')
      .values({
        eid: 'dn-bounce',
        to_addresses: [`${bouncedMid}@example.org`],
        from_address: 'office@example.org',
        subject: 'Invoice',
        text_body: 'x',
        html_body: null,
        template: 'invoice',
        template_data: null,
        kind: 'invoice',
        related_table: null,
        related_id: null,
        state: 'ERROR',
        next_attempt_at: new Date(),
      })
      .execute();
    const report = await preview('2026-01-11');
    const channelOf = (iid: string) => report.items.find((item) => item.invoiceId === iid)?.channel;
    expect(channelOf(noEmail.iid)).toBe('postal');
    expect(channelOf(bounced.iid)).toBe('postal');
    expect(channelOf(fine.iid)).toBe('email');
    expect(report.postal).toBe(2);

    const done = await run('2026-01-11');
    expect(done.emailsQueued).toBe(1);
    expect(done.postal).toBe(2);
    const history = (await invoice(bounced.iid)).dunning;
    expect(history).toEqual([
      expect.objectContaining({ level: 1, channel: 'postal', emailId: null, asOf: '2026-01-11' }),
    ]);
    const emailed = (await invoice(fine.iid)).dunning[0];
    expect(emailed?.emailId).toEqual(expect.any(String));
  });

  it('sends each level once under two concurrent runs of two instances, and a later day only what became due', async () => {
    const invoices = [];
    for (let i = 0; i < 12; i++) {
      invoices.push(
        await addInvoice(await addMember(), { due_date: i < 8 ? '2026-01-01' : '2026-01-05' }),
      );
    }
    const iids = invoices.map((one) => one.iid);
    // A second instance: its own pool on the same database.
    const other = await openDatabase({
      databaseUrl: t.database.connectionString,
      dataDir: '/nonexistent',
      role: 'server',
      logger: silentLogger,
    });
    const [a, b] = await Promise.all([
      run('2026-01-12'),
      runDunning(other.db, {
        asOf: '2026-01-12',
        dryRun: false,
        trigger: 'schedule',
        operatorUid: null,
        mailFrom: 'office@example.org',
      }),
    ]).finally(() => other.close());
    expect(a.itemsTotal + b.itemsTotal).toBe(8);
    expect(a.emailsQueued + b.emailsQueued).toBe(8);
    const notices = await t.database.db
      .selectFrom('dunning_notices')
      .select(['invoice_iid', 'level', 'email_id'])
      .where('invoice_iid', 'in', iids)
      .execute();
    expect(notices).toHaveLength(8);
    const emails = await t.database.db
      .selectFrom('emails')
      .select(['eid', 'related_id'])
      .where('related_id', 'in', iids)
      .execute();
    expect(emails).toHaveLength(8);
    expect(new Set(emails.map((email) => email.related_id)).size).toBe(8);
    expect(new Set(notices.map((notice) => notice.email_id))).toEqual(
      new Set(emails.map((email) => email.eid)),
    );
    // Again the same day: nothing. Four days later: the four due on 5 January only.
    expect((await run('2026-01-12')).itemsTotal).toBe(0);
    const later = await run('2026-01-16');
    expect(later.itemsTotal).toBe(4);
    expect(later.levels[0]?.invoices).toBe(4);
    const runs = await t.app.inject({ url: '/api/dunning/runs', headers: { cookie } });
    expect(runs.statusCode).toBe(200);
    expect(runs.json<{ state: string }[]>()[0]).toMatchObject({
      state: 'succeeded',
      asOf: '2026-01-16',
      trigger: 'cli',
      counts: expect.objectContaining({ emailsQueued: 4 }),
    });
  });

  it('stops at once when the invoice is paid between two levels', async () => {
    const mid = await addMember();
    const { iid } = await addInvoice(mid);
    await run('2026-01-11');
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${iid}/mark-paid`,
      headers: { cookie },
      payload: {
        version: (await invoice(iid)).version,
        paidAt: '2026-01-20',
        amountMinor: 20_000,
        method: 'bank-transfer',
        reference: 'late but paid',
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(levelOf(await preview('2026-02-01'), iid)).toBeNull();
    expect((await run('2026-02-01')).itemsTotal).toBe(0);
    expect((await invoice(iid)).dunningLevel).toBe(1);
  });

  it('suspends the member at the last level, audited like an operator suspension', async () => {
    const mid = await addMember();
    const { iid, number } = await addInvoice(mid, {
      due_date: '2026-01-01',
      dunning_level: 3,
      dunning_level_on: '2026-03-02',
    });
    const report = await preview('2026-04-01');
    expect(levelOf(report, iid)).toBe(4);
    expect(report.suspended).toBe(1);
    const done = await run('2026-04-01');
    expect(done.suspended).toBe(1);
    const member = await t.database.db
      .selectFrom('members')
      .select(['status', 'version'])
      .where('mid', '=', mid)
      .executeTakeFirstOrThrow();
    expect(member.status).toBe('suspended');
    const audit = await auditEntriesOf(t.database.db, 'members', mid)
      .select(['action', 'before', 'after', 'actor_kind'])
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('status');
    expect(audit.before).toMatchObject({ status: 'active' });
    expect(audit.after).toMatchObject({ status: 'suspended', _reason: `unpaid invoice ${number}` });
    const invoiceAudit = await auditEntriesOf(t.database.db, 'invoices', iid)
      .select(['action', 'after'])
      .where('action', '=', 'dunning')
      .executeTakeFirstOrThrow();
    expect(invoiceAudit.after).toMatchObject({ dunning_level: 4 });
    expect(JSON.stringify(invoiceAudit.after)).toContain('Dunning level 4 sent');
    expect((await invoice(iid)).dunning).toHaveLength(1);
  });

  it("writes a French member's reminder in French", async () => {
    const mid = await addMember({ preferred_language: 'fr' });
    const { iid, number } = await addInvoice(mid);
    await run('2026-01-11');
    const email = await t.database.db
      .selectFrom('emails')
      .select(['subject', 'kind', 'to_addresses', 'text_body'])
      .where('related_id', '=', iid)
      .executeTakeFirstOrThrow();
    expect(email.kind).toBe('dunning-reminder-1');
    expect(email.subject).toBe(`Rappel : la facture ${number} est échue`);
    expect(email.to_addresses).toEqual([`${mid}@example.org`]);
    expect(email.text_body).not.toMatch(/portal|portail/i);
  });

  it('shows the level on the invoices list (filter and sort) and open reminders on the member', async () => {
    const mid = await addMember();
    const { iid, number } = await addInvoice(mid);
    await run('2026-01-11');
    const list = await t.app.inject({
      url: `/api/invoices?dunningLevel=1&member=${mid}`,
      headers: { cookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ data: { iid: string; dunningLevel: number }[] }>().data).toEqual([
      expect.objectContaining({ iid, dunningLevel: 1 }),
    ]);
    const sorted = await t.app.inject({
      url: '/api/invoices?sort=-dunningLevel',
      headers: { cookie },
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
    const detail = await t.app.inject({ url: `/api/members/${mid}`, headers: { cookie } });
    expect(detail.json<TMemberDetail>().dunning).toEqual({
      exemptUntil: null,
      exemptReason: null,
      openReminders: [
        {
          invoiceId: iid,
          invoiceNumber: number,
          level: 1,
          levelName: 'Reminder 1',
          asOf: '2026-01-11',
        },
      ],
    });
  });

  it('exempts a member until a date and clears it, version-checked and audited', async () => {
    const mid = await addMember();
    const exempt = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${mid}/dunning-exemption`,
      headers: { cookie },
      payload: { until: '2026-06-30', reason: 'Payment plan: 3 instalments', version: 1 },
    });
    expect(exempt.statusCode, exempt.body).toBe(200);
    expect(exempt.json()).toMatchObject({
      dunning: { exemptUntil: '2026-06-30', exemptReason: 'Payment plan: 3 instalments' },
      version: 2,
    });
    const stale = await t.app.inject({
      method: 'DELETE',
      url: `/api/members/${mid}/dunning-exemption`,
      headers: { cookie },
      payload: { version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/members/${mid}/dunning-exemption`,
      headers: { cookie },
      payload: { version: 2 },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ dunning: { exemptUntil: null }, version: 3 });
    const audits = await auditEntriesOf(t.database.db, 'members', mid).select('action').execute();
    expect(audits.map((audit) => audit.action)).toEqual(['dunning-exemption', 'dunning-exemption']);
    const noReason = await t.app.inject({
      method: 'PUT',
      url: `/api/members/${mid}/dunning-exemption`,
      headers: { cookie },
      payload: { until: '2026-06-30', reason: ' ', version: 3 },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<ErrorBody>().error.message).toContain('body.reason');
  });

  it('edits the settings: days must increase with the level (400 naming the field)', async () => {
    const read = await t.app.inject({ url: '/api/dunning/settings', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    const settings = read.json<TDunningSettings>();
    expect(settings.levels.map((level) => level.daysAfterDue)).toEqual([10, 30, 60, 90]);
    expect(settings.minimums).toEqual([
      { currency: 'CHF', minimumMinor: 1000 },
      { currency: 'EUR', minimumMinor: 1000 },
      { currency: 'USD', minimumMinor: 1000 },
    ]);
    const levels = settings.levels.map(
      ({ level, name, daysAfterDue, templateKind, attachPdf, enabled }) => ({
        level,
        name,
        daysAfterDue,
        templateKind,
        attachPdf,
        enabled,
      }),
    );
    const body = {
      levels,
      minimums: settings.minimums,
      recentPaymentDays: 14,
      version: settings.version,
    };
    const notIncreasing = await t.app.inject({
      method: 'PUT',
      url: '/api/dunning/settings',
      headers: { cookie },
      payload: {
        ...body,
        levels: levels.map((l) => (l.level === 3 ? { ...l, daysAfterDue: 30 } : l)),
      },
    });
    expect(notIncreasing.statusCode).toBe(400);
    const error = notIncreasing.json<ErrorBody>().error;
    expect(error.message).toContain('body.levels.2.daysAfterDue');
    expect(error.message).toContain('increase');
    const badKind = await t.app.inject({
      method: 'PUT',
      url: '/api/dunning/settings',
      headers: { cookie },
      payload: {
        ...body,
        levels: levels.map((l) => (l.level === 1 ? { ...l, templateKind: 'invoice' } : l)),
      },
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json<ErrorBody>().error.message).toContain('body.levels.0.templateKind');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/dunning/settings',
      headers: { cookie },
      payload: {
        ...body,
        levels: levels.map((l) =>
          l.level === 1 ? { ...l, daysAfterDue: 7, name: 'Friendly reminder' } : l,
        ),
        minimums: [{ currency: 'EUR', minimumMinor: 2_000 }],
        recentPaymentDays: 21,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json<TDunningSettings>();
    expect(after.version).toBe(settings.version + 1);
    expect(after.levels[0]).toMatchObject({ daysAfterDue: 7, name: 'Friendly reminder' });
    expect(after.recentPaymentDays).toBe(21);
    expect(after.minimums).toContainEqual({ currency: 'EUR', minimumMinor: 2_000 });
    const stale = await t.app.inject({
      method: 'PUT',
      url: '/api/dunning/settings',
      headers: { cookie },
      payload: body,
    });
    expect(stale.statusCode).toBe(409);
    // Back to the defaults for the other tests.
    const restored = await t.app.inject({
      method: 'PUT',
      url: '/api/dunning/settings',
      headers: { cookie },
      payload: { ...body, version: after.version },
    });
    expect(restored.statusCode, restored.body).toBe(200);
  });

  it('is for operators only; writes need dunning.manage', async () => {
    for (const url of ['/api/dunning/settings', '/api/dunning/preview', '/api/dunning/runs']) {
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    const userCookie = await signInAsNewUser(t, 'member-user@example.org');
    const asUser = await t.app.inject({
      url: '/api/dunning/preview',
      headers: { cookie: userCookie },
    });
    expect(asUser.statusCode).toBe(403);

    const mid = await addMember();
    const writes = [
      { method: 'POST' as const, url: '/api/dunning/runs', payload: { asOf: '2026-01-11' } },
      { method: 'PUT' as const, url: '/api/dunning/settings', payload: {} },
      {
        method: 'PUT' as const,
        url: `/api/members/${mid}/dunning-exemption`,
        payload: { until: '2026-06-30', reason: 'Plan', version: 1 },
      },
      {
        method: 'DELETE' as const,
        url: `/api/members/${mid}/dunning-exemption`,
        payload: { version: 1 },
      },
    ];
    for (const write of writes) {
      const refused = await t.app.inject({ ...write, headers: { cookie: readOnlyCookie } });
      expect(refused.statusCode, write.url).toBe(403);
      expect(refused.json<ErrorBody>().error.message).toContain('dunning.manage');
      expect((await t.app.inject(write)).statusCode).toBe(401);
    }
    // Reading is every operator's; a membership operator may preview but not run.
    const membership = await signInAsNewOperator(t, 'membership@example.org', ['membership']);
    expect(
      (await t.app.inject({ url: '/api/dunning/preview', headers: { cookie: membership } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/dunning/runs',
          headers: { cookie: membership },
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    const badDay = await t.app.inject({
      url: '/api/dunning/preview?asOf=2026-02-30',
      headers: { cookie },
    });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json<ErrorBody>().error.message).toContain('asOf');
  });

  it('runs by hand through the API for an operator with dunning.manage', async () => {
    const { iid } = await addInvoice(await addMember());
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dunning/runs',
      headers: { cookie },
      payload: { asOf: '2026-01-11' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<TDunningReport>();
    expect(report).toMatchObject({ dryRun: false, itemsTotal: 1, emailsQueued: 1 });
    expect(report.runId).toEqual(expect.any(String));
    expect((await invoice(iid)).dunningLevel).toBe(1);
    const runRow = await t.database.db
      .selectFrom('dunning_runs')
      .select(['trigger', 'operator_uid'])
      .where('id', '=', report.runId as string)
      .executeTakeFirstOrThrow();
    expect(runRow.trigger).toBe('manual');
    expect(runRow.operator_uid).toEqual(expect.any(String));
  });
});
