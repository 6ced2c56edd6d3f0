import { formatMemberReference } from '@ops/contract/member-formats';
import { membershipFeeMinor, type TInvoiceRenewalRun } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startTestJobRunner, type TestApp } from '../../test/app';
import { startMailbox } from '../../test/mailbox';
import { startTestEmailWorker } from '../emails/test-support';
import { getInvoicePdf } from './pdf-upload';
import { signInEditorAndReader, uidOf, insertMembers } from '../../test/fixtures';
import { runTs } from '../../test/processes';
import { apiAs, expectForbidden, expectInvalid } from '../../test/requests';
import { cliActor } from '../db/audit';
import { loadCountries } from '../seed/countries';
import { buildSwissIban, isValidCreditorReference, isValidQrReference } from '../lib/iban';
import type { JobRunner } from '../jobs';
import { writeTransaction } from '../db/transaction';
import { createRenewalRun, getRenewalRun, renewMemberships } from './renewal';
import { renewalAccounts, renewBatch, selectCandidates } from './renewal-batch';
import { continueRenewalRun } from './renewal-job';

const year = 2031;
const memberCount = 3_000;
const mailFrom = 'Federation <billing@federation.example>';

describe('the renewal run', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let readOnlyCookie: string;
  let operatorUid: string;
  // The dialog's Start run queues a job: this test process runs a job runner, as a server does.
  let runner: JobRunner;

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await signInEditorAndReader(t, 'renewals@example.org', ['finance']);
    api = apiAs(t, signedIn.cookie);
    readOnlyCookie = signedIn.readOnlyCookie;
    operatorUid = await uidOf(t, 'renewals@example.org');
    await loadCountries(t.database.pool);
    // India (lower-middle income, band C) pays half the fee; Switzerland (high, band A) all of it.
    await t.database.db.updateTable('countries').set({ fee_category: null }).execute();
    await t.database.db
      .insertInto('bank_accounts')
      .values(
        (['CHF', 'EUR'] as const).map((currency, i) => ({
          id: `ba-${currency}`,
          label: `Fees ${currency}`,
          bank_name: 'Test Bank AG',
          holder_name: 'Federation',
          holder_address: 'Seefeldstrasse 45, 8008 Zürich',
          iban: buildSwissIban('04835', `${i + 1}`),
          qr_iban: currency === 'CHF' ? buildSwissIban('30835', `${i + 1}`) : null,
          currency,
        })),
      )
      .execute();
    const categories = ['individual', 'association', 'group', 'honorary'] as const;
    const statuses = ['active', 'active', 'active', 'active', 'overdue', 'suspended'] as const;
    const rows = Array.from({ length: memberCount }, (_, i) => ({
      mid: `r${String(i).padStart(5, '0')}`,
      number: `M-${String(i + 1).padStart(6, '0')}`,
      category: categories[i % 7 === 0 ? 3 : i % 3] ?? 'individual',
      status: statuses[i % statuses.length] ?? 'active',
      legal_name: `Renewal Carrier ${i}`,
      country_iso2: i % 2 === 0 ? 'CH' : 'IN',
      billing_currency: i % 10 === 1 ? 'EUR' : i % 10 === 3 ? 'USD' : 'CHF',
    }));
    for (let i = 0; i < rows.length; i += 1_000) {
      await insertMembers(t.database.db, rows.slice(i, i + 1_000));
    }
    // One member already has this year's invoice; another only a void one.
    await t.database.db
      .insertInto('invoices')
      .values([
        {
          iid: 'have',
          number: `${year}-000500`,
          member_mid: 'r00001',
          kind: 'membership',
          year,
          currency: 'EUR',
          status: 'issued',
        },
        {
          iid: 'void',
          number: `${year}-000501`,
          member_mid: 'r00002',
          kind: 'membership',
          year,
          currency: 'CHF',
          status: 'void',
        },
      ])
      .execute();
    runner = await startTestJobRunner(t);
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const expected = () => {
    let eligible = 0;
    for (let i = 0; i < memberCount; i++) {
      const honorary = i % 7 === 0;
      if (!honorary && i % 6 < 4) eligible++;
    }
    return eligible;
  };

  it('invoices every active member once, by currency, fee band and category; a second run issues none', async () => {
    const progress: number[] = [];
    const run = await renewMemberships(
      t.database.db,
      cliActor,
      { year },
      {
        mailFrom,
        onProgress: (step) => progress.push(step.processed),
      },
    );
    const eligible = expected();
    const usd = Array.from({ length: memberCount }, (_, i) => i).filter(
      (i) => i % 7 !== 0 && i % 6 < 4 && i % 10 === 3,
    ).length;
    expect(run).toMatchObject({
      status: 'succeeded',
      total: eligible,
      processed: eligible,
      alreadyInvoiced: 1,
      issued: eligible - 1 - usd,
      skipped: [{ reason: 'no active bank account in USD', count: usd }],
    });
    expect(progress.length).toBe(Math.ceil(eligible / 1_000));
    // How fast (per invoice, at 100,000 members): `npm run bench` (invoice-renewal), not here.

    const invoices = await t.database.db
      .selectFrom('invoices as i')
      .innerJoin('members as m', 'm.mid', 'i.member_mid')
      .select([
        'i.number',
        'i.total_minor',
        'i.currency',
        'i.payment_reference',
        'i.status',
        'i.source',
        'm.category',
        'm.country_iso2',
        'm.mid',
      ])
      .where('i.year', '=', year)
      .where('i.iid', 'not in', ['have', 'void'])
      .execute();
    expect(invoices).toHaveLength(run.issued);
    for (const invoice of invoices) {
      const band = invoice.country_iso2 === 'CH' ? 'A' : 'C';
      const category = invoice.category as 'individual' | 'association' | 'group';
      expect(Number(invoice.total_minor)).toBe(
        membershipFeeMinor(invoice.currency.trim() as 'CHF', band, category),
      );
      expect(invoice).toMatchObject({ status: 'issued', source: 'generated' });
      if (invoice.currency.trim() === 'CHF')
        expect(isValidQrReference(invoice.payment_reference ?? '')).toBe(true);
      else expect(isValidCreditorReference(invoice.payment_reference ?? '')).toBe(true);
    }
    // Numbered after the highest number of the year, without duplicates.
    const numbers = invoices
      .map((invoice) => Number(invoice.number.slice(5)))
      .sort((a, b) => a - b);
    expect(numbers[0]).toBe(502);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(invoices.some((invoice) => invoice.mid === 'r00002')).toBe(true);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('table_name', '=', 'invoices')
      .where('action', '=', 'create')
      .executeTakeFirstOrThrow();
    expect(Number(audited.n)).toBe(run.issued);

    const again = await renewMemberships(t.database.db, cliActor, { year }, { mailFrom });
    expect(again).toMatchObject({
      status: 'succeeded',
      issued: 0,
      alreadyInvoiced: eligible - usd,
    });
  });

  it('runs from the console as a job on the queue, which the screen polls; refused to a read-only operator', async () => {
    expectForbidden(await api.post('/api/invoices/renewals', { year: year + 1 }, readOnlyCookie));
    expectInvalid(await api.post('/api/invoices/renewals', { year: 1999 }), 'body.year');
    const started = await api.post<TInvoiceRenewalRun>('/api/invoices/renewals', {
      year: year + 1,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let run = started.body;
    for (let i = 0; i < 200 && run.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      run = (await api.get<TInvoiceRenewalRun>(`/api/invoices/renewals/${run.id}`)).body;
    }
    expect(run).toMatchObject({
      status: 'succeeded',
      year: year + 1,
      startedBy: 'renewals@example.org',
    });
    expect(run.issued).toBeGreaterThan(0);
    expect((await api.get(`/api/invoices/renewals/nope`)).status).toBe(404);
    // The queue's renewal job ran it, recorded as a manual run by the operator who started it
    // (its run row ends a moment after the renewal run's).
    const jobRunsOf = () =>
      t.database.db
        .selectFrom('job_runs')
        .select(['task', 'trigger', 'state', 'started_by', 'result', 'job_id'])
        .where('task', '=', 'renewal-run')
        .where('started_by', '=', operatorUid)
        .execute();
    let jobRuns = await jobRunsOf();
    for (let i = 0; i < 100 && jobRuns[0]?.state !== 'succeeded'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      jobRuns = await jobRunsOf();
    }
    expect(jobRuns).toHaveLength(1);
    expect(jobRuns[0]).toMatchObject({
      task: 'renewal-run',
      trigger: 'manual',
      state: 'succeeded',
      started_by: operatorUid,
      result: { year: year + 1, renewalRunId: run.id, issued: run.issued, status: 'succeeded' },
    });
    expect(jobRuns[0]?.job_id).toBeTruthy();
  });

  it('a run taken over after its instance died resumes after its last committed batch, counting exactly', async () => {
    const runYear = year + 3;
    const { run } = await createRenewalRun(t.database.db, cliActor, { year: runYear });
    // The dead instance's attempt committed one batch of 1,000 members, then stopped.
    const firstBatch = await selectCandidates(t.database.db, '', 1_000);
    const accountOf = await renewalAccounts(t.database.db);
    const afterFirst = await writeTransaction(t.database.db, (trx) =>
      renewBatch(trx, cliActor, run, firstBatch, { accountOf, mailFrom }),
    );
    expect(afterFirst).toMatchObject({ status: 'running', processed: 1_000 });
    expect(afterFirst.resume_after).toBe(firstBatch.at(-1)?.mid);

    const finished = await continueRenewalRun(t.database.db, cliActor, run.id, { mailFrom });
    const eligible = expected();
    const usd = Array.from({ length: memberCount }, (_, i) => i).filter(
      (i) => i % 7 !== 0 && i % 6 < 4 && i % 10 === 3,
    ).length;
    expect(finished).toMatchObject({
      id: run.id,
      status: 'succeeded',
      total: eligible,
      processed: eligible,
      alreadyInvoiced: 0,
      issued: eligible - usd,
      skipped: [{ reason: 'no active bank account in USD', count: usd }],
    });
    const invoiced = await t.database.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('year', '=', runYear)
      .executeTakeFirstOrThrow();
    expect(Number(invoiced.n)).toBe(eligible - usd);
    // A later attempt finding the run finished leaves it as it is.
    const again = await continueRenewalRun(t.database.db, cliActor, run.id, { mailFrom });
    expect(again).toEqual(finished);
    expect(await getRenewalRun(t.database.db, run.id)).toMatchObject({ issued: eligible - usd });
  });

  it('e-mails the new invoices when asked, each with its PDF made by the worker as it leaves', async () => {
    const mailbox = await startMailbox();
    // Three renewed members with an address (active, not honorary: indices 1, 2 and 8).
    const withAddress = ['r00001', 'r00002', 'r00008'];
    for (const mid of withAddress) {
      await t.database.db
        .updateTable('members')
        .set({ email: `billing+${mid}@carrier.example` })
        .where('mid', '=', mid)
        .execute();
    }
    const run = await renewMemberships(
      t.database.db,
      cliActor,
      { year: year + 2, sendEmails: true },
      { mailFrom },
    );
    expect(run).toMatchObject({ status: 'succeeded', sendEmails: true, emailsQueued: 3 });
    const queued = await t.database.db
      .selectFrom('emails')
      .select(['eid', 'related_id', 'to_addresses', 'template_data'])
      .where('kind', '=', 'invoice-issued')
      .execute();
    expect(queued.map((email) => email.to_addresses[0]).sort()).toEqual(
      withAddress.map((mid) => `billing+${mid}@carrier.example`),
    );
    // Nothing is stored with them: the PDF is made at sending time.
    const stored = await t.database.db
      .selectFrom('email_attachments')
      .select('eid')
      .where(
        'eid',
        'in',
        queued.map((email) => email.eid),
      )
      .execute();
    expect(stored).toEqual([]);

    const worker = startTestEmailWorker(t, mailbox, {
      generateAttachment: async (spec) => {
        const pdf = await getInvoicePdf(t.database.db, spec.iid);
        return { filename: pdf.fileName, contentType: 'application/pdf', content: pdf.content };
      },
    });
    try {
      const mail = await mailbox.waitFor('billing+r00008@carrier.example', { timeoutMs: 20_000 });
      const invoice = await t.database.db
        .selectFrom('invoices')
        .select(['number', 'payment_reference'])
        .where('member_mid', '=', 'r00008')
        .where('year', '=', year + 2)
        .executeTakeFirstOrThrow();
      // r00008 is Swiss: German by its country's default (issue 17).
      expect(mail.subject).toBe(`Rechnung ${invoice.number} des Verbands`);
      // Grouped as the QR-bill prints it (issue 32).
      expect(mail.text).toContain(
        formatMemberReference(invoice.payment_reference ?? 'no reference'),
      );
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]?.filename).toBe(`invoice-${invoice.number}.pdf`);
      expect(mail.attachments[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      await worker.stop();
      await mailbox.close();
    }
  });

  it('npm run ops -- invoices renew --year Y prints the counts (on the queue with a server running, else itself)', async () => {
    const env = { DATABASE_URL: t.database.connectionString };
    // This process's job runner is alive: the CLI queues the run and follows it.
    const queued = await runTs(
      'src/cli/main.ts',
      ['invoices', 'renew', '--year', String(year)],
      env,
    );
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toContain(`Renewal ${year}: 0 invoices issued`);
    expect(queued.stdout).toMatch(/already invoiced/);
    const cliJob = await t.database.db
      .selectFrom('job_runs')
      .select(['trigger', 'state', 'started_by'])
      .where('task', '=', 'renewal-run')
      .where(sql<boolean>`(result->>'year')::int = ${year}`)
      .executeTakeFirst();
    expect(cliJob).toMatchObject({ trigger: 'manual', state: 'succeeded', started_by: null });

    // No runner alive: the CLI runs the renewal in its own process.
    await runner.stop();
    const result = await runTs(
      'src/cli/main.ts',
      ['invoices', 'renew', '--year', String(year + 3)],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Renewal ${year + 3}: 0 invoices issued`);
    expect(result.stdout).toMatch(/already invoiced/);
    const bad = await runTs('src/cli/main.ts', ['invoices', 'renew', '--year', 'soon'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--year');
  });
});
