import type { TMemberUpload } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { memberUploadKind } from '../members/upload-service';
import { loadCountries } from '../seed/countries';
import { lockStep } from './upload-record';

/**
 * Issue 20: a server killed in the middle of a commit leaves its upload 'committing' with
 * nobody running it. Once no transaction holds the step's lock, the upload shows 'validated'
 * again, saying the commit was interrupted, and commits at once (the staged rows are kept).
 */
describe('an upload step whose instance died', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await signInAsNewOperator(t, 'dead-step@example.org', ['membership']);
    await loadCountries(t.database.pool);
  });
  afterAll(() => t.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { cookie }, payload });
    return { status: response.statusCode, body: response.json<TMemberUpload>() };
  };

  /** A validated upload of two members, then marked 'committing' as a claim leaves it. */
  async function committingUpload(claimedSecondsAgo: number): Promise<string> {
    const file = [
      'Membership number,Legal name,Category,Status,Country',
      `D-${claimedSecondsAgo}-1,Alpine Freight AG,individual,active,CH`,
      `D-${claimedSecondsAgo}-2,Baltic Cargo Ltd,individual,active,DE`,
    ].join('\r\n');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/members/uploads?filename=dead.csv',
      headers: { cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(`${file}\r\n`),
    });
    const { id, mapping } = uploaded.json<TMemberUpload>();
    expect((await call('POST', `/api/members/uploads/${id}/validate`, { mapping })).status).toBe(
      200,
    );
    await sql`UPDATE member_uploads SET status = 'committing',
                updated_at = now() - make_interval(secs => ${claimedSecondsAgo})
              WHERE id = ${id}`.execute(t.database.db);
    return id;
  }

  it('stays committing while a transaction holds the step, and within the grace after the claim', async () => {
    const id = await committingUpload(120);
    const client = await t.database.pool.connect();
    try {
      await client.query('BEGIN');
      await lockStep(memberUploadKind, client, id);
      expect((await call('GET', `/api/members/uploads/${id}`)).body.status).toBe('committing');
      const refused = await call('POST', `/api/members/uploads/${id}/commit`, {
        mode: 'all-or-nothing',
      });
      expect(refused.status).toBe(409);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const fresh = await committingUpload(1);
    expect((await call('GET', `/api/members/uploads/${fresh}`)).body.status).toBe('committing');
  });

  it('shows the dead commit as validated, says so, and commits at once', async () => {
    const id = await committingUpload(120);
    const shown = await call('GET', `/api/members/uploads/${id}`);
    expect(shown.body).toMatchObject({ status: 'validated', progress: null });
    expect(shown.body.error).toMatch(/commit was interrupted/);
    const committed = await call('POST', `/api/members/uploads/${id}/commit`, {
      mode: 'all-or-nothing',
    });
    expect(committed.status).toBe(200);
    expect(committed.body.result).toMatchObject({ inserted: 2 });
  });

  it('also when the commit is sent without reading the upload first', async () => {
    const id = await committingUpload(120);
    const committed = await call('POST', `/api/members/uploads/${id}/commit`, {
      mode: 'all-or-nothing',
    });
    expect(committed.status).toBe(200);
    expect(committed.body.status).toBe('committed');
  });
});
