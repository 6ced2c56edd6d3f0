import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestOperator,
  addTestUser,
  createTestApp,
  signInAsNewOperator,
  signInByPassword,
  testPassword,
  type TestApp,
} from '../../test/app';
import { insertMembers, memberRow, signInOperators } from '../../test/fixtures';
import { expectConflict, expectForbidden, expectInvalid, injectAs } from '../../test/requests';
import { loadCountries } from '../seed/countries';
import { setUserDisabled } from './actions';
import { auditEntriesOf } from '../../test/audit';

describe('users: detail and actions', () => {
  let t: TestApp;
  let admin: string;
  let adminUid: string;
  let readOnly: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { cookies, uids } = await signInOperators(
      t,
      { admin: ['admin'], viewer: ['read-only'] },
      'ops.example',
    );
    ({ admin, viewer: readOnly } = cookies);
    adminUid = uids.admin;
    await loadCountries(t.database.pool);
    await insertMembers(t.database.db, [
      memberRow('mid-a', { number: 'M-1', legal_name: 'Alpine Forwarding AG' }),
      memberRow('mid-b', { number: 'M-2', legal_name: 'Baltic Cargo', country_iso2: 'DE' }),
    ]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: unknown) =>
    injectAs(t, cookie, method, url, payload);

  async function newUser(email: string) {
    const user = await addTestUser(t.database, email, {
      password: testPassword,
      displayName: 'Maria Muster',
    });
    await t.database.db
      .updateTable('users')
      .set({ member_mid: 'mid-a', member_role: 'staff' })
      .where('uid', '=', user.uid)
      .execute();
    return user.uid;
  }

  it('shows a user with member, role, sign-in methods, sessions and operator status', async () => {
    const uid = await newUser('maria@alpine.example');
    await signInByPassword(t, 'maria@alpine.example', testPassword);
    const response = await call('GET', `/api/users/${uid}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      uid,
      email: 'maria@alpine.example',
      displayName: 'Maria Muster',
      member: { mid: 'mid-a', number: 'M-1', legalName: 'Alpine Forwarding AG' },
      memberRole: 'staff',
      signInMethods: ['password'],
      disabled: false,
      sessions: { activeCount: 1 },
      operator: null,
    });
    expect(response.json().lastSignInAt).not.toBeNull();
    expect((await call('GET', `/api/users/${adminUid}`, admin)).json().operator).toEqual({
      roles: ['admin'],
      active: true,
    });
    expect((await call('GET', '/api/users/nobody', admin)).statusCode).toBe(404);
  });

  it('disables a user, ending their sessions at once, and enables them again', async () => {
    const uid = await newUser('disable-me@alpine.example');
    const theirs = await signInByPassword(t, 'disable-me@alpine.example', testPassword);
    await addTestOperator(t.database, 'disable-me@alpine.example', undefined, ['read-only']);
    expect((await call('GET', '/api/users?limit=1', theirs)).statusCode).toBe(200);

    const { version } = (await call('GET', `/api/users/${uid}`, admin)).json();
    const disabled = await call('POST', `/api/users/${uid}/disable`, admin, { version });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true, sessions: { activeCount: 0 } });
    expect((await call('GET', '/api/users?limit=1', theirs)).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { email: 'disable-me@alpine.example', password: testPassword },
    });
    expect(signIn.json().error.code).toBe('auth/user-disabled');

    // A stale version is a 409 that says who changed the user.
    const stale = await call('POST', `/api/users/${uid}/enable`, admin, { version });
    expectConflict(stale, /changed by admin@ops\.example .* Reload/);

    const enabled = await call('POST', `/api/users/${uid}/enable`, admin, {});
    expect(enabled.json().disabled).toBe(false);

    const history = await auditEntriesOf(t.database.db, 'users', uid)
      .select(['action', 'actor_uid'])
      .where('action', 'in', ['disable', 'enable'])
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { action: 'disable', actor_uid: adminUid },
      { action: 'enable', actor_uid: adminUid },
    ]);
  });

  it('refuses to disable yourself or the last admin, naming the rule', async () => {
    const self = await call('POST', `/api/users/${adminUid}/disable`, admin, {});
    expectInvalid(self, 'params.uid', 'not-self');

    // A membership operator may not act on an admin at all (operator-guard.test.ts).
    const membership = await signInAsNewOperator(t, 'membership@ops.example', ['membership']);
    const refused = await call('POST', `/api/users/${adminUid}/disable`, membership, {});
    expectForbidden(refused, 'operators.manage');

    // The signed-in admin is the only admin: whoever may manage operators cannot disable them.
    const manager = {
      kind: 'operator' as const,
      uid: 'another-operator',
      mayManageOperators: true,
    };
    const last = setUserDisabled(t.database.db, manager, adminUid, { disabled: true });
    await expect(last).rejects.toMatchObject({
      code: 'invalid-argument',
      issues: [{ path: 'params.uid', rule: 'last-admin' }],
      message: expect.stringMatching(/last admin/),
    });
  });

  it('e-mails a sign-in link without ever returning it, and audits it', async () => {
    const uid = await newUser('link@alpine.example');
    const response = await call('POST', `/api/users/${uid}/sign-in-link`, admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ sentTo: 'link@alpine.example', eid: expect.any(String) });
    expect(response.body).not.toMatch(/oobCode|code=/);
    const email = await t.database.db
      .selectFrom('emails')
      .selectAll()
      .where('eid', '=', body.eid)
      .executeTakeFirstOrThrow();
    expect(email).toMatchObject({
      to_addresses: ['link@alpine.example'],
      kind: 'sign-in-link',
      related_table: 'users',
      related_id: uid,
    });
    expect(email.text_body).toContain(t.config.publicUrl);
    const codes = await t.database.db
      .selectFrom('action_codes')
      .select('kind')
      .where('uid', '=', uid)
      .execute();
    expect(codes).toEqual([{ kind: 'sign-in' }]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('record_id', '=', uid)
      .where('action', '=', 'send-sign-in-link')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ sent_to: 'link@alpine.example', eid: body.eid });

    await call('POST', `/api/users/${uid}/disable`, admin, {});
    const refused = await call('POST', `/api/users/${uid}/sign-in-link`, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/disabled/);
  });

  it('ends every session of a user', async () => {
    const uid = await newUser('sessions@alpine.example');
    const first = await signInByPassword(t, 'sessions@alpine.example', testPassword);
    await signInByPassword(t, 'sessions@alpine.example', testPassword);
    await addTestOperator(t.database, 'sessions@alpine.example', undefined, ['read-only']);
    const response = await call('POST', `/api/users/${uid}/end-sessions`, admin);
    expect(response.json()).toEqual({ ended: 2 });
    expect((await call('GET', '/api/users?limit=1', first)).statusCode).toBe(401);
    expect((await call('GET', `/api/users/${uid}`, admin)).json().sessions.activeCount).toBe(0);
  });

  it('edits display name, member and role with a version check and field errors', async () => {
    const uid = await newUser('edit@alpine.example');
    const { version } = (await call('GET', `/api/users/${uid}`, admin)).json();
    const edited = await call('PATCH', `/api/users/${uid}`, admin, {
      version,
      displayName: '  Maria Beispiel ',
      memberMid: 'mid-b',
      memberRole: 'owner',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      displayName: 'Maria Beispiel',
      member: { mid: 'mid-b', legalName: 'Baltic Cargo' },
      memberRole: 'owner',
      version: version + 1,
    });
    // The list's member column follows.
    const listed = await call('GET', '/api/users?q=beispiel', admin);
    expect(listed.json().data[0]).toMatchObject({ uid, memberName: 'Baltic Cargo' });

    const stale = await call('PATCH', `/api/users/${uid}`, admin, { version, displayName: 'X' });
    expectConflict(stale, /changed by admin@ops\.example .* since you opened it/);

    const current = version + 1;
    for (const [payload, path, rule] of [
      [{ memberMid: 'no-such-member' }, 'body.memberMid', 'exists'],
      [{ memberMid: 'mid-a', memberRole: null }, 'body.memberRole', 'required'],
      [{ memberMid: null, memberRole: 'staff' }, 'body.memberRole', 'requires-member'],
      [{ memberRole: 'chief' }, 'body.memberRole', 'invalid_value'],
    ] as const) {
      const response = await call('PATCH', `/api/users/${uid}`, admin, {
        version: current,
        ...payload,
      });
      expectInvalid(response, path, rule);
    }

    // Leaving the member ends the role there.
    const left = await call('PATCH', `/api/users/${uid}`, admin, {
      version: current,
      memberMid: null,
    });
    expect(left.json()).toMatchObject({ member: null, memberRole: null });
  });

  it('shows and edits a user’s preferred language, audited (issue 17)', async () => {
    const uid = await newUser('language@alpine.example');
    // Created before it joined a member, the user took the default: English.
    const before = (await call('GET', `/api/users/${uid}`, admin)).json();
    expect(before.preferredLanguage).toBe('en');
    const edited = await call('PATCH', `/api/users/${uid}`, admin, {
      version: before.version,
      preferredLanguage: 'fr',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ preferredLanguage: 'fr', version: before.version + 1 });
    const audit = await auditEntriesOf(t.database.db, 'users', uid)
      .select(['action', 'before', 'after'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'update',
      before: { preferred_language: 'en' },
      after: { preferred_language: 'fr' },
    });
    expectInvalid(
      await call('PATCH', `/api/users/${uid}`, admin, {
        version: before.version + 1,
        preferredLanguage: 'Deutsch',
      }),
      'body.preferredLanguage',
      'invalid_value',
    );
    expectForbidden(
      await call('PATCH', `/api/users/${uid}`, readOnly, {
        version: before.version + 1,
        preferredLanguage: 'de',
      }),
      'users.manage',
    );
  });

  it('disables and enables a selection or every user a view matches, refusing yourself', async () => {
    const a = await newUser('bulk-a@alpine.example');
    const b = await newUser('bulk-b@alpine.example');
    const byIds = await call('POST', '/api/users/bulk/disabled', admin, {
      selection: { kind: 'ids', ids: [a, b, adminUid] },
      disabled: true,
    });
    expect(byIds.statusCode).toBe(200);
    expect(byIds.json()).toMatchObject({ changed: 2, unchanged: 0 });
    expect(byIds.json().refused).toEqual([{ id: adminUid, reason: expect.stringMatching(/own/) }]);

    const all = await call('POST', '/api/users/bulk/disabled', admin, {
      selection: { kind: 'all', listParams: 'q=bulk&disabled=true&sort=-email' },
      disabled: false,
    });
    expect(all.json()).toMatchObject({ changed: 2, unchanged: 0, refused: [] });

    const bad = await call('POST', '/api/users/bulk/disabled', admin, {
      selection: { kind: 'all', listParams: 'role=chief' },
      disabled: true,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses every write to a read-only operator', async () => {
    const uid = await newUser('untouchable@alpine.example');
    expect((await call('GET', `/api/users/${uid}`, readOnly)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', `/api/users/${uid}/disable`, {}],
      ['POST', `/api/users/${uid}/sign-in-link`, undefined],
      ['POST', `/api/users/${uid}/end-sessions`, undefined],
      ['PATCH', `/api/users/${uid}`, { version: 1, displayName: 'x' }],
      [
        'POST',
        '/api/users/bulk/disabled',
        { selection: { kind: 'ids', ids: [uid] }, disabled: true },
      ],
    ] as const) {
      expectForbidden(await call(method, url, readOnly, payload));
    }
  });
});
