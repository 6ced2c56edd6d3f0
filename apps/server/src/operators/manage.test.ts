import { eventStreamPath } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { eventStream } from '../../test/event-stream';
import { uidOf } from '../../test/fixtures';
import { expectInvalid, injectAs } from '../../test/requests';
import { cliActor } from '../db/audit';
import { addOperator } from './service';
import { auditEntriesOf } from '../../test/audit';

describe('operators: list, grant, roles, revoke', () => {
  let t: TestApp;
  let url: string;
  let admin: string;
  let adminUid: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signInAsNewOperator(t, 'boss@ops.example');
    adminUid = await uidOf(t, 'boss@ops.example');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', path: string, cookie: string, payload?: object) =>
    injectAs(t, cookie, method, path, payload);

  const detail = async (uid: string) => (await call('GET', `/api/operators/${uid}`, admin)).json();

  it('grants a user operator access with the roles chosen, and audits it', async () => {
    const user = await addTestUser(t.database, 'fiona@ops.example', { displayName: 'Fiona' });
    const response = await call('POST', '/api/operators', admin, {
      uid: user.uid,
      roles: ['finance'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      uid: user.uid,
      email: 'fiona@ops.example',
      displayName: 'Fiona',
      roles: ['finance'],
      active: true,
      isSelf: false,
      createdBy: 'boss@ops.example',
    });
    const audit = await auditEntriesOf(t.database.db, 'operators', user.uid)
      .select(['action', 'actor_uid', 'after'])
      .execute();
    expect(audit).toEqual([
      {
        action: 'grant',
        actor_uid: adminUid,
        after: expect.objectContaining({ roles: ['finance'] }),
      },
    ]);

    const again = await call('POST', '/api/operators', admin, { uid: user.uid, roles: ['admin'] });
    expectInvalid(again, 'body.uid', 'already-operator');
  });

  it('refuses bad grants naming the field and rule', async () => {
    const user = await addTestUser(t.database, 'gina@ops.example');
    for (const [payload, path, rule] of [
      [{ uid: user.uid, roles: [] }, 'body.roles', 'too_small'],
      [{ uid: user.uid, roles: ['owner'] }, 'body.roles.0', 'invalid_value'],
      [{ uid: user.uid, roles: ['read-only', 'finance'] }, 'body.roles', 'read-only-alone'],
      [{ uid: 'nobody', roles: ['finance'] }, 'body.uid', 'exists'],
    ] as const) {
      const response = await call('POST', '/api/operators', admin, payload);
      expectInvalid(response, path, rule);
    }
    await t.database.db
      .updateTable('users')
      .set({ disabled: true })
      .where('uid', '=', user.uid)
      .execute();
    const disabled = await call('POST', '/api/operators', admin, {
      uid: user.uid,
      roles: ['finance'],
    });
    expect(disabled.json().error.issues[0]).toMatchObject({ rule: 'user-unavailable' });
  });

  it('lists operators sorted by e-mail or since, filtered by role and active', async () => {
    const all = (await call('GET', '/api/operators', admin)).json();
    const emails = all.data.map((row: { email: string }) => row.email);
    expect(emails).toEqual([...emails].sort());
    expect(emails).toContain('fiona@ops.example');

    const since = (await call('GET', '/api/operators?sort=-since&limit=1', admin)).json();
    expect(since.data[0].email).toBe('fiona@ops.example');
    const next = (
      await call('GET', `/api/operators?sort=-since&limit=1&cursor=${since.nextCursor}`, admin)
    ).json();
    expect(next.data[0].email).toBe('boss@ops.example');

    const finance = (await call('GET', '/api/operators?roles=finance,membership', admin)).json();
    expect(finance.data.map((row: { email: string }) => row.email)).toEqual(['fiona@ops.example']);
    const inactive = (await call('GET', '/api/operators?active=false', admin)).json();
    expect(inactive.data).toEqual([]);

    const bad = await call('GET', '/api/operators?roles=boss', admin);
    expectInvalid(bad, 'query.roles');
  });

  it('refuses to revoke yourself, with the rule named', async () => {
    const { version } = await detail(adminUid);
    const response = await call('POST', `/api/operators/${adminUid}/revoke`, admin, { version });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'You cannot revoke your own operator access; ask another admin.',
      issues: [{ path: 'params.uid', rule: 'not-self' }],
    });
  });

  it('revokes at once: the open console gets null on its stream and the API refuses', async () => {
    const cookie = await signInAsNewOperator(t, 'leaving@ops.example', ['membership']);
    const uid = await uidOf(t, 'leaving@ops.example');
    const stream = await fetch(`${url}${eventStreamPath}`, { headers: { cookie } });
    const events = eventStream(stream);
    try {
      expect(await events.next('operator')).toMatchObject({ uid, active: true });
      const { version } = await detail(uid);
      const revoked = await call('POST', `/api/operators/${uid}/revoke`, admin, { version });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toMatchObject({ active: false, version: version + 1 });
      expect(await events.next('operator', 1_000)).toBeNull();
      expect((await call('GET', '/api/operators', cookie)).statusCode).toBe(403);
    } finally {
      await events.cancel();
    }
    const listed = (await call('GET', '/api/operators?active=false', admin)).json();
    expect(listed.data.map((row: { uid: string }) => row.uid)).toEqual([uid]);

    // Granted again: the same record, active, with the roles chosen now.
    const regranted = await call('POST', '/api/operators', admin, { uid, roles: ['read-only'] });
    expect(regranted.json()).toMatchObject({ active: true, roles: ['read-only'] });
  });

  it('changes roles with a version check; the last admin keeps admin', async () => {
    const fiona = await uidOf(t, 'fiona@ops.example');
    const { version } = await detail(fiona);
    const changed = await call('PATCH', `/api/operators/${fiona}`, admin, {
      version,
      roles: ['finance', 'membership'],
    });
    expect(changed.json()).toMatchObject({ roles: ['finance', 'membership'] });
    const stale = await call('PATCH', `/api/operators/${fiona}`, admin, {
      version,
      roles: ['admin'],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/changed by boss@ops\.example .* Reload to see/);

    const own = await detail(adminUid);
    const demote = await call('PATCH', `/api/operators/${adminUid}`, admin, {
      version: own.version,
      roles: ['finance'],
    });
    expectInvalid(demote, 'body.roles', 'last-admin');
  });

  it('of two admins revoking each other at the same moment, one wins and the last admin stays', async () => {
    const first = await signInAsNewOperator(t, 'ada@ops.example', ['admin']);
    const second = await signInAsNewOperator(t, 'bea@ops.example', ['admin']);
    const [ada, bea] = [await uidOf(t, 'ada@ops.example'), await uidOf(t, 'bea@ops.example')];
    // The boss leaves the admins, so that only these two are left.
    const boss = await detail(adminUid);
    const demoted = await call('PATCH', `/api/operators/${adminUid}`, first, {
      version: boss.version,
      roles: ['membership'],
    });
    expect(demoted.statusCode).toBe(200);

    const [adaVersion, beaVersion] = [(await detail(ada)).version, (await detail(bea)).version];
    const outcomes = await Promise.all([
      call('POST', `/api/operators/${bea}/revoke`, first, { version: beaVersion }),
      call('POST', `/api/operators/${ada}/revoke`, second, { version: adaVersion }),
    ]);
    // One wins. The other is refused: by the last-admin rule when both ran together, or as no
    // longer an operator (403) when the winner's revocation committed before its request began.
    expect(outcomes.filter((response) => response.statusCode === 200)).toHaveLength(1);
    const loser = outcomes.find((response) => response.statusCode !== 200);
    if (loser?.statusCode === 400) {
      expect(loser.json().error.issues[0].rule).toBe('last-admin');
    } else {
      expect(loser?.statusCode).toBe(403);
    }
    const admins = await t.database.db
      .selectFrom('operators')
      .select('uid')
      .where('active', '=', true)
      .where(sql<boolean>`'admin' = ANY(roles)`)
      .execute();
    expect(admins).toHaveLength(1);
  });

  it('the CLI restores a revoked operator', async () => {
    const uid = await uidOf(t, 'fiona@ops.example');
    const { version } = await detail(uid);
    const adminCookie = await signInAsNewOperator(t, 'cli-check@ops.example', ['admin']);
    await call('POST', `/api/operators/${uid}/revoke`, adminCookie, { version });
    expect((await detail(uid)).active).toBe(false);
    const result = await addOperator(t.database.db, cliActor, { email: 'fiona@ops.example' });
    expect(result.wasOperator).toBe(false);
    expect((await detail(uid)).active).toBe(true);
  });

  it('refuses operator management to roles without operators.manage', async () => {
    const finance = await signInAsNewOperator(t, 'accountant@ops.example', ['finance']);
    const user = await addTestUser(t.database, 'hopeful@ops.example');
    expect((await call('GET', '/api/operators', finance)).statusCode).toBe(200);
    const grant = await call('POST', '/api/operators', finance, {
      uid: user.uid,
      roles: ['admin'],
    });
    expect(grant.statusCode).toBe(403);
  });
});
