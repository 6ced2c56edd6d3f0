import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../test/database';
import { loadConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { inTransactionCertificates } from '../../invoices';
import { startJobRunner } from '../../jobs';
import { todayAtHeadquarters } from '../../lib/dates';
import { runImportFollowUp } from './follow-up';
import { importBankFile } from './import-file';
import {
  addOpenInvoice,
  addPayingMember,
  bankFile,
  batchPaying,
  importActor as actor,
  importContext as context,
  openImportDatabase,
  type TestInvoice,
} from './test-support';

describe("a large bank import's follow-up, a job on the queue", () => {
  let database: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    ({ database, db } = await openImportDatabase({ countries: true }));
  });
  afterAll(() => database.close());

  const certificatesOf = (mids: string[]) =>
    db
      .selectFrom('certificates')
      .select(['member_mid', 'year', 'status'])
      .where('member_mid', 'in', mids)
      .where('type', '=', 'membership')
      .execute();

  it('is queued with the bookings; the job issues the certificates, and running it again issues none twice', async () => {
    // More membership years paid than the import issues in its own transaction.
    const year = Number(todayAtHeadquarters().slice(0, 4));
    const count = inTransactionCertificates + 5;
    const mids: string[] = [];
    const invoices: TestInvoice[] = [];
    for (let i = 0; i < count; i++) {
      const mid = await addPayingMember(db, `Follow-up Carrier ${i}`);
      await db
        .updateTable('members')
        .set({ status: 'pending-payment' })
        .where('mid', '=', mid)
        .execute();
      mids.push(mid);
      invoices.push(
        await addOpenInvoice(db, mid, 45_000, {
          kind: 'membership',
          year,
          due_date: `${year + 1}-01-31`,
        }),
      );
    }
    const queued: string[] = [];
    const report = await importBankFile(
      db,
      actor,
      {
        content: bankFile([batchPaying(invoices, 45_000)]),
        fileName: 'large.xml',
      },
      { ...context, onFollowUpQueued: (jobId) => queued.push(jobId) },
    );
    expect(report.counts.paid).toBe(count);

    // Committed with the bookings: the job and its queued run; no certificate yet.
    expect(queued).toHaveLength(1);
    const queuedRun = await db
      .selectFrom('job_runs')
      .select(['id', 'task', 'trigger', 'state'])
      .where('job_id', '=', queued[0] ?? '')
      .executeTakeFirstOrThrow();
    expect(queuedRun).toMatchObject({
      task: 'bank-import-follow-up',
      trigger: 'system',
      state: 'queued',
    });
    expect(await certificatesOf(mids)).toEqual([]);

    // A server's job runner does it.
    const runner = await startJobRunner({
      db,
      connectionString: database.connectionString,
      config: loadConfig({ PUBLIC_URL: context.publicUrl, SEED: 'none' }),
      logger: silentLogger,
    });
    try {
      const deadline = Date.now() + 60_000;
      let run = await db
        .selectFrom('job_runs')
        .select(['state', 'result', 'error'])
        .where('id', '=', queuedRun.id)
        .executeTakeFirstOrThrow();
      while (run.state === 'queued' || run.state === 'running') {
        if (Date.now() > deadline) throw new Error('the follow-up job did not end in time');
        await new Promise((resolve) => setTimeout(resolve, 200));
        run = await db
          .selectFrom('job_runs')
          .select(['state', 'result', 'error'])
          .where('id', '=', queuedRun.id)
          .executeTakeFirstOrThrow();
      }
      expect(run, run.error ?? '').toMatchObject({
        state: 'succeeded',
        result: { certificatesIssued: count, certificatesAlreadyIssued: 0 },
      });
    } finally {
      await runner.stop();
    }
    const issued = await certificatesOf(mids);
    expect(issued).toHaveLength(count);
    expect(new Set(issued.map((certificate) => certificate.member_mid)).size).toBe(count);
    expect(issued.every((certificate) => certificate.status === 'issued')).toBe(true);

    // An attempt that runs it again (taken over, retried) issues nothing twice.
    const again = await runImportFollowUp(
      db,
      {
        reindex: { invoices: invoices.map((invoice) => invoice.iid), members: mids },
        certificatesDue: mids.map((memberMid) => ({ memberMid, year })),
        actor,
      },
      context,
    );
    expect(again).toEqual({
      invoicesIndexed: count,
      membersIndexed: count,
      certificates: { issued: 0, alreadyIssued: count, skipped: 0 },
    });
    expect(await certificatesOf(mids)).toHaveLength(count);
    // Its search documents say the invoices are paid.
    const documents = await db
      .selectFrom('search_documents')
      .select('description')
      .where('type', '=', 'invoice')
      .where(
        'record_id',
        'in',
        invoices.map((invoice) => invoice.iid),
      )
      .execute();
    expect(documents).toHaveLength(count);
  });
});
