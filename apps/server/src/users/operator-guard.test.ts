import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestUser,
  createTestApp,
  signInAsNewUser,
  signInByPassword,
  testPassword,
  type TestApp,
} from '../../test/app';
import { signInOperators, uidOf } from '../../test/fixtures';
import { expectForbidden, injectAs } from '../../test/requests';

describe('users.manage does not reach operators', () => {
  let t: TestApp;
  let admin: string;
  let membership: string;
  let adminUid: string;
  let targetAdmin: string;
  let targetAdminUid: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { cookies, uids } = await signInOperators(
      t,
      { admin: ['admin'], membership: ['membership'], 'second-admin': ['admin'] },
      'ops.example',
    );
    ({ admin, membership, 'second-admin': targetAdmin } = cookies);
    ({ admin: adminUid, 'second-admin': targetAdminUid } = uids);
  });
  afterAll(() => t.close());

  const call = (cookie: string, method: 'POST' | 'PATCH', url: string, payload?: unknown) =>
    injectAs(t, cookie, method, url, payload);
  const versionOf = async (uid: string) =>
    (await injectAs(t, admin, 'GET', `/api/users/${uid}`)).json<{ version: number }>().version;

  it('refuses the membership role every action on an admin’s user', async () => {
    const url = `/api/users/${targetAdminUid}`;
    for (const action of ['disable', 'end-sessions', 'sign-in-link']) {
      const refused = await call(membership, 'POST', `${url}/${action}`, {});
      expectForbidden(refused, 'operators.manage');
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        'second-admin@ops.example is an operator. Your operator roles do not allow this (operators.manage); it needs one of: admin.',
      );
    }
    const version = await versionOf(targetAdminUid);
    expectForbidden(
      await call(membership, 'PATCH', url, { version, displayName: 'Renamed' }),
      'operators.manage',
    );
    // Nothing happened: the admin is enabled, still signed in, and keeps their name.
    expect((await injectAs(t, targetAdmin, 'GET', '/api/auth/me')).statusCode).toBe(200);
    const detail = (await injectAs(t, admin, 'GET', url)).json();
    expect(detail).toMatchObject({ disabled: false, displayName: null });

    // Nor can it enable an operator an admin has disabled.
    expect((await call(admin, 'POST', `${url}/disable`, {})).statusCode).toBe(200);
    expectForbidden(await call(membership, 'POST', `${url}/enable`, {}), 'operators.manage');
    expect((await call(admin, 'POST', `${url}/enable`, {})).statusCode).toBe(200);
  });

  it('refuses operators’ users in a bulk action, naming why, and changes the others', async () => {
    const plain = await addTestUser(t.database, 'bulk-plain@example.org', {
      password: testPassword,
    });
    const response = await call(membership, 'POST', '/api/users/bulk/disabled', {
      selection: { kind: 'ids', ids: [plain.uid, adminUid] },
      disabled: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      changed: 1,
      unchanged: 0,
      undo: expect.objectContaining({ operationId: expect.any(String) }),
      refused: [
        {
          id: adminUid,
          reason:
            'admin@ops.example is an operator. Your operator roles do not allow this (operators.manage); it needs one of: admin.',
        },
      ],
    });
    expect((await injectAs(t, admin, 'GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('lets the membership role act on a plain user', async () => {
    await signInAsNewUser(t, 'plain@example.org');
    const plainUid = await uidOf(t, 'plain@example.org');
    const url = `/api/users/${plainUid}`;
    const ended = await call(membership, 'POST', `${url}/end-sessions`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    const version = await versionOf(plainUid);
    expect(
      (await call(membership, 'PATCH', url, { version, displayName: 'Plain Person' })).statusCode,
    ).toBe(200);
    expect((await call(membership, 'POST', `${url}/disable`, {})).statusCode).toBe(200);
    expect((await call(membership, 'POST', `${url}/enable`, {})).statusCode).toBe(200);
  });

  it('lets an admin act on another operator’s user', async () => {
    await signInByPassword(t, 'second-admin@ops.example', testPassword);
    const ended = await call(admin, 'POST', `/api/users/${targetAdminUid}/end-sessions`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await injectAs(t, targetAdmin, 'GET', '/api/auth/me')).statusCode).toBe(401);
  });
});
