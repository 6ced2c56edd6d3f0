import type { TBulkEditPreview, TBulkEditResult, TBulkUndoResult } from '@ops/contract/bulk-edit';
import type {
  TEmailsBulkRetryResult,
  TMembersBulkStatusResult,
  TUserBulkResult,
} from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addTestUser, createTestApp, signInByPassword, type TestApp } from '../../test/app';
import { insertMembers, memberRow, signInOperators } from '../../test/fixtures';
import {
  apiAs,
  expectForbidden,
  expectInvalid,
  injectAs,
  type OperatorApi,
} from '../../test/requests';
import { newId } from '../lib/ids';
import { loadCountries } from '../seed/countries';

/**
 * Undo of every bulk action (issue 19): bulk edit, members bulk status, users bulk disabled and
 * e-mails bulk retry; rows changed meanwhile skipped and named; the window, twice, and another
 * operator's action refused.
 */
describe('undo of bulk actions', () => {
  let t: TestApp;
  let api: OperatorApi;
  let other: string;
  let otherUid: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    const { cookies, uids } = await signInOperators(t, {
      'undo-admin': ['admin'],
      'undo-other': ['membership'],
    });
    api = apiAs(t, cookies['undo-admin']);
    other = cookies['undo-other'];
    otherUid = uids['undo-other'];
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('bulk_operations').execute();
    await t.database.db.deleteFrom('audit_log').execute();
    await t.database.db.deleteFrom('members').execute();
    await insertMembers(t.database.db, [
      memberRow('m1'),
      memberRow('m2'),
      memberRow('m3'),
      memberRow('p1', { status: 'pending-payment' }),
      memberRow('o1', { status: 'overdue', joined_on: '2020-05-01' }),
    ]);
  });
  afterAll(() => t.close());

  const undo = (area: string, operationId: string, as?: string) =>
    api.post<TBulkUndoResult>(`/api/${area}/bulk/undo`, { operationId }, as);
  const members = async () =>
    Object.fromEntries(
      (
        await t.database.db
          .selectFrom('members')
          .select(['mid', 'category', 'status', 'joined_on', 'version'])
          .execute()
      ).map((row) => [row.mid, row]),
    );

  /** A bulk edit of the members' category to "group", answered. */
  async function editCategory(mids: string[]) {
    const selection = { kind: 'ids', ids: mids };
    const previewed = await api.post<TBulkEditPreview>('/api/members/bulk/edit/preview', {
      selection,
      field: 'category',
      value: 'group',
    });
    const done = await api.post<TBulkEditResult>('/api/members/bulk/edit', {
      selection,
      field: 'category',
      value: 'group',
      previewedAt: previewed.body.previewedAt,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const operationId = done.body.undo?.operationId;
    if (!operationId) throw new Error('The bulk edit answered no undo handle');
    return operationId;
  }

  it('restores a bulk edit through the audited path, skipping rows changed since', async () => {
    const operationId = await editCategory(['m1', 'm2', 'm3']);
    await sql`UPDATE members SET category = 'honorary', version = version + 1, updated_at = now(),
                updated_by = ${otherUid} WHERE mid = 'm3'`.execute(t.database.db);
    const answer = await undo('members', operationId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      restored: 2,
      skipped: [
        {
          id: 'm3',
          label: 'Company m3 (M-m3)',
          changedBy: 'undo-other@example.org',
          changedAt: expect.any(String),
        },
      ],
      skippedCount: 1,
    });
    expect(await members()).toMatchObject({
      m1: { category: 'individual', version: 3 },
      m2: { category: 'individual', version: 3 },
      m3: { category: 'honorary', version: 3 },
    });
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['record_id', 'after'])
      .where('action', '=', 'undo')
      .orderBy('record_id')
      .execute();
    expect(entries.map((entry) => entry.record_id)).toEqual(['m1', 'm2']);
    expect(entries[0]?.after).toMatchObject({
      category: 'individual',
      _reason: expect.stringMatching(/^Undo of the bulk change at \d{4}-\d{2}-\d{2} /),
    });
  });

  it('refuses a second undo, a late one, another operator’s and another list’s', async () => {
    const operationId = await editCategory(['m1']);
    expectForbidden(await undo('members', operationId, other));
    expect((await undo('users', operationId)).status).toBe(404);
    expect((await undo('members', 'no-such-operation')).status).toBe(404);
    expect((await undo('members', operationId)).status).toBe(200);
    expectInvalid(await undo('members', operationId), 'body.operationId', 'already-undone');

    const late = await editCategory(['m2']);
    await sql`UPDATE bulk_operations SET undo_until = now() - interval '1 second'
               WHERE id = ${late}`.execute(t.database.db);
    const tooLate = await undo('members', late);
    expectInvalid(tooLate, 'body.operationId', 'undo-expired');
    expect((tooLate.body as unknown as { error: { message: string } }).error.message).toMatch(
      /^Too late to undo/,
    );
    expect((await members()).m2).toMatchObject({ category: 'group' });
  });

  it('gives members their status and join day back after a bulk status change', async () => {
    const moved = await api.post<TMembersBulkStatusResult>('/api/members/bulk/status', {
      selection: { kind: 'ids', ids: ['p1', 'o1'] },
      status: 'active',
      reason: 'Paid at the congress',
    });
    expect(moved.body.changed).toBe(2);
    const joined = await members();
    expect(joined.p1?.joined_on).not.toBeNull();
    const answer = await undo('members', moved.body.undo?.operationId ?? '');
    expect(answer.body).toMatchObject({ restored: 2, skippedCount: 0 });
    expect(await members()).toMatchObject({
      p1: { status: 'pending-payment', joined_on: null, version: 3 },
      o1: { status: 'overdue', joined_on: '2020-05-01', version: 3 },
    });
  });

  it('enables users again after a bulk disable; their ended sessions stay ended', async () => {
    const password = 'Correct-Horse-Battery-9';
    const a = await addTestUser(t.database, 'undo-a@example.org', { password });
    const b = await addTestUser(t.database, 'undo-b@example.org', { password });
    const session = await signInByPassword(t, 'undo-a@example.org', password);
    expect((await injectAs(t, session, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const disabled = await api.post<TUserBulkResult>('/api/users/bulk/disabled', {
      selection: { kind: 'ids', ids: [a.uid, b.uid] },
      disabled: true,
    });
    expect(disabled.body).toMatchObject({ changed: 2, undo: { operationId: expect.any(String) } });
    const answer = await undo('users', disabled.body.undo?.operationId ?? '');
    expect(answer.body).toMatchObject({ restored: 2, skippedCount: 0 });
    const users = await t.database.db
      .selectFrom('users')
      .select(['disabled', 'version'])
      .where('uid', 'in', [a.uid, b.uid])
      .execute();
    expect(users).toEqual([
      { disabled: false, version: 3 },
      { disabled: false, version: 3 },
    ]);
    expect((await injectAs(t, session, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await signInByPassword(t, 'undo-a@example.org', password)).length).toBeGreaterThan(0);
  });

  it('sends retried e-mails back to failed unless the worker took them already', async () => {
    const email = (subject: string) => ({
      eid: newId(),
      to_addresses: ['someone@example.org'],
      from_address: 'ops@example.org',
      subject,
      kind: 'sign-in-link',
      state: 'ERROR' as const,
      attempts: 5,
      error: 'Mailbox unavailable',
    });
    const waiting = email('Waiting');
    const sent = email('Sent meanwhile');
    await t.database.db.insertInto('emails').values([waiting, sent]).execute();
    const retried = await api.post<TEmailsBulkRetryResult>('/api/emails/bulk/retry', {
      selection: { kind: 'ids', ids: [waiting.eid, sent.eid] },
    });
    expect(retried.body.retried).toBe(2);
    // The worker took and sent one of them.
    await sql`UPDATE emails SET state = 'SUCCESS', attempts = attempts + 1,
                delivery_count = delivery_count + 1, updated_at = now()
               WHERE eid = ${sent.eid}`.execute(t.database.db);
    const answer = await undo('emails', retried.body.undo?.operationId ?? '');
    expect(answer.body).toMatchObject({
      restored: 1,
      skippedCount: 1,
      skipped: [
        {
          id: sent.eid,
          label: 'E-mail "Sent meanwhile" to someone@example.org (already sent)',
          changedBy: 'the delivery worker',
        },
      ],
    });
    const rows = await t.database.db
      .selectFrom('emails')
      .select(['eid', 'state', 'attempts', 'error'])
      .where('eid', 'in', [waiting.eid, sent.eid])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.eid, row]))).toMatchObject({
      [waiting.eid]: { state: 'ERROR', attempts: 5, error: 'Mailbox unavailable' },
      [sent.eid]: { state: 'SUCCESS' },
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['record_id', 'action'])
      .where('table_name', '=', 'emails')
      .where('action', '=', 'undo')
      .execute();
    expect(audit).toEqual([{ record_id: waiting.eid, action: 'undo' }]);
  });
});
