import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  createTestApp,
  signInAsNewOperator,
  signInAsNewUser,
  type TestApp,
} from '../../test/app';
import { silentLogger } from '../../test/database';
import { cliActor } from '../db/audit';
import { sessionReference, sha256 } from '../auth/sessions';
import { newId } from '../lib/ids';
import { removeOperator } from '../operators/service';
import { issueSearchKey } from './keys';
import { requestRebuild, runRebuild } from './rebuild';
import { insertMembers, memberRow } from '../../test/fixtures';

type Hit = {
  id: string;
  _type: string;
  name?: string;
  description: string;
  _firestore_id: string;
  _rankingScoreDetails?: { stage: string; typos: number };
};
type SearchBody = { hits: Hit[]; estimatedTotalHits: number; query: string };

describe('searchParams and the search service', () => {
  let t: TestApp;
  let cookie: string;
  let apiKey: string;
  const index = 'operations';
  const ids = { zurich: newId(), tokyo: newId(), larson: newId(), logistics: newId() };

  const search = async (q: string, extra: Record<string, unknown> = {}, key = apiKey) =>
    t.app.inject({
      method: 'POST',
      url: `/indexes/${index}/search`,
      headers: { authorization: `Bearer ${key}` },
      payload: { q, showRankingScoreDetails: true, ...extra },
    });
  const hitsOf = async (q: string) => {
    const response = await search(q);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SearchBody>().hits;
  };

  const addMember = (mid: string, number: string, name: string, extra: object = {}) =>
    insertMembers(t.database.db, [
      memberRow(mid, { number, legal_name: name, country_iso2: null, ...extra }),
    ]);

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'searcher@example.org');
    const response = await t.app.inject({
      method: 'POST',
      url: '/functions/searchParams',
      headers: { cookie },
      payload: { data: {} },
    });
    apiKey = response.json<{ result: { apiKey: string } }>().result.apiKey;
    await addMember(ids.zurich, 'M-000101', 'Spedition Zürich AG', {
      email: 'info@zuerich-spedition.example',
      vat_number: 'CHE-123.456.789',
    });
    await addMember(ids.tokyo, 'M-000102', '東京物流株式会社');
    await addMember(ids.larson, 'M-000103', 'Larson Freight Ltd');
    await addMember(ids.logistics, 'M-000104', 'Baltic Logistics Partners');
    await addTestUser(t.database, 'ingrid.larsen@example.org', { displayName: 'Ingrid Larsen' });
    await t.database.db
      .insertInto('invoices')
      .values({
        iid: newId(),
        number: '2026-000777',
        member_mid: ids.zurich,
        kind: 'membership',
        year: 2026,
        currency: 'CHF',
        total_minor: '95000',
        status: 'issued',
      })
      .execute();
  });
  afterAll(() => t.close());

  describe('POST /functions/searchParams', () => {
    it('returns the host, a signed search key for the index and when it expires', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/functions/searchParams',
        headers: { cookie, host: 'ops.example.org' },
        payload: { data: {} },
      });
      expect(response.statusCode).toBe(200);
      const { result } = response.json<{
        result: { host: string; apiKey: string; index: string; expiresAt: string };
      }>();
      expect(result.host).toBe('http://ops.example.org');
      expect(result.index).toBe(index);
      expect(result.apiKey.split('.')).toHaveLength(3);
      const lifetime = Date.parse(result.expiresAt) - Date.now();
      expect(lifetime).toBeGreaterThan(59 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
    });

    it('answers in the callable shape: 401 unauthenticated, 400 for a non-empty payload', async () => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/functions/searchParams',
        payload: { data: {} },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });

      const withData = await t.app.inject({
        method: 'POST',
        url: '/functions/searchParams',
        headers: { cookie },
        payload: { data: { index: 'other' } },
      });
      expect(withData.statusCode).toBe(400);
      expect(withData.json()).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    });
  });

  describe('errors of the search service (Meilisearch shape)', () => {
    it('401 without a key, 403 with a forged or foreign key', async () => {
      const missing = await t.app.inject({
        method: 'POST',
        url: `/indexes/${index}/search`,
        payload: { q: 'x' },
      });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toMatchObject({
        code: 'missing_authorization_header',
        type: 'auth',
        link: expect.stringContaining('missing_authorization_header'),
      });

      const forged = await search('x', {}, `${apiKey.slice(0, -4)}AAAA`);
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ code: 'invalid_api_key', type: 'auth' });

      const expired = await issueSearchKey(
        t.database.db,
        { uid: 'someone', index, session: 'a session' },
        Date.now() - 2 * 3_600_000,
      );
      const late = await search('x', {}, expired.apiKey);
      expect(late.statusCode).toBe(403);
      expect(late.json<{ message: string }>().message).toContain('expired');
    });

    it('404 for an unknown index, 403 for a key of another index', async () => {
      const other = await issueSearchKey(t.database.db, {
        uid: (await t.database.db.selectFrom('operators').select('uid').executeTakeFirstOrThrow())
          .uid,
        index: 'archive',
        session: sessionReference(sha256(cookie.slice(cookie.indexOf('=') + 1))),
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/indexes/archive/search',
        headers: { authorization: `Bearer ${other.apiKey}` },
        payload: { q: 'x' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'index_not_found', type: 'invalid_request' });

      const foreign = await search('x', {}, other.apiKey);
      expect(foreign.statusCode).toBe(403);
    });

    it('400 naming the field for a bad body', async () => {
      const limit = await search('x', { limit: 'ten' });
      expect(limit.statusCode).toBe(400);
      expect(limit.json()).toMatchObject({ code: 'invalid_search_limit' });
      const q = await search('x'.repeat(201));
      expect(q.json()).toMatchObject({ code: 'invalid_search_q' });
      const malformed = await t.app.inject({
        method: 'POST',
        url: `/indexes/${index}/search`,
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        payload: '{"q": ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ type: 'invalid_request' });
    });

    it('stops a key working once its operator is revoked', async () => {
      const revokedCookie = await signInAsNewOperator(t, 'leaving@example.org');
      const params = await t.app.inject({
        method: 'POST',
        url: '/functions/searchParams',
        headers: { cookie: revokedCookie },
        payload: { data: {} },
      });
      const key = params.json<{ result: { apiKey: string } }>().result.apiKey;
      expect((await search('larson', {}, key)).statusCode).toBe(200);
      await removeOperator(t.database.db, cliActor, 'leaving@example.org');
      expect((await search('larson', {}, key)).statusCode).toBe(403);
    });
  });

  describe('relevance', () => {
    it('answers the Meilisearch response shape', async () => {
      const response = await search('larson', { limit: 5, offset: 0 });
      expect(response.json()).toMatchObject({
        hits: expect.any(Array),
        estimatedTotalHits: expect.any(Number),
        query: 'larson',
        processingTimeMs: expect.any(Number),
        limit: 5,
        offset: 0,
      });
    });

    it('finds exact numbers, e-mails and VAT numbers first, with or without punctuation', async () => {
      const [byNumber] = await hitsOf('2026-000777');
      expect(byNumber).toMatchObject({ _type: 'invoice', name: '2026-000777' });
      expect(byNumber?._rankingScoreDetails?.stage).toBe('exact');
      expect((await hitsOf('2026000777'))[0]?.name).toBe('2026-000777');
      expect((await hitsOf('M-000103'))[0]).toMatchObject({
        _type: 'member',
        _firestore_id: ids.larson,
      });
      expect((await hitsOf('Info@Zuerich-Spedition.example'))[0]?._firestore_id).toBe(ids.zurich);
      expect((await hitsOf('CHE123456789'))[0]?._firestore_id).toBe(ids.zurich);
      expect((await hitsOf('ingrid.larsen@example.org'))[0]).toMatchObject({
        _type: 'profile',
        name: 'Ingrid Larsen',
      });
    });

    it('matches the last word as a prefix while typing, accents ignored', async () => {
      expect((await hitsOf('Spedition Zur'))[0]?._firestore_id).toBe(ids.zurich);
      expect((await hitsOf('zurich'))[0]?._firestore_id).toBe(ids.zurich);
      expect((await hitsOf('ZÜRICH'))[0]?._firestore_id).toBe(ids.zurich);
      expect((await hitsOf('bal'))[0]?._firestore_id).toBe(ids.logistics);
    });

    it('finds names in any script', async () => {
      expect((await hitsOf('東京物流'))[0]?._firestore_id).toBe(ids.tokyo);
    });

    it('tolerates one typo from 5 letters and two from 9, none below 5', async () => {
      const oneTypo = await hitsOf('lrason');
      expect(oneTypo[0]).toMatchObject({ _firestore_id: ids.larson });
      expect(oneTypo[0]?._rankingScoreDetails).toMatchObject({ stage: 'typo', typos: 1 });
      expect((await hitsOf('logisitcs partners'))[0]?._firestore_id).toBe(ids.logistics);
      expect((await hitsOf('loggistiks'))[0]?._firestore_id).toBe(ids.logistics);
      expect(await hitsOf('blatc')).toEqual([]); // 'baltic' is 2 edits away, 5 letters allow 1
      expect(await hitsOf('lrsn')).toEqual([]);
    });

    it('scores hits from 1 down, in the order they come', async () => {
      const response = await search('lar', { showRankingScore: true });
      const scores = response
        .json<{ hits: { _rankingScore: number }[] }>()
        .hits.map((hit) => hit._rankingScore);
      expect(scores.length).toBeGreaterThan(1);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      expect(scores.every((score) => score > 0 && score <= 1)).toBe(true);
    });

    it('ranks exact matches above typo matches, and finds nothing for nonsense', async () => {
      const hits = await hitsOf('larsen');
      expect(hits[0]).toMatchObject({ _type: 'profile', name: 'Ingrid Larsen' });
      expect(await hitsOf('qqxzv')).toEqual([]);
      expect(await hitsOf('   ')).toEqual([]);
    });
  });

  describe('the index follows the data', () => {
    it('indexes a write in its own transaction, and not a rolled-back one', async () => {
      const mid = newId();
      await t.database.db
        .transaction()
        .execute(async (trx) => {
          await insertMembers(trx, [
            {
              mid,
              number: 'M-000900',
              category: 'individual',
              status: 'active',
              legal_name: 'Rolled Back Carriers',
            },
          ]);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(await hitsOf('Rolled Back Carriers')).toEqual([]);
    });

    it('follows renames (the member and its invoices), and soft deletion', async () => {
      const mid = newId();
      await addMember(mid, 'M-000905', 'Quokka Cargo');
      await t.database.db
        .insertInto('invoices')
        .values({
          iid: newId(),
          number: '2026-000905',
          member_mid: mid,
          kind: 'membership',
          year: 2026,
          currency: 'EUR',
          status: 'draft',
        })
        .execute();
      expect((await hitsOf('quokka'))[0]?._firestore_id).toBe(mid);

      await t.database.db
        .updateTable('members')
        .set({ legal_name: 'Wombat Cargo' })
        .where('mid', '=', mid)
        .execute();
      expect(await hitsOf('quokka')).toEqual([]);
      const renamed = await hitsOf('wombat');
      expect(renamed[0]?._firestore_id).toBe(mid);
      const invoice = renamed.find((hit) => hit._type === 'invoice');
      expect(invoice?.description).toContain('Wombat Cargo');
      // In the console's words and money format (issue 32: "membership 2026 · 0.00 EUR · draft").
      expect(invoice?.description).toBe('Wombat Cargo · Membership 2026 · EUR 0.00 · Draft');
      const member = renamed.find((hit) => hit._type === 'member');
      expect(member?.description).toMatch(/^Member M-000905( · [^·]+)? · Active$/);

      await t.database.db
        .updateTable('members')
        .set({ deleted_at: new Date() })
        .where('mid', '=', mid)
        .execute();
      expect((await hitsOf('wombat')).filter((hit) => hit._type === 'member')).toEqual([]);
    });
  });

  describe('rebuilding', () => {
    it('rebuilds every type while searches go on, and keeps writes made meanwhile', async () => {
      const before = await t.app.inject({ url: '/api/search/indexes', headers: { cookie } });
      const documentsBefore = before.json<{ indexes: { documents: number }[] }>().indexes[0]
        ?.documents;

      // A write whose transaction started before the rebuild and commits while it runs.
      const client = await t.database.pool.connect();
      await client.query('BEGIN');
      await client.query(`UPDATE members SET legal_name = 'Larson Air Freight' WHERE mid = $1`, [
        ids.larson,
      ]);
      const { task } = await requestRebuild(t.database.db, index, null);
      const rebuilding = runRebuild(t.database.pool, task.uid, silentLogger);
      while (
        (
          await t.database.db
            .selectFrom('search_tasks')
            .select('status')
            .where('uid', '=', task.uid)
            .executeTakeFirstOrThrow()
        ).status !== 'processing'
      ) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await hitsOf('2026-000777'))[0]?.name).toBe('2026-000777');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await client.query('COMMIT');
      client.release();
      const outcome = await rebuilding;

      expect(outcome.status).toBe('succeeded');
      expect((await hitsOf('larson air'))[0]?._firestore_id).toBe(ids.larson);
      const after = await t.app.inject({ url: '/api/search/indexes', headers: { cookie } });
      const stats = after.json<{
        indexes: {
          documents: number;
          types: { type: string; documents: number }[];
          lastRebuild: { status: string; durationMs: number; perType: Record<string, number> };
        }[];
      }>().indexes[0];
      expect(stats?.documents).toBe(documentsBefore);
      expect(stats?.lastRebuild).toMatchObject({ status: 'succeeded' });
      expect(stats?.lastRebuild.perType.member).toBe(
        stats?.types.find((type) => type.type === 'member')?.documents,
      );
    });

    it('runs one rebuild at a time, asked through the API and run by the worker', async () => {
      const first = await t.app.inject({
        method: 'POST',
        url: `/api/search/indexes/${index}/rebuild`,
        headers: { cookie },
        payload: {},
      });
      expect(first.statusCode, first.body).toBe(202);
      const { uid } = first.json<{ uid: number }>();
      const second = await requestRebuild(t.database.db, index, null);
      if (second.task.status !== 'succeeded') expect(Number(second.task.uid)).toBe(uid);

      // No worker runs in this test app: run what the worker would.
      await runRebuild(t.database.pool, String(uid), silentLogger);
      const done = await t.app.inject({ url: `/api/search/tasks/${uid}`, headers: { cookie } });
      expect(done.json()).toMatchObject({
        uid,
        status: 'succeeded',
        requestedBy: expect.any(String),
      });
      const missing = await t.app.inject({ url: '/api/search/tasks/999999', headers: { cookie } });
      expect(missing.statusCode).toBe(404);
    });
  });

  it('lets an operator sign in again and search with a fresh key', async () => {
    const userCookie = await signInAsNewUser(t, 'newcomer@example.org');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/functions/searchParams',
      headers: { cookie: userCookie },
      payload: { data: {} },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
  });
});
