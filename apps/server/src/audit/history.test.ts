import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { writeTransaction } from '../db/transaction';
import { changedFields } from './history';
import { cliActor, recordAudit } from '../db/audit';

type Page = {
  data: {
    id: string;
    at: string;
    action: string;
    reason: string | null;
    actor: { kind: string; uid: string | null; email: string | null; displayName: string | null };
    changes: { field: string; before: unknown; after: unknown }[];
  }[];
  nextCursor: string | null;
};

describe('changedFields', () => {
  it('lists fields whose value differs, without bookkeeping, secrets or metadata', () => {
    expect(
      changedFields(
        { name: 'A', city: 'Bern', version: 1, updated_at: 'x', password_hash: 'h1', tags: ['a'] },
        {
          name: 'B',
          city: 'Bern',
          version: 2,
          updated_at: 'y',
          password_hash: 'h2',
          tags: ['a', 'b'],
          _reason: 'typo',
        },
      ),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('treats a creation as every field set, and a missing value as null', () => {
    expect(changedFields(null, { name: 'A', vat: null, active: true })).toEqual([
      { field: 'active', before: null, after: true },
      { field: 'name', before: null, after: 'A' },
    ]);
  });
});

describe('GET /api/audit/:table/:id', () => {
  let t: TestApp;
  let cookie: string;
  let operatorUid: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'historian@example.org', ['read-only']);
    const operator = await t.database.db
      .selectFrom('users')
      .select('uid')
      .where('email', '=', 'historian@example.org')
      .executeTakeFirstOrThrow();
    operatorUid = operator.uid;
    await writeTransaction(t.database.db, async (trx) => {
      for (let i = 1; i <= 25; i++) {
        await recordAudit(trx, i % 2 ? { kind: 'operator', uid: operatorUid } : cliActor, {
          table: 'members',
          recordId: 'hist-1',
          action: 'update',
          before: { city: `City ${i - 1}`, version: i },
          after: {
            city: `City ${i}`,
            version: i + 1,
            ...(i === 25 ? { _reason: 'Moved offices' } : {}),
          },
        });
      }
      await recordAudit(trx, cliActor, {
        table: 'users',
        recordId: 'hist-user',
        action: 'set-password',
        before: { password_hash: 'old', sign_in_methods: [] },
        after: { password_hash: 'new', sign_in_methods: ['password'] },
      });
      await recordAudit(trx, cliActor, {
        table: 'members',
        recordId: 'other',
        action: 'update',
        before: { city: 'A' },
        after: { city: 'B' },
      });
    });
  });
  afterAll(() => t.close());

  const history = async (path: string) => {
    const response = await t.app.inject({ url: path, headers: { cookie } });
    return { status: response.statusCode, body: response.json<Page>() };
  };

  it('pages through one record newest first, with who, when and before → after', async () => {
    const first = await history('/api/audit/members/hist-1?limit=10');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({
      action: 'update',
      reason: 'Moved offices',
      actor: { kind: 'operator', uid: operatorUid, email: 'historian@example.org' },
      changes: [{ field: 'city', before: 'City 24', after: 'City 25' }],
    });
    expect(Date.parse(first.body.data[0]?.at ?? '')).not.toBeNaN();
    expect(first.body.data[1]?.actor).toEqual({
      kind: 'cli',
      uid: null,
      email: null,
      displayName: null,
    });

    const cities: unknown[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { body } = await history(
        `/api/audit/members/hist-1?limit=10${cursor ? `&cursor=${cursor}` : ''}`,
      );
      cities.push(...body.data.map((entry) => entry.changes[0]?.after));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(cities).toEqual(Array.from({ length: 25 }, (_, i) => `City ${25 - i}`));
  });

  it('never shows secret columns', async () => {
    const { body } = await history('/api/audit/users/hist-user');
    expect(body.data[0]?.changes).toEqual([
      { field: 'sign_in_methods', before: [], after: ['password'] },
    ]);
    expect(JSON.stringify(body)).not.toContain('password_hash');
  });

  it('answers an empty page for a record without history, and 400 for a table not allowed', async () => {
    expect((await history('/api/audit/members/never-changed')).body).toEqual({
      data: [],
      nextCursor: null,
    });
    const refused = await t.app.inject({ url: '/api/audit/sessions/x', headers: { cookie } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { issues: { path: string }[] } }>().error.issues[0]?.path).toBe(
      'params.table',
    );
  });

  it('is for operators only', async () => {
    const response = await t.app.inject({ url: '/api/audit/members/hist-1' });
    expect(response.statusCode).toBe(401);
  });
});
