import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { createWriteTestApp, insertMembers } from '../../test/fixtures';
import { expectInvalid } from '../../test/requests';
import type { MemberCategory, MemberStatus } from '../db/schema';

type Seed = { mid: string; status: MemberStatus; category?: MemberCategory; country?: string };

const seeds: Seed[] = [
  { mid: 'ov-ch-1', status: 'overdue', country: 'CH' },
  { mid: 'ov-ch-2', status: 'overdue', country: 'CH' },
  { mid: 'ov-de-1', status: 'overdue', country: 'DE' },
  { mid: 'act-ch-1', status: 'active', country: 'CH' },
  { mid: 'hon-ch-1', status: 'active', category: 'honorary', country: 'CH' },
  { mid: 'term-ch-1', status: 'terminated', country: 'CH' },
];

describe('POST /api/members/bulk/status', () => {
  let t: TestApp;
  let cookie: string;
  let readerCookie: string;

  beforeAll(async () => {
    ({
      t,
      cookie,
      readOnlyCookie: readerCookie,
    } = await createWriteTestApp('bulk@example.org', ['membership']));
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('audit_log').where('table_name', '=', 'members').execute();
    await t.database.db.deleteFrom('members').execute();
    await insertMembers(
      t.database.db,
      seeds.map((seed, i) => ({
        mid: seed.mid,
        number: `M-${String(i + 1).padStart(6, '0')}`,
        category: seed.category ?? ('individual' as const),
        status: seed.status,
        legal_name: `Carrier ${seed.mid}`,
        country_iso2: seed.country ?? null,
      })),
    );
  });
  afterAll(() => t.close());

  const change = (body: Record<string, unknown>, as = cookie) =>
    t.app.inject({
      method: 'POST',
      url: '/api/members/bulk/status',
      headers: { cookie: as },
      payload: body,
    });
  const statusOf = async () =>
    Object.fromEntries(
      (
        await t.database.db.selectFrom('members').select(['mid', 'status', 'version']).execute()
      ).map((row) => [row.mid, `${row.status}@${row.version}`]),
    );

  it('suspends every overdue member a view shows, and only those, each audited with the reason', async () => {
    const response = await change({
      selection: { kind: 'all', listParams: 'country=CH&sort=-number' },
      status: 'suspended',
      reason: 'Unpaid after two reminders',
    });
    expect(response.statusCode, response.body).toBe(200);
    // Four CH members are live; two are overdue (and may be suspended), the others skip.
    expect(response.json()).toEqual({
      changed: 2,
      skipped: 3,
      undo: expect.objectContaining({ operationId: expect.any(String) }),
    });
    expect(await statusOf()).toMatchObject({
      'ov-ch-1': 'suspended@2',
      'ov-ch-2': 'suspended@2',
      'ov-de-1': 'overdue@1',
      'act-ch-1': 'active@1',
      'term-ch-1': 'terminated@1',
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['record_id', 'action', 'before', 'after', 'actor_kind'])
      .where('table_name', '=', 'members')
      .orderBy('record_id')
      .execute();
    expect(audit.map((entry) => entry.record_id)).toEqual(['ov-ch-1', 'ov-ch-2']);
    expect(audit[0]).toMatchObject({
      action: 'status',
      actor_kind: 'operator',
      before: expect.objectContaining({ status: 'overdue' }),
      after: expect.objectContaining({
        status: 'suspended',
        _reason: 'Unpaid after two reminders',
      }),
    });
  });

  it('takes ids picked on screen, and never marks an honorary member overdue', async () => {
    const response = await change({
      selection: { kind: 'ids', ids: ['act-ch-1', 'hon-ch-1', 'nope'] },
      status: 'overdue',
      reason: 'Year closed',
    });
    expect(response.json()).toEqual({
      changed: 1,
      skipped: 1,
      undo: expect.objectContaining({ operationId: expect.any(String) }),
    });
    expect(await statusOf()).toMatchObject({ 'act-ch-1': 'overdue@2', 'hon-ch-1': 'active@1' });
  });

  it('follows the list search, and leaves deleted members alone', async () => {
    await t.database.db
      .updateTable('members')
      .set({ deleted_at: new Date() })
      .where('mid', '=', 'ov-ch-2')
      .execute();
    const response = await change({
      selection: { kind: 'all', listParams: 'status=overdue' },
      status: 'active',
      reason: 'Paid at the congress',
    });
    expect(response.json()).toEqual({
      changed: 2,
      skipped: 0,
      undo: expect.objectContaining({ operationId: expect.any(String) }),
    });
    expect(await statusOf()).toMatchObject({ 'ov-ch-2': 'overdue@1', 'ov-de-1': 'active@2' });
  });

  it('refuses bad input with a 400 naming the field, and read-only operators with a 403', async () => {
    const noReason = await change({
      selection: { kind: 'ids', ids: ['act-ch-1'] },
      status: 'overdue',
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.issues[0].path).toBe('body.reason');

    const badView = await change({
      selection: { kind: 'all', listParams: 'status=sleeping' },
      status: 'active',
      reason: 'x',
    });
    expectInvalid(badView, 'query.status', 'invalid_value');

    const terminate = await change({
      selection: { kind: 'ids', ids: ['act-ch-1'] },
      status: 'terminated',
      reason: 'x',
    });
    expect(terminate.statusCode).toBe(400);

    const reader = await change(
      { selection: { kind: 'ids', ids: ['act-ch-1'] }, status: 'overdue', reason: 'x' },
      readerCookie,
    );
    expect(reader.statusCode).toBe(403);
    expect(await statusOf()).toMatchObject({ 'act-ch-1': 'active@1' });
  });
});
