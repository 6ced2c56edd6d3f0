import type { TDataExport, TDataExportState } from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceRow, memberRow, uidOf, insertMembers } from '../../test/fixtures';
import { startTestJobRunner } from '../../test/app';
import {
  testPortalUrl,
  signInAsMemberUser,
  createPortalWriteTestApp,
  type PortalTestApp,
} from '../../test/portal';
import type { ErrorBody } from '../../test/requests';
import { issueCreditNote } from '../credit-notes/issue';
import { clock } from '../lib/clock';
import { expireDataExports } from './expire-exports';
import { makeDataExport } from './make-export';
import { auditEntriesOf } from '../../test/audit';

const line = { description: 'Membership', quantity: 1, unitAmountMinor: 45000, vatRate: 0 };

/**
 * "Download our data" (issue 35): an owner or admin asks, a job on the queue makes the ZIP of the
 * member's record, users, invoices, credit notes, payments, certificates and their history, the
 * member's users download it for 24 hours; every request and download is in the member's
 * history, and nothing of another member's, and no secret, is ever in it.
 */
describe("a member's data export from the portal", () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let owner: string;
  let staff: string;
  let otherOwner: string;
  let ownerUid: string;

  const call = <T = ErrorBody>(cookie: string, method: 'GET' | 'POST', url: string) =>
    portal
      .inject({
        method,
        url,
        headers: { cookie, origin: testPortalUrl },
        ...(method === 'POST' ? { payload: {} } : {}),
      })
      .then((response) => ({
        status: response.statusCode,
        headers: response.headers,
        raw: response.rawPayload,
        body: String(response.headers['content-type']).startsWith('application/json')
          ? response.json<T>()
          : (undefined as T),
      }));

  const waitUntilMade = async (cookie: string): Promise<TDataExport> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { body } = await call<TDataExportState>(cookie, 'GET', '/api/data-export');
      const current = body.export;
      if (current && current.state !== 'queued' && current.state !== 'running') return current;
      if (Date.now() > deadline) throw new Error(`the export is still ${current?.state}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    ({ t } = await createPortalWriteTestApp('desk@example.org', ['membership', 'finance']));
    portal = t.portal;
    const year = clock.year();
    await insertMembers(t.database.db, [
      memberRow('dx-a', { legal_name: 'Hafen Logistik AG', country_iso2: 'CH', city: 'Basel' }),
      memberRow('dx-b', { legal_name: 'Other Freight Ltd', country_iso2: 'GB' }),
    ]);
    await t.database.db
      .insertInto('invoices')
      .values([
        invoiceRow('dx-inv-1', 'dx-a', {
          year: year - 1,
          number: 'DX-0001',
          lines: JSON.stringify([line]),
          subtotal_minor: '45000',
        }),
        invoiceRow('dx-inv-2', 'dx-a', {
          number: 'DX-0002',
          lines: JSON.stringify([line]),
          subtotal_minor: '45000',
        }),
        invoiceRow('dx-inv-b', 'dx-b', { number: 'DX-B-0001' }),
      ])
      .execute();
    await t.database.db
      .insertInto('certificates')
      .values({
        cid: 'dx-cert-1',
        number: `C-${year - 1}-0001`,
        member_mid: 'dx-a',
        type: 'membership',
        year: year - 1,
        valid_from: `${year - 1}-01-01`,
        valid_to: `${year - 1}-12-31`,
        status: 'issued',
        verification_code: 'DXVERIFY0001',
        issued_at: new Date(),
        member_name: 'Hafen Logistik AG',
      })
      .execute();
    const operatorUid = await uidOf(t, 'desk@example.org');
    await issueCreditNote(
      t.database.db,
      { kind: 'operator', uid: operatorUid },
      'dx-inv-1',
      { lines: 'all', reason: 'Charged twice' },
      { publicUrl: t.config.publicUrl, mailFrom: t.config.mailFrom },
    );
    owner = await signInAsMemberUser(t, portal, 'owner@dx-a.example', 'dx-a', 'owner');
    staff = await signInAsMemberUser(t, portal, 'staff@dx-a.example', 'dx-a', 'staff');
    otherOwner = await signInAsMemberUser(t, portal, 'owner@dx-b.example', 'dx-b', 'owner');
    ownerUid = await uidOf(t, 'owner@dx-a.example');
  });
  afterAll(() => t.close());

  it('is asked for by an owner, made by a job, and downloaded as a ZIP of everything', async () => {
    // Staff see the section but do not ask for it.
    const before = await call<TDataExportState>(staff, 'GET', '/api/data-export');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ export: null, canRequest: false });
    expect((await call(staff, 'POST', '/api/data-export')).status).toBe(403);

    const asked = await call<TDataExport>(owner, 'POST', '/api/data-export');
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toMatchObject({ state: 'queued', downloadUrl: null });
    // Asking again while it is in the making gives the same export.
    const again = await call<TDataExport>(owner, 'POST', '/api/data-export');
    expect(again.body.id).toBe(asked.body.id);

    const runner = await startTestJobRunner(t);
    let made: TDataExport;
    try {
      made = await waitUntilMade(staff);
    } finally {
      await runner.stop();
    }
    expect(made, made.error ?? '').toMatchObject({
      id: asked.body.id,
      state: 'ready',
      counts: {
        users: 2,
        invoices: 2,
        creditNotes: 1,
        certificates: 1,
        changeRequests: 0,
        pdfs: 4,
      },
      downloadUrl: `/api/data-export/${asked.body.id}/zip`,
    });
    expect(made.progress).toEqual({ done: 13, total: 13 });
    expect(made.counts?.payments).toBeGreaterThanOrEqual(1);
    expect(Date.parse(made.expiresAt ?? '') - Date.parse(made.readyAt ?? '')).toBe(86_400_000);

    // Any colleague downloads it; the file is named after the member.
    const download = await call(staff, 'GET', made.downloadUrl ?? '');
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(String(download.headers['content-disposition'])).toMatch(
      /^attachment; filename="M-dx-a-data-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(download.raw.length).toBe(made.sizeBytes);
    const files = unzipSync(new Uint8Array(download.raw));
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'audit-entries.json',
      'certificates.json',
      `certificates/certificate-C-${clock.year() - 1}-0001.pdf`,
      'change-requests.json',
      'credit-notes.json',
      expect.stringMatching(/^credit-notes\/.+\.pdf$/),
      'invoices.json',
      'invoices/invoice-DX-0001.pdf',
      'invoices/invoice-DX-0002.pdf',
      'member.json',
      'payments.json',
      'users.json',
    ]);
    const json = (name: string) =>
      JSON.parse(strFromU8(files[name] ?? new Uint8Array())) as unknown;
    for (const [name, content] of Object.entries(files)) {
      if (name.endsWith('.pdf')) expect(strFromU8(content.slice(0, 5)), name).toBe('%PDF-');
    }
    expect(json('member.json')).toMatchObject({ number: 'M-dx-a', legalName: 'Hafen Logistik AG' });
    expect(json('users.json')).toEqual([
      expect.objectContaining({ email: 'owner@dx-a.example', memberRole: 'owner' }),
      expect.objectContaining({ email: 'staff@dx-a.example', memberRole: 'staff' }),
    ]);
    expect(json('invoices.json')).toEqual([
      expect.objectContaining({ number: 'DX-0001', creditedMinor: '45000', balanceMinor: '0' }),
      expect.objectContaining({ number: 'DX-0002', totalMinor: '45000' }),
    ]);
    expect(json('credit-notes.json')).toEqual([
      expect.objectContaining({ invoiceNumber: 'DX-0001', reason: 'Charged twice' }),
    ]);
    const history = json('audit-entries.json') as { table: string; action: string }[];
    expect(history).toContainEqual(
      expect.objectContaining({ table: 'credit_notes', action: 'issue' }),
    );
    expect(history).toContainEqual(
      expect.objectContaining({ table: 'members', action: 'data-export-requested' }),
    );
    // No secret and nothing of another member's, anywhere in the archive.
    const everything = Object.values(files)
      .map((content) => strFromU8(content, true))
      .join('\n');
    const hashes = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('member_mid', '=', 'dx-a')
      .execute();
    for (const { password_hash } of hashes) {
      expect(password_hash).toBeTruthy();
      expect(everything).not.toContain(password_hash);
    }
    expect(everything).not.toContain('passwordHash');
    expect(everything).not.toContain('DX-B-0001');
    expect(everything).not.toContain('Other Freight');

    // The request and the download are in the member's history, by whom.
    const audit = await auditEntriesOf(t.database.db, 'members', 'dx-a')
      .select(['action', 'actor_kind', 'actor_uid'])
      .where('action', 'like', 'data-export-%')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual([
      'data-export-requested',
      'data-export-downloaded',
    ]);
    expect(audit[0]).toMatchObject({ actor_kind: 'user', actor_uid: ownerUid });

    // Another member's owner sees none of it.
    const other = await call<TDataExportState>(otherOwner, 'GET', '/api/data-export');
    expect(other.body).toEqual({ export: null, canRequest: true });
    expect((await call(otherOwner, 'GET', made.downloadUrl ?? '')).status).toBe(404);
  });

  it('is made once however often its job runs, and gone after 24 hours', async () => {
    const { body } = await call<TDataExportState>(owner, 'GET', '/api/data-export');
    const ready = body.export;
    expect(ready?.state).toBe('ready');
    // A job that runs again (taken over, retried) answers the ready export as it is.
    expect(
      await makeDataExport(t.database.db, ready?.id ?? '', { publicUrl: '', runId: null }),
    ).toEqual({ outcome: 'already-made' });

    await t.database.db
      .updateTable('member_data_exports')
      .set({ expires_at: new Date(clock.nowMs() - 1000) })
      .where('id', '=', ready?.id ?? '')
      .execute();
    const expired = await call<TDataExportState>(owner, 'GET', '/api/data-export');
    expect(expired.body.export).toMatchObject({ state: 'expired', downloadUrl: null });
    expect((await call(owner, 'GET', `/api/data-export/${ready?.id}/zip`)).status).toBe(404);
    expect(await expireDataExports(t.database.db)).toBe(1);
    expect(await expireDataExports(t.database.db)).toBe(0);
    const row = await t.database.db
      .selectFrom('member_data_exports')
      .select(['content', 'counts'])
      .where('id', '=', ready?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(row.content).toBeNull();
    expect(row.counts).toMatchObject({ invoices: 2 });
  });

  it('refuses a sixth export in 24 hours with 429', async () => {
    const requested = await t.database.db
      .selectFrom('member_data_exports')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_mid', '=', 'dx-b')
      .executeTakeFirstOrThrow();
    expect(Number(requested.count)).toBe(0);
    await t.database.db
      .insertInto('member_data_exports')
      .values(
        [1, 2, 3, 4, 5].map((index) => ({
          id: `dx-b-earlier-${index}`,
          member_mid: 'dx-b',
          requested_at: new Date(clock.nowMs() - index * 60_000),
          state: 'failed' as const,
        })),
      )
      .execute();
    const refused = await call(otherOwner, 'POST', '/api/data-export');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/5 times in the last 24 hours/);
  });
});
