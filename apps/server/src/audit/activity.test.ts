import type { TActivityFacets, TActivityListItem } from '@ops/contract/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, createTestApp, signInAsNewUser, type TestApp } from '../../test/app';
import { insertMembers, memberRow, signInOperators } from '../../test/fixtures';
import { listEndpoint } from '../../test/lists';
import { apiAs, expectInvalid } from '../../test/requests';
import { cliActor, recordAudit } from '../db/audit';
import { writeTransaction } from '../db/transaction';
import { loadCountries } from '../seed/countries';

/** A password hash as argon2id writes one: it must never leave the server. */
const secretHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$LEAKEDHASHVALUE0123456789';

describe('GET /api/activity', () => {
  let t: TestApp;
  let cookie: string;
  let annUid: string;
  let bobUid: string;
  let plainUid: string;
  let list: ReturnType<typeof listEndpoint<TActivityListItem>>;

  /** An entry written at a chosen time, as the records store writes it. */
  async function entryAt(
    at: string,
    entry: {
      actorUid: string | null;
      actorKind?: 'operator' | 'system' | 'cli';
      table: string;
      recordId: string;
      action: string;
      before?: Record<string, unknown> | null;
      after?: Record<string, unknown> | null;
    },
  ) {
    await t.database.db
      .insertInto('audit_log')
      .values({
        at: new Date(at),
        actor_uid: entry.actorUid,
        actor_kind: entry.actorKind ?? 'operator',
        table_name: entry.table,
        record_id: entry.recordId,
        action: entry.action,
        before: JSON.stringify(entry.before ?? null),
        after: JSON.stringify(entry.after ?? null),
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp();
    const operators = await signInOperators(t, { ann: ['read-only'], bob: ['membership'] });
    cookie = operators.cookies.ann;
    ({ ann: annUid, bob: bobUid } = operators.uids);
    await loadCountries(t.database.pool);
    await insertMembers(t.database.db, [memberRow('act-m1', { legal_name: 'Acme Logistics' })]);
    // Setting up operators and signing in wrote entries of their own; the tests read only theirs.
    await t.database.db.deleteFrom('audit_log').execute();

    // 2026-03-01T23:30Z is 00:30 on 2 March in Zurich: a day at headquarters, not in UTC.
    await entryAt('2026-03-01T10:00:00.000001Z', {
      actorUid: annUid,
      table: 'members',
      recordId: 'act-m1',
      action: 'update',
      before: { legal_name: 'Acme', city: 'Bern', version: 1 },
      after: { legal_name: 'Acme Logistics', city: 'Bern', version: 2, _reason: 'Typo' },
    });
    await entryAt('2026-03-01T23:30:00.000002Z', {
      actorUid: bobUid,
      table: 'members',
      recordId: 'act-m1',
      action: 'status',
      before: { status: 'active' },
      after: { status: 'suspended' },
    });
    await entryAt('2026-03-02T08:00:00.000003Z', {
      actorUid: null,
      actorKind: 'system',
      table: 'invoices',
      recordId: 'act-i1',
      action: 'dunning',
      before: { dunning_level: 0 },
      after: { dunning_level: 1 },
    });
    // Several entries of one transaction share their time: the id orders them.
    for (let i = 0; i < 5; i++) {
      await entryAt('2026-03-03T09:00:00.000000Z', {
        actorUid: annUid,
        table: 'countries',
        recordId: `C${i}`,
        action: 'update',
        before: { vat_rate: i },
        after: { vat_rate: i + 1 },
      });
    }
  });
  afterAll(() => t.close());

  beforeAll(() => {
    list = listEndpoint<TActivityListItem>(t, '/api/activity', cookie);
  });

  it('lists every entry newest first, with who, the record, the changes and the reason', async () => {
    const { status, body } = await list.list('limit=50');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.totalIsExact).toBe(true);
    expect(body.estimatedTotal).toBe(8);
    const times = body.data.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
    // Same time: the later entry first.
    const ids = body.data.slice(0, 5).map((entry) => Number(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const edit = body.data.find(
      (entry) => entry.action === 'update' && entry.recordType === 'members',
    );
    expect(edit).toEqual({
      id: expect.any(String),
      at: '2026-03-01T10:00:00.000Z',
      actor: { kind: 'operator', uid: annUid, email: 'ann@example.org', displayName: null },
      recordType: 'members',
      record: { id: 'act-m1', label: 'M-act-m1 Acme Logistics' },
      action: 'update',
      reason: 'Typo',
      // Bookkeeping (version) and unchanged fields are left out; the reason is not a field.
      changes: [{ field: 'legal_name', before: 'Acme', after: 'Acme Logistics' }],
    });
    const dunning = body.data.find((entry) => entry.action === 'dunning');
    expect(dunning?.actor).toEqual({ kind: 'system', uid: null, email: null, displayName: null });
    // A record that is gone (or never was) keeps its id; it has no label.
    expect(dunning?.record).toEqual({ id: 'act-i1', label: null });
  });

  it('pages by keyset: every entry once, in order, microseconds apart or at the same time', async () => {
    const { rows, pages } = await list.allPages('limit=3');
    expect(pages).toBe(3);
    const { body } = await list.list('limit=50');
    expect(rows.map((row) => row.id)).toEqual(body.data.map((row) => row.id));
    const oldestFirst = await list.allPages('limit=2&sort=at');
    expect(oldestFirst.rows.map((row) => row.id)).toEqual(body.data.map((row) => row.id).reverse());
  });

  it('filters by operator, the system, record type, action, record and days at headquarters', async () => {
    const actions = async (query: string) => {
      const { status, body } = await list.list(query);
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data.map((entry) => `${entry.recordType}:${entry.action}`);
    };
    expect(await actions(`operator=${bobUid}`)).toEqual(['members:status']);
    expect(await actions(`operator=${annUid},${bobUid}`)).toHaveLength(7);
    expect(await actions('operator=(empty)')).toEqual(['invoices:dunning']);
    expect(await actions('recordType=members')).toEqual(['members:status', 'members:update']);
    expect(await actions('recordType=invoices,members')).toHaveLength(3);
    expect(await actions('action=status,dunning')).toEqual(['invoices:dunning', 'members:status']);
    expect(await actions('record=act-m1')).toEqual(['members:status', 'members:update']);
    expect(await actions(`record=act-m1&operator=${annUid}`)).toEqual(['members:update']);
    // 23:30 UTC on 1 March is 2 March in Zurich.
    expect(await actions('at=2026-03-01..2026-03-01')).toEqual(['members:update']);
    expect(await actions('at=2026-03-02')).toEqual(['invoices:dunning', 'members:status']);
    expect(await actions('at=2026-03-02..')).toHaveLength(7);
    expect(await actions('at=..2026-03-02')).toHaveLength(3);
    expect(await actions('at=2026-03-04..')).toEqual([]);
  });

  it('refuses bad filters with a 400 naming the field and rule', async () => {
    const api = apiAs(t, cookie);
    expectInvalid(
      await api.get('/api/activity?recordType=sessions'),
      'query.recordType',
      'invalid_value',
    );
    expectInvalid(await api.get('/api/activity?at=2026-02-30..'), 'query.at', 'invalid_format');
    expectInvalid(await api.get('/api/activity?at=yesterday'), 'query.at', 'invalid_format');
    expectInvalid(await api.get('/api/activity?sort=action'), 'query.sort', 'invalid_value');
    expectInvalid(await api.get('/api/activity?cursor=nonsense'), 'query.cursor', 'invalid_format');
  });

  it('exports the filtered view as CSV, the changes as text', async () => {
    const response = await t.app.inject({
      url: `/api/activity/export?recordType=members`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/activity-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'When,Who (id),Who,Record type,Record id,Record,Action,What changed,Reason,Entry id',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`2026-03-01T23:30:00.000Z,${bobUid},bob@example.org,members,act-m1`);
    expect(lines[1]).toContain('status: active → suspended');
    expect(lines[2]).toContain('legal_name: Acme → Acme Logistics,Typo');
  });

  it('offers the operators and actions the trail holds as filter choices', async () => {
    const { status, body } = await apiAs(t, cookie).get<TActivityFacets>('/api/activity/facets');
    expect(status).toBe(200);
    expect(body.actors).toEqual([
      { uid: annUid, email: 'ann@example.org', displayName: null },
      { uid: bobUid, email: 'bob@example.org', displayName: null },
    ]);
    expect(body.actions).toEqual(['dunning', 'status', 'update']);
  });

  it('never shows a secret: a password hash in an entry, even an old one, stays on the server', async () => {
    // A user created with a password writes its entry through the records store …
    const user = await addTestUser(t.database, 'secretive@example.org', {
      password: 'correct horse battery staple 42',
    });
    plainUid = user.uid;
    // … and an entry written before secrets were stripped still carries the hash.
    await writeTransaction(t.database.db, async (trx) => {
      await trx
        .insertInto('audit_log')
        .values({
          actor_uid: null,
          actor_kind: 'cli',
          table_name: 'users',
          record_id: plainUid,
          action: 'set-password',
          before: JSON.stringify({ password_hash: null, sign_in_methods: [] }),
          after: JSON.stringify({ password_hash: secretHash, sign_in_methods: ['password'] }),
        })
        .execute();
      await recordAudit(trx, cliActor, {
        table: 'users',
        recordId: plainUid,
        action: 'set-password',
        before: { password_hash: secretHash },
        after: { password_hash: `${secretHash}2`, display_name: 'Secretive' },
      });
    });
    const { body } = await list.list(`recordType=users&record=${plainUid}`);
    expect(body.data.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(body);
    expect(text).not.toContain('LEAKEDHASH');
    expect(text).not.toContain('password_hash');
    expect(text).not.toContain('$argon2');
    const old = body.data.find((entry) =>
      entry.changes.some((change) => change.field === 'sign_in_methods'),
    );
    expect(old?.changes).toEqual([{ field: 'sign_in_methods', before: [], after: ['password'] }]);

    const csv = await t.app.inject({
      url: `/api/activity/export?recordType=users`,
      headers: { cookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(plainUid);
    expect(csv.body).not.toContain('LEAKEDHASH');
    expect(csv.body).not.toContain('password_hash');
    expect(csv.body).not.toContain('$argon2');
  });

  it('is for operators only: 401 for a visitor, 403 for a signed-in user who is not one', async () => {
    for (const url of ['/api/activity', '/api/activity/export', '/api/activity/facets']) {
      const visitor = await t.app.inject({ url });
      expect(visitor.statusCode, url).toBe(401);
    }
    const userCookie = await signInAsNewUser(t, 'member-user@example.org');
    for (const url of ['/api/activity', '/api/activity/export', '/api/activity/facets']) {
      const user = await t.app.inject({ url, headers: { cookie: userCookie } });
      expect(user.statusCode, url).toBe(403);
    }
  });
});
