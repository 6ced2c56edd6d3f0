import { defaultOperatorPreferences, type TOperatorPreferences } from '@ops/contract/preferences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, signInAsNewUser, type TestApp } from '../../test/app';
import { signInEditorAndReader, uidOf } from '../../test/fixtures';
import type { ErrorBody } from '../../test/requests';

describe('operator preferences', () => {
  let t: TestApp;
  let cookie: string;
  let uid: string;
  let readOnlyCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie, uid, readOnlyCookie } = await signInEditorAndReader(
      t,
      'prefs@example.org',
      ['membership'],
      'prefs-reader@example.org',
    ));
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (as = cookie) => {
    const response = await t.app.inject({ url: '/api/preferences', headers: { cookie: as } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TOperatorPreferences>();
  };
  const patch = (payload: unknown, as = cookie) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/preferences',
      headers: { cookie: as },
      payload: payload as Record<string, unknown>,
    });
  const rowOf = (who: string) =>
    t.database.db
      .selectFrom('operator_preferences')
      .selectAll()
      .where('uid', '=', who)
      .executeTakeFirst();

  it('answers the defaults to an operator who never changed one, without writing a row', async () => {
    const fresh = await signInAsNewOperator(t, 'prefs-fresh@example.org', ['finance']);
    expect(await read(fresh)).toEqual(defaultOperatorPreferences);
    expect(defaultOperatorPreferences).toEqual({
      density: 'comfortable',
      splitPercent: 50,
      isRecordFullWidth: false,
    });
    expect(await rowOf(await uidOf(t, 'prefs-fresh@example.org'))).toBeUndefined();
  });

  it('changes only what the patch names, keeps the rest, and answers all of them', async () => {
    const first = await patch({ density: 'compact' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<TOperatorPreferences>()).toEqual({
      density: 'compact',
      splitPercent: 50,
      isRecordFullWidth: false,
    });

    const second = await patch({ splitPercent: 35, isRecordFullWidth: true });
    expect(second.statusCode, second.body).toBe(200);
    const expected = { density: 'compact', splitPercent: 35, isRecordFullWidth: true };
    expect(second.json<TOperatorPreferences>()).toEqual(expected);
    expect(await read()).toEqual(expected);

    const row = await rowOf(uid);
    expect(row).toMatchObject({
      density: 'compact',
      split_percent: 35,
      is_record_full_width: true,
    });
    const before = row?.updated_at;
    await patch({ density: 'comfortable' });
    expect((await rowOf(uid))?.updated_at.getTime()).toBeGreaterThanOrEqual(
      before?.getTime() ?? Infinity,
    );
    expect(await read()).toEqual({ ...expected, density: 'comfortable' });
  });

  it('refuses a bad value with 400 naming the field and the rule, and keeps what was there', async () => {
    await patch({ density: 'comfortable', splitPercent: 50, isRecordFullWidth: false });
    const cases: [unknown, string, string][] = [
      [{ density: 'tiny' }, 'body.density', 'invalid_value'],
      [{ splitPercent: 24 }, 'body.splitPercent', 'too_small'],
      [{ splitPercent: 76 }, 'body.splitPercent', 'too_big'],
      [{ splitPercent: 40.5 }, 'body.splitPercent', 'invalid_type'],
      [{ splitPercent: '40' }, 'body.splitPercent', 'invalid_type'],
      [{ isRecordFullWidth: 'yes' }, 'body.isRecordFullWidth', 'invalid_type'],
      // Nothing to change: a patch must name at least one preference.
      [{}, 'body', 'custom'],
    ];
    for (const [payload, path, rule] of cases) {
      const response = await patch(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const error = response.json<ErrorBody>().error;
      expect(error.code).toBe('invalid-argument');
      expect(error.issues?.[0], JSON.stringify(payload)).toMatchObject({ path, rule });
    }
    expect(await read()).toEqual(defaultOperatorPreferences);
  });

  it('lets a read-only operator keep preferences too (workspace.personal)', async () => {
    const response = await patch({ density: 'compact', splitPercent: 60 }, readOnlyCookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(await read(readOnlyCookie)).toEqual({
      density: 'compact',
      splitPercent: 60,
      isRecordFullWidth: false,
    });
  });

  it("keeps each operator's preferences apart: one's change does not reach another's", async () => {
    const other = await signInAsNewOperator(t, 'prefs-other@example.org', ['admin']);
    await patch({ density: 'comfortable', splitPercent: 30, isRecordFullWidth: false });
    const response = await patch(
      { density: 'compact', splitPercent: 70, isRecordFullWidth: true },
      other,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await read()).toEqual({
      density: 'comfortable',
      splitPercent: 30,
      isRecordFullWidth: false,
    });
    expect(await read(other)).toEqual({
      density: 'compact',
      splitPercent: 70,
      isRecordFullWidth: true,
    });
    // Each wrote their own row, named by their session's uid (the API takes no uid).
    expect((await rowOf(uid))?.split_percent).toBe(30);
    expect((await rowOf(await uidOf(t, 'prefs-other@example.org')))?.split_percent).toBe(70);
  });

  it('is not audited: display settings are no business record', async () => {
    await patch({ splitPercent: 45 });
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('table_name', '=', 'operator_preferences')
      .execute();
    expect(entries).toEqual([]);
  });

  it('refuses without a session (401) and to a user who is no operator (403)', async () => {
    expect((await t.app.inject({ url: '/api/preferences' })).statusCode).toBe(401);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/preferences',
      payload: { density: 'compact' },
    });
    expect(anonymous.statusCode).toBe(401);

    const userCookie = await signInAsNewUser(t, 'prefs-user@example.org');
    expect(
      (await t.app.inject({ url: '/api/preferences', headers: { cookie: userCookie } })).statusCode,
    ).toBe(403);
    const refused = await patch({ density: 'compact' }, userCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.code).toBe('permission-denied');
  });
});
