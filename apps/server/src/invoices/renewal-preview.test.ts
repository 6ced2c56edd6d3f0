import type { TJobRun } from '@ops/contract/jobs';
import type { TInvoiceRenewalPreview } from '@ops/contract/renewal-preview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signInAsNewOperator,
  startTestJobRunner,
  type TestApp,
} from '../../test/app';
import { expectInvalid } from '../../test/requests';
import type { JobRunner } from '../jobs/runner';
import { todayInZurich } from '../jobs/schedule-times';
import { buildSwissIban } from '../lib/iban';
import { loadCountries } from '../seed/countries';
import { insertMembers } from '../../test/fixtures';

const year = Number(todayInZurich(new Date()).slice(0, 4));

/**
 * The renewal preview, and the renewal run as a job (issue 17): the run confirmed after the
 * preview issues exactly what the preview announced, for the current year, and the preview then
 * finds nothing left to issue; the Jobs screen's Run now goes through that preview (issue 32).
 */
describe('the renewal preview and the renewal job', () => {
  let t: TestApp;
  let runner: JobRunner;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    runner = await startTestJobRunner(t);
    admin = await signInAsNewOperator(t, 'renewal-jobs@example.org', ['admin']);
    reader = await signInAsNewOperator(t, 'renewal-reader@example.org', ['read-only']);
    await t.database.db
      .insertInto('bank_accounts')
      .values({
        id: 'ba-CHF',
        label: 'Fees CHF',
        bank_name: 'Test Bank AG',
        holder_name: 'Federation',
        holder_address: 'Seefeldstrasse 45, 8008 Zürich',
        iban: buildSwissIban('04835', '1'),
        qr_iban: null,
        currency: 'CHF',
      })
      .execute();
    await insertMembers(
      t.database.db,
      Array.from({ length: 30 }, (_, i) => ({
        mid: `pv${String(i).padStart(4, '0')}`,
        number: `M-${String(700 + i).padStart(6, '0')}`,
        category: i % 10 === 0 ? ('honorary' as const) : ('individual' as const),
        status: i % 5 === 4 ? ('suspended' as const) : ('active' as const),
        legal_name: `Preview Carrier ${i}`,
        email: i % 3 === 0 ? null : `carrier${i}@example.org`,
        country_iso2: 'CH',
        billing_currency: i % 7 === 6 ? 'EUR' : 'CHF',
      })),
    );
  });
  afterAll(async () => {
    await runner.stop();
    await t.close();
  });

  const preview = async (cookie = reader) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/renewals/preview?year=${year}`,
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TInvoiceRenewalPreview>();
  };

  it('shows what the run would issue, per currency, without writing', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/invoices/renewals/preview?year=${year}` }))
        .statusCode,
    ).toBe(401);
    expectInvalid(
      await t.app.inject({
        method: 'GET',
        url: '/api/invoices/renewals/preview?year=1999',
        headers: { cookie: reader },
      }),
      'query.year',
    );
    const before = await preview();
    // 30 members: 3 honorary and 6 suspended are not renewed; EUR has no bank account.
    const active = Array.from({ length: 30 }, (_, i) => i).filter(
      (i) => i % 10 !== 0 && i % 5 !== 4,
    );
    const eur = active.filter((i) => i % 7 === 6);
    expect(before.toIssue).toBe(active.length - eur.length);
    expect(before.skipped).toEqual([
      { reason: 'no active bank account in EUR', count: eur.length },
    ]);
    expect(before.totals).toHaveLength(1);
    expect(before.totals[0]).toMatchObject({ currency: 'CHF', count: before.toIssue });
    expect(before.members).toHaveLength(before.toIssue);
    expect(before.withoutEmail).toBe(before.members.filter((member) => !member.email).length);
    expect(before.schedule).toMatchObject({ cron: '0 6 2 1 *', timeZone: 'Europe/Zurich' });
    const invoices = await t.database.db.selectFrom('invoices').select('iid').execute();
    expect(invoices).toEqual([]);
  });

  it('Run now goes through the preview: the Jobs API refuses it, the confirmed run issues exactly what the preview showed; then nothing is left', async () => {
    const before = await preview();
    // One click on the Jobs screen used to start it (issue 32): now it is the renewal dialog's.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/schedules/renewal-run/run',
      headers: { cookie: admin },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(await preview()).toEqual(before);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/invoices/renewals',
      headers: { cookie: admin },
      payload: { year, sendEmails: true },
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    let run: TJobRun | undefined;
    for (let i = 0; i < 150; i++) {
      const runs = await t.app.inject({
        method: 'GET',
        url: '/api/jobs/runs',
        headers: { cookie: reader },
      });
      run = runs.json<TJobRun[]>().find((candidate) => candidate.task === 'renewal-run');
      if (run?.state === 'succeeded' || run?.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(run?.state, run?.error ?? '').toBe('succeeded');
    expect(run?.result).toMatchObject({
      year,
      issued: before.toIssue,
      emailsQueued: before.toIssue - before.withoutEmail,
      totals: before.totals,
    });
    expect(run?.progressDone).toBe(run?.progressTotal);

    const after = await preview();
    expect(after).toMatchObject({ toIssue: 0, alreadyInvoiced: before.toIssue, totals: [] });
    const renewalRun = await t.database.db
      .selectFrom('invoice_renewal_runs')
      .select(['started_by', 'send_emails'])
      .executeTakeFirstOrThrow();
    expect(renewalRun.send_emails).toBe(true);
    expect(renewalRun.started_by).not.toBeNull();
  });
});
