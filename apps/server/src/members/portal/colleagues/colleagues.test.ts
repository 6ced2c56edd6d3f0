import type { TPortalColleagues, TPortalInvitation, TPortalMembership } from '@ops/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRow, uidOf, insertMembers } from '../../../../test/fixtures';
import {
  signInToPortal,
  testPortalUrl,
  createPortalTestApp,
  signInAsMemberUser,
  type PortalTestApp,
} from '../../../../test/portal';
import { auditEntriesOf } from '../../../../test/audit';

/**
 * A member's colleagues in the portal (issue 35): owners and admins invite by e-mail (a link in
 * the invitee's language, valid 7 days), change roles and remove; the last owner stays; a removed
 * colleague's sessions end; every change is audited on the user as the console's users area shows.
 */
describe('colleagues in the member portal', () => {
  let t: PortalTestApp;
  let portal: FastifyInstance;
  let owner: string;
  let admin: string;
  let staff: string;
  let otherOwner: string;

  const call = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: object,
  ) =>
    portal.inject({
      method,
      url,
      headers: { cookie, origin: testPortalUrl },
      ...(body ? { payload: body } : {}),
    });
  const invite = async (cookie: string, email: string, role: 'owner' | 'admin' | 'staff') => {
    const response = await call(cookie, 'POST', '/api/colleagues', { email, role });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TPortalInvitation>();
  };
  const ownersOf = async (mid: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('email')
        .where('member_mid', '=', mid)
        .where('member_role', '=', 'owner')
        .execute()
    ).map((row) => row.email);

  beforeAll(async () => {
    t = await createPortalTestApp();
    portal = t.portal;
    await insertMembers(t.database.db, [
      memberRow('col-a', {
        legal_name: 'Alpen Kollegen AG',
        country_iso2: null,
        preferred_language: 'de',
      }),
      memberRow('col-b', { legal_name: 'Bodensee Kollegen GmbH', country_iso2: null }),
    ]);
    owner = await signInAsMemberUser(t, portal, 'owner@col-a.example', 'col-a', 'owner');
    admin = await signInAsMemberUser(t, portal, 'admin@col-a.example', 'col-a', 'admin');
    staff = await signInAsMemberUser(t, portal, 'staff@col-a.example', 'col-a', 'staff');
    otherOwner = await signInAsMemberUser(t, portal, 'owner@col-b.example', 'col-b', 'owner');
  });
  afterAll(() => t.close());

  it('lists the colleagues with their roles; only owners and admins may manage them', async () => {
    const asOwner = (await call(owner, 'GET', '/api/colleagues')).json<TPortalColleagues>();
    expect(asOwner.canManage).toBe(true);
    expect(asOwner.colleagues.map((c) => [c.email, c.role, c.isYou])).toEqual([
      ['admin@col-a.example', 'admin', false],
      ['owner@col-a.example', 'owner', true],
      ['staff@col-a.example', 'staff', false],
    ]);
    const asStaff = (await call(staff, 'GET', '/api/colleagues')).json<TPortalColleagues>();
    expect(asStaff.canManage).toBe(false);
    const refused = await call(staff, 'POST', '/api/colleagues', {
      email: 'new@col-a.example',
      role: 'staff',
    });
    expect(refused.statusCode).toBe(403);
    // The other member's colleagues are not among them.
    expect(JSON.stringify(asOwner)).not.toContain('col-b');
  });

  it('invites by e-mail in the invitee’s language, valid 7 days; the invitee accepts and is a colleague', async () => {
    const invitation = await invite(admin, 'new.colleague@col-a.example', 'staff');
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.invitedAt)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    const email = await t.database.db
      .selectFrom('emails')
      .selectAll()
      .where('kind', '=', 'colleague-invitation')
      .where(sql<boolean>`'new.colleague@col-a.example' = ANY(to_addresses)`)
      .executeTakeFirstOrThrow();
    // No account yet: the member's language (German).
    expect(email.subject).toBe('Einladung zum Mitgliederportal von Alpen Kollegen AG');
    expect(email.text_body).toContain('admin@col-a.example lädt Sie');
    expect(email.text_body).toContain('als Mitarbeiter');
    expect(email.text_body).toContain(`${t.config.portalUrl}/invitations/${invitation.id}`);

    const listed = (await call(owner, 'GET', '/api/colleagues')).json<TPortalColleagues>();
    expect(listed.invitations.map((open) => open.email)).toEqual(['new.colleague@col-a.example']);
    // Inviting a colleague who is there already is refused, naming the field.
    const twice = await call(owner, 'POST', '/api/colleagues', {
      email: 'staff@col-a.example',
      role: 'admin',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.issues[0]).toMatchObject({ path: 'body.email', rule: 'duplicate' });

    // Someone else signed in sees nothing of it and cannot answer it.
    const stranger = await signInToPortal(t, portal, 'stranger@elsewhere.example');
    expect((await call(stranger, 'GET', '/api/invitations')).json()).toEqual({ items: [] });
    const notTheirs = await call(stranger, 'POST', `/api/invitations/${invitation.id}/answer`, {
      accept: true,
    });
    expect(notTheirs.statusCode).toBe(404);

    const invitee = await signInToPortal(t, portal, 'new.colleague@col-a.example');
    const received = (await call(invitee, 'GET', '/api/invitations')).json();
    expect(received.items).toEqual([
      expect.objectContaining({
        id: invitation.id,
        memberName: 'Alpen Kollegen AG',
        role: 'staff',
        invitedBy: 'admin@col-a.example',
      }),
    ]);
    const accepted = await call(invitee, 'POST', `/api/invitations/${invitation.id}/answer`, {
      accept: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ memberMid: 'col-a' });
    expect((await call(invitee, 'GET', '/api/invoices')).statusCode).toBe(200);
    const again = await call(invitee, 'POST', `/api/invitations/${invitation.id}/answer`, {
      accept: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.issues[0]).toMatchObject({ path: 'params.id', rule: 'status' });

    const uid = await uidOf(t, 'new.colleague@col-a.example');
    const audit = await auditEntriesOf(t.database.db, 'users', uid)
      .select(['action', 'actor_kind', 'actor_uid'])
      .execute();
    expect(audit).toContainEqual({ action: 'join-member', actor_kind: 'user', actor_uid: uid });
  });

  it('refuses an expired invitation', async () => {
    const expired = await invite(owner, 'late@col-a.example', 'staff');
    await t.database.db
      .updateTable('member_invitations')
      .set({ expires_at: new Date(Date.parse(expired.invitedAt) - 1000) })
      .where('id', '=', expired.id)
      .execute();
    const late = await signInToPortal(t, portal, 'late@col-a.example');
    const tooLate = await call(late, 'POST', `/api/invitations/${expired.id}/answer`, {
      accept: true,
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toContain('expired');
  });

  it('changes roles: the owner role only by an owner, never from the last owner', async () => {
    const staffUid = await uidOf(t, 'staff@col-a.example');
    const ownerUid = await uidOf(t, 'owner@col-a.example');
    const promoted = await call(admin, 'PATCH', `/api/colleagues/${staffUid}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(
      promoted.json<TPortalColleagues>().colleagues.find((c) => c.uid === staffUid)?.role,
    ).toBe('admin');
    expect(
      (await call(admin, 'PATCH', `/api/colleagues/${ownerUid}`, { role: 'staff' })).statusCode,
    ).toBe(403);
    expect(
      (await call(admin, 'PATCH', `/api/colleagues/${staffUid}`, { role: 'owner' })).statusCode,
    ).toBe(403);
    const lastOwner = await call(owner, 'PATCH', `/api/colleagues/${ownerUid}`, { role: 'admin' });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().error.issues[0]).toMatchObject({
      path: 'body.role',
      rule: 'last-owner',
    });
    const removeLast = await call(owner, 'DELETE', `/api/colleagues/${ownerUid}`);
    expect(removeLast.statusCode).toBe(409);
    expect(await ownersOf('col-a')).toEqual(['owner@col-a.example']);
    const bad = await call(owner, 'PATCH', `/api/colleagues/${staffUid}`, { role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0]).toMatchObject({ path: 'body.role' });
  });

  it('removes a colleague: their portal sessions end at once, audited on the user', async () => {
    const leaving = await signInAsMemberUser(t, portal, 'leaving@col-a.example', 'col-a', 'staff');
    expect((await call(leaving, 'GET', '/api/membership')).statusCode).toBe(200);
    const uid = await uidOf(t, 'leaving@col-a.example');
    const removed = await call(admin, 'DELETE', `/api/colleagues/${uid}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<TPortalColleagues>().colleagues.map((c) => c.uid)).not.toContain(uid);
    expect((await call(leaving, 'GET', '/api/membership')).statusCode).toBe(401);
    const audit = await auditEntriesOf(t.database.db, 'users', uid)
      .select(['action', 'actor_kind'])
      .execute();
    expect(audit).toContainEqual({ action: 'remove-from-member', actor_kind: 'user' });
  });

  it('keeps one of two owners who remove each other at the same moment', async () => {
    // Two owners besides the first race: whichever wins, the first owner (whose session the
    // tests after this one use) is not at stake.
    const [second, third] = [
      await signInAsMemberUser(t, portal, 'second.owner@col-a.example', 'col-a', 'owner'),
      await signInAsMemberUser(t, portal, 'third.owner@col-a.example', 'col-a', 'owner'),
    ];
    const secondUid = await uidOf(t, 'second.owner@col-a.example');
    const thirdUid = await uidOf(t, 'third.owner@col-a.example');
    const [one, other] = await Promise.all([
      call(second, 'DELETE', `/api/colleagues/${thirdUid}`),
      call(third, 'DELETE', `/api/colleagues/${secondUid}`),
    ]);
    expect([one.statusCode, other.statusCode].sort()).toEqual([200, 404]);
    const owners = await ownersOf('col-a');
    expect(owners).toHaveLength(2);
    expect(owners).toContain('owner@col-a.example');
  });
  it("makes a user of another member a group's person: both members, switched between, removed from one", async () => {
    const invitation = await invite(owner, 'owner@col-b.example', 'staff');
    const joined = await call(otherOwner, 'POST', `/api/invitations/${invitation.id}/answer`, {
      accept: true,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    // Their own member is untouched; col-a has them as staff besides.
    expect(await ownersOf('col-b')).toEqual(['owner@col-b.example']);
    const membership = await call(otherOwner, 'GET', '/api/membership');
    expect(
      membership.json<TPortalMembership>().memberships.map(({ mid, role }) => ({ mid, role })),
    ).toEqual([
      { mid: 'col-a', role: 'staff' },
      { mid: 'col-b', role: 'owner' },
    ]);
    const colleagues = await call(owner, 'GET', '/api/colleagues');
    expect(
      colleagues
        .json<TPortalColleagues>()
        .colleagues.find((c) => c.email === 'owner@col-b.example'),
    ).toMatchObject({ role: 'staff' });

    // The session switches; every route then answers for the member chosen, ?member= still wins.
    const switched = await call(otherOwner, 'PUT', '/api/membership/current', { mid: 'col-a' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json<TPortalMembership>()).toMatchObject({ mid: 'col-a', role: 'staff' });
    expect((await call(otherOwner, 'GET', '/api/membership')).json()).toMatchObject({
      mid: 'col-a',
    });
    expect((await call(otherOwner, 'GET', '/api/membership?member=col-b')).json()).toMatchObject({
      mid: 'col-b',
    });
    // Staff at col-a: no managing there, whatever they are at home.
    expect(
      (await call(otherOwner, 'POST', '/api/colleagues', { email: 'x@y.example', role: 'staff' }))
        .statusCode,
    ).toBe(403);
    // A member that is not theirs cannot be chosen.
    const stranger = await call(staff, 'PUT', '/api/membership/current', { mid: 'col-b' });
    expect(stranger.statusCode).toBe(404);

    // col-a's owner removes them: the link ends (audited on the user), their own member stays.
    const groupUid = await uidOf(t, 'owner@col-b.example');
    const removed = await call(owner, 'DELETE', `/api/colleagues/${groupUid}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const links = await t.database.db
      .selectFrom('member_user_links')
      .select('member_mid')
      .where('uid', '=', groupUid)
      .execute();
    expect(links).toEqual([]);
    expect(await ownersOf('col-b')).toEqual(['owner@col-b.example']);
    const audit = await auditEntriesOf(t.database.db, 'users', groupUid)
      .select('action')
      .where('action', 'in', ['join-member', 'remove-from-member'])
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['join-member', 'remove-from-member']);
    // Their portal sessions ended with it, as any removed colleague's.
    expect((await call(otherOwner, 'GET', '/api/membership')).statusCode).toBe(401);
  });
});
