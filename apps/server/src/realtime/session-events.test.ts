import { eventStreamPath } from '@ops/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signInAsNewOperator,
  signInAsNewUser,
  signInByPassword,
  testPassword,
  type TestApp,
} from '../../test/app';
import { eventStream } from '../../test/event-stream';
import { memberRow, insertMembers } from '../../test/fixtures';
import { cliActor } from '../db/audit';
import { addOperator, removeOperator } from '../operators/service';
import { requestRebuild } from '../search/rebuild';

describe(`GET ${eventStreamPath}`, () => {
  let t: TestApp;
  let url: string;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    operator = await signInAsNewOperator(t, 'watcher@example.org');
  });
  afterAll(() => t.close());

  const open = (cookie?: string) =>
    fetch(`${url}${eventStreamPath}`, { headers: cookie ? { cookie } : {} });
  const change = (table: string, id: string, op: string) =>
    `event: change\ndata: ${JSON.stringify({ table, id, op })}\n\n`;
  const member = (mid: string) =>
    memberRow(mid, { legal_name: `Feed Test ${mid}`, country_iso2: null });

  it('refuses a stream without a session', async () => {
    const response = await open();
    expect(response.status).toBe(401);
  });

  it("sends an operator their record at once, then every table's changes as {table, id, op}", async () => {
    const response = await open(operator);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = eventStream(response);
    try {
      expect(await events.next('operator')).toMatchObject({ roles: ['admin'], active: true });
      await t.database.db
        .updateTable('users')
        .set({ display_name: 'Watcher' })
        .where('email', '=', 'watcher@example.org')
        .execute();
      const { task } = await requestRebuild(t.database.db, 'operations', null);
      await insertMembers(t.database.db, [member('feed1')]);
      await events.readUntil('"id":"feed1"');
      expect(events.received).toContain('event: change\ndata: {"table":"users"');
      expect(events.received).toContain(change('search_tasks', String(task.uid), 'insert'));
      expect(events.received).toContain(change('members', 'feed1', 'insert'));

      await t.database.db
        .updateTable('members')
        .set({ status: 'suspended' })
        .where('mid', '=', 'feed1')
        .execute();
      await events.readUntil(change('members', 'feed1', 'update'));

      // One statement of many records is announced once, as id '*' (refetch the table).
      const many = Array.from({ length: 150 }, (_, i) => member(`bulk${i}`));
      await insertMembers(t.database.db, many);
      await events.readUntil(change('members', '*', 'insert'));
      expect(events.received).not.toContain('"id":"bulk');
    } finally {
      await events.cancel();
    }
  });

  it('gives a user who is no operator their status and no changes, until granted, and stops at the revocation', async () => {
    const cookie = await signInAsNewUser(t, 'anna@example.org');
    const events = eventStream(await open(cookie));
    try {
      expect(await events.next('operator')).toBeNull();
      await insertMembers(t.database.db, [member('hidden1')]);
      // The watcher's stream proves the change was announced; Anna's must not carry it.
      const witness = eventStream(await open(operator));
      await witness.next('operator');
      await insertMembers(t.database.db, [member('hidden2')]);
      await witness.readUntil('"id":"hidden2"');
      await witness.cancel();

      // Granted through another connection (as the CLI or another server instance would).
      await addOperator(t.database.db, cliActor, { email: 'anna@example.org' });
      expect(await events.next('operator', 1_000)).toMatchObject({ roles: ['admin'] });
      await insertMembers(t.database.db, [member('shown1')]);
      await events.readUntil(change('members', 'shown1', 'insert'));
      expect(events.received).not.toContain('hidden');

      await removeOperator(t.database.db, cliActor, 'anna@example.org');
      expect(await events.next('operator', 1_000)).toBeNull();
      const afterRevocation = events.received.length;
      await insertMembers(t.database.db, [member('hidden3')]);
      await insertMembers(t.database.db, [member('hidden4')]);
      // Nothing follows the null: not the revocation's own change, not the members.
      await expect(events.readUntil('"id":"hidden4"', 1_000)).rejects.toThrow('in time');
      expect(events.received.slice(afterRevocation)).toBe('');
    } finally {
      await events.cancel();
    }
  });

  it('tells an operator when the database listener reconnected (changes may have been missed)', async () => {
    const events = eventStream(await open(operator));
    try {
      await events.next('operator');
      await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'operations-listener' AND datname = current_database()`.execute(
        t.database.db,
      );
      // The record is sent again (a grant or revocation may have been missed too), then the
      // screens are told to refetch.
      expect(await events.next('operator', 5_000)).toMatchObject({ active: true });
      expect(await events.next('reconnected')).toEqual({});
    } finally {
      await events.cancel();
    }
  });

  it('ends the stream when the session is signed out', async () => {
    const own = await signInByPassword(t, 'anna@example.org', testPassword);
    const events = eventStream(await open(own));
    expect(await events.next('operator')).toBeNull();
    await fetch(`${url}/api/auth/sign-out`, { method: 'POST', headers: { cookie: own } });
    // A change to the user row makes the stream re-check its session at once.
    await t.database.db
      .updateTable('users')
      .set({ display_name: 'Anna' })
      .where('email', '=', 'anna@example.org')
      .execute();
    await expect(events.next('operator', 2_000)).rejects.toThrow('the stream ended');
  });
});
