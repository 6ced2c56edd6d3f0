import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword } from '../../../apps/server/src/auth/password';
import { withBenchDatabase } from '../lib/bench-database';
import type { Benchmark, BenchmarkContext } from '../lib/benchmark';
import { startPortalServer } from '../lib/processes';
import { seededDataDir, seedScale } from './seed';

/**
 * Issue 35, "Download our data" for a member with twenty years of history, against the
 * 100,000-member database: the owner asks in the portal and follows the export until its ZIP is
 * ready (the job on the server's own runner renders every invoice's, credit note's and
 * certificate's PDF). Timed from the request to the moment the portal reads it ready.
 */
const years = 20;
const creditNotes = 4;
const ownerEmail = 'bench-export-owner@history.example';
const ownerPassword = 'bench data export owner 2026';

const line = (year: number) => ({
  description: `Membership ${year}`,
  quantity: 1,
  unitAmountMinor: 95_000,
  vatRate: 0,
  vatExemption: null,
});

/**
 * One active member of the seeded database given twenty years of membership, once per database:
 * an invoice a year, paid by bank transfer (its booking), its certificate, four credit notes,
 * the audit entries such a history leaves (issued, paid, certificate issued, a few edits of the
 * record), and an owner who signs in. Earlier runs' exports are removed so that the member may
 * ask again (five a day).
 */
async function ensureHistory(dataDir: string, log: (line: string) => void): Promise<string> {
  return withBenchDatabase(dataDir, async (database) => {
    const owner = await database.pool.query<{ member_mid: string }>(
      'SELECT member_mid FROM users WHERE email = $1',
      [ownerEmail],
    );
    const known = owner.rows[0]?.member_mid;
    if (known) {
      await database.pool.query('DELETE FROM member_data_exports WHERE member_mid = $1', [known]);
      return known;
    }
    const { rows } = await database.pool.query<{ mid: string; legal_name: string }>(
      "SELECT mid, legal_name FROM members WHERE status = 'active' AND deleted_at IS NULL ORDER BY mid DESC LIMIT 1",
    );
    const member = rows[0];
    if (!member) throw new Error('The seeded database has no active member');
    const mid = member.mid;
    log(`giving member ${mid} ${years} years of history`);
    const thisYear = new Date().getUTCFullYear();
    const historyYears = Array.from({ length: years }, (_, index) => thisYear - years + 1 + index);
    const passwordHash = await hashPassword(ownerPassword);
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          uid: 'bench-dx-owner',
          email: ownerEmail,
          password_hash: passwordHash,
          sign_in_methods: ['password'],
          member_mid: mid,
          member_role: 'owner',
          created_by: 'bench',
          updated_by: 'bench',
        })
        .execute();
      await trx
        .insertInto('invoices')
        .values(
          historyYears.map((year) => ({
            iid: `bench-dx-${year}`,
            number: `BENCH-DX-${year}`,
            member_mid: mid,
            kind: 'membership' as const,
            year,
            currency: 'CHF',
            status: 'paid' as const,
            issue_date: `${year}-01-02`,
            due_date: `${year}-01-31`,
            lines: JSON.stringify([line(year)]),
            subtotal_minor: 95_000,
            total_minor: 95_000,
            paid_minor: 95_000,
            paid_at: new Date(`${year}-01-20T09:00:00Z`),
            paid_method: 'bank-transfer' as const,
            created_by: 'bench',
            updated_by: 'bench',
          })),
        )
        .execute();
      await trx
        .insertInto('money_movements')
        .values(
          historyYears.map((year) => ({
            id: `bench-dx-pay-${year}`,
            member_mid: mid,
            invoice_iid: `bench-dx-${year}`,
            currency: 'CHF',
            kind: 'payment' as const,
            method: 'bank-transfer' as const,
            source: 'bank' as const,
            booked_on: `${year}-01-20`,
            amount_minor: 95_000,
            settles_minor: 95_000,
            credit_minor: 0,
            reference: `RF-BENCH-${year}`,
            created_at: new Date(`${year}-01-20T09:00:00Z`),
            created_by: 'bench',
          })),
        )
        .execute();
      await trx
        .insertInto('credit_notes')
        .values(
          historyYears.slice(0, creditNotes).map((year) => ({
            cnid: `bench-dx-cn-${year}`,
            number: `BENCH-CN-${year}`,
            year,
            invoice_iid: `bench-dx-${year}`,
            member_mid: mid,
            currency: 'CHF',
            issue_date: `${year}-03-01`,
            lines: JSON.stringify([{ ...line(year), quantity: 1 }]),
            total_minor: 10_000,
            reason: 'Goodwill for a late certificate',
            membership_decision: 'keep' as const,
            created_by: 'bench',
            updated_by: 'bench',
          })),
        )
        .execute();
      await trx
        .insertInto('certificates')
        .values(
          historyYears.map((year) => ({
            cid: `bench-dx-cert-${year}`,
            number: `BENCH-C-${year}`,
            member_mid: mid,
            type: 'membership' as const,
            year,
            valid_from: `${year}-01-01`,
            valid_to: `${year}-12-31`,
            status: year === thisYear ? ('issued' as const) : ('expired' as const),
            invoice_iid: `bench-dx-${year}`,
            issued_at: new Date(`${year}-01-20T09:05:00Z`),
            verification_code: `BENCHDX${year}`,
            member_name: member.legal_name,
            created_by: 'bench',
            updated_by: 'bench',
          })),
        )
        // The seed gave it this year's certificate already (one issued per member and year).
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      const entry = (table: string, id: string, action: string, at: string) => ({
        at: new Date(at),
        actor_uid: null,
        actor_kind: 'system' as const,
        table_name: table,
        record_id: id,
        action,
        before: null,
        after: JSON.stringify({ status: action }),
      });
      await trx
        .insertInto('audit_log')
        .values(
          historyYears.flatMap((year) => [
            entry('invoices', `bench-dx-${year}`, 'create', `${year}-01-02T06:00:00Z`),
            entry('invoices', `bench-dx-${year}`, 'issue', `${year}-01-02T06:00:01Z`),
            entry('money_movements', `bench-dx-pay-${year}`, 'payment', `${year}-01-20T09:00:00Z`),
            entry('invoices', `bench-dx-${year}`, 'payment', `${year}-01-20T09:00:00Z`),
            entry('certificates', `bench-dx-cert-${year}`, 'issue', `${year}-01-20T09:05:00Z`),
            entry('members', mid, 'update', `${year}-06-01T10:00:00Z`),
          ]),
        )
        .execute();
    });
    return mid;
  });
}

type ExportState = {
  export: {
    state: string;
    sizeBytes: number | null;
    downloadUrl: string | null;
    counts: Record<string, number> | null;
  } | null;
};

async function runExports(context: BenchmarkContext, runs: number) {
  const { dataDir } = await seededDataDir(context);
  await ensureHistory(dataDir, context.log);
  const { server, portalUrl } = await startPortalServer(dataDir);
  try {
    const signIn = await fetch(`${portalUrl}/api/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portalUrl },
      body: JSON.stringify({ email: ownerEmail, password: ownerPassword }),
    });
    if (!signIn.ok) throw new Error(`sign-in ${signIn.status}: ${await signIn.text()}`);
    const cookie = (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    const headers = { cookie, origin: portalUrl, 'content-type': 'application/json' };
    const samples: number[] = [];
    let last: ExportState['export'] = null;
    for (let run = 0; run < runs; run++) {
      const startedAt = performance.now();
      const asked = await fetch(`${portalUrl}/api/data-export`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      if (asked.status !== 202) throw new Error(`export ${asked.status}: ${await asked.text()}`);
      for (;;) {
        const read = await fetch(`${portalUrl}/api/data-export`, { headers });
        const state = (await read.json()) as ExportState;
        last = state.export;
        if (last?.state === 'ready') break;
        if (last?.state === 'failed') throw new Error('the export failed');
        if (performance.now() - startedAt > 120_000) throw new Error('the export took 2 minutes');
        await sleep(100);
      }
      samples.push(performance.now() - startedAt);
      context.log(`export ${run + 1}: ${Math.round(samples.at(-1) ?? 0)} ms`);
    }
    const zip = await fetch(`${portalUrl}${last?.downloadUrl ?? ''}`, { headers });
    const bytes = Buffer.from(await zip.arrayBuffer());
    return { samples, last, downloaded: zip.ok && bytes.length === last?.sizeBytes };
  } finally {
    await server.stop();
  }
}

export const portalDataExport: Benchmark = {
  name: 'portal-data-export',
  measures:
    "Download our data for a member with 20 years of history (20 invoices paid, 4 credit notes, 20 certificates, their bookings and audit entries, besides what the seed gave it): from the owner's `POST /api/data-export` until `GET /api/data-export` reads it ready, the ZIP made by the job on the server's runner.",
  unit: 'ms',
  target: 10_000,
  dataSize: `${seedScale.toLocaleString('en')} members`,
  runs: 3,
  async run(context) {
    const { samples, last, downloaded } = await runExports(context, 3);
    return {
      samples,
      invariantsHeld: downloaded && (last?.counts?.invoices ?? 0) >= years,
      details: { sizeBytes: last?.sizeBytes, counts: last?.counts, downloaded },
    };
  },
};
