import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, signInByPassword, type TestApp } from '../../test/app';
import { uidOf } from '../../test/fixtures';
import { injectAs } from '../../test/requests';
import { idleSession } from '../../test/sessions';
import { cliActor } from '../db/audit';
import { sha256 } from '../auth/sessions';
import { removeOperator } from '../operators/service';

describe('a search key lives no longer than its session', () => {
  let t: TestApp;
  let admin: string;
  const index = 'operations';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAsNewOperator(t, 'admin@example.org');
  });
  afterAll(() => t.close());

  /** A signed-in operator and the search key the browser gets for them. */
  async function operatorWithKey(email: string) {
    const cookie = await signInAsNewOperator(t, email);
    const params = await injectAs(t, cookie, 'POST', '/functions/searchParams', { data: {} });
    expect(params.statusCode, params.body).toBe(200);
    const { apiKey } = params.json<{ result: { apiKey: string } }>().result;
    return { cookie, apiKey, uid: await uidOf(t, email) };
  }
  const search = (apiKey: string) =>
    t.app.inject({
      method: 'POST',
      url: `/indexes/${index}/search`,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { q: 'anything' },
    });
  const expectRefused = async (apiKey: string) => {
    const refused = await search(apiKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'The provided API key is no longer valid.',
      code: 'invalid_api_key',
      type: 'auth',
      link: 'https://docs.meilisearch.com/errors#invalid_api_key',
    });
  };

  it('carries neither the session token nor its hash', async () => {
    const { cookie, apiKey } = await operatorWithKey('reader@example.org');
    const token = cookie.slice(cookie.indexOf('=') + 1);
    const claims = JSON.stringify(decodeJwt(apiKey));
    expect(claims).not.toContain(token);
    expect(claims).not.toContain(sha256(token));
    expect((await search(apiKey)).statusCode).toBe(200);
  });

  it('stops working at sign-out', async () => {
    const { cookie, apiKey } = await operatorWithKey('leaving@example.org');
    expect((await search(apiKey)).statusCode).toBe(200);
    const out = await injectAs(t, cookie, 'POST', '/api/auth/sign-out', {});
    expect(out.statusCode).toBe(200);
    await expectRefused(apiKey);
  });

  it('stops working when the user is disabled, and stays refused once enabled again', async () => {
    const { apiKey, uid } = await operatorWithKey('disabled@example.org');
    expect((await search(apiKey)).statusCode).toBe(200);
    const disabled = await injectAs(t, admin, 'POST', `/api/users/${uid}/disable`, {});
    expect(disabled.statusCode, disabled.body).toBe(200);
    await expectRefused(apiKey);
    // Disabling ended the session: enabling the user does not bring the old key back.
    await injectAs(t, admin, 'POST', `/api/users/${uid}/enable`, {});
    await expectRefused(apiKey);
  });

  it('stops working when the operator role is revoked', async () => {
    const { apiKey } = await operatorWithKey('revoked@example.org');
    expect((await search(apiKey)).statusCode).toBe(200);
    await removeOperator(t.database.db, cliActor, 'revoked@example.org');
    await expectRefused(apiKey);
  });

  it('stops working when the sessions are ended, or the user deleted', async () => {
    const ended = await operatorWithKey('ended@example.org');
    const response = await injectAs(t, admin, 'POST', `/api/users/${ended.uid}/end-sessions`);
    expect(response.statusCode, response.body).toBe(200);
    await expectRefused(ended.apiKey);

    const deleted = await operatorWithKey('deleted@example.org');
    expect((await search(deleted.apiKey)).statusCode).toBe(200);
    await t.database.db
      .updateTable('users')
      .set({ deleted_at: new Date() })
      .where('uid', '=', deleted.uid)
      .execute();
    await expectRefused(deleted.apiKey);
  });

  it('stops working when its session idles out, but not while the person searches', async () => {
    const { cookie, apiKey } = await operatorWithKey('idle@example.org');
    const idleSeconds = t.config.sessionIdleMs / 1000;
    // Searching is the person's own activity: it keeps the session.
    await idleSession(t, cookie, idleSeconds - 120);
    expect((await search(apiKey)).statusCode).toBe(200);
    await idleSession(t, cookie, 121);
    expect((await injectAs(t, cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);

    await idleSession(t, cookie, idleSeconds + 1);
    await expectRefused(apiKey);
  });

  it('keeps the keys of other sessions of the same person working', async () => {
    const first = await operatorWithKey('two-browsers@example.org');
    const secondCookie = await signInByPassword(
      t,
      'two-browsers@example.org',
      'correct horse battery staple 42',
    );
    await injectAs(t, secondCookie, 'POST', '/api/auth/sign-out', {});
    expect((await search(first.apiKey)).statusCode).toBe(200);
  });
});
