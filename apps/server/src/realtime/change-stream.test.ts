import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
import { eventStream } from '../../test/event-stream';
import { memberRow } from '../../test/fixtures';
import { requestRebuild } from '../search/rebuild';

describe('GET /api/changes/stream', () => {
  let t: TestApp;
  let url: string;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    cookie = await signInAsNewOperator(t, 'watcher@example.org');
  });
  afterAll(() => t.close());

  it('sends {table, id, op} for the tables asked for, and nothing else', async () => {
    const response = await fetch(`${url}/api/changes/stream?tables=search_tasks`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = eventStream(response);
    await stream.readUntil('retry:');
    // A change of another table first: it must not come through.
    await t.database.db
      .updateTable('users')
      .set({ display_name: 'Watcher' })
      .where('email', '=', 'watcher@example.org')
      .execute();
    const { task } = await requestRebuild(t.database.db, 'operations', null);
    await stream.readUntil('event: change');
    expect(stream.received).toContain(
      `data: ${JSON.stringify({ table: 'search_tasks', id: String(task.uid), op: 'insert' })}`,
    );
    expect(stream.received).not.toContain('"table":"users"');
    await stream.cancel();
  });

  it('announces each changed business record, and one statement of many as id *', async () => {
    const response = await fetch(`${url}/api/changes/stream?tables=members`, {
      headers: { cookie },
    });
    const stream = eventStream(response);
    await stream.readUntil('retry:');
    const member = (mid: string) =>
      memberRow(mid, { legal_name: `Feed Test ${mid}`, country_iso2: null });
    await t.database.db.insertInto('members').values(member('feed1')).execute();
    await stream.readUntil('"id":"feed1"');
    expect(stream.received).toContain(
      `data: ${JSON.stringify({ table: 'members', id: 'feed1', op: 'insert' })}`,
    );
    await t.database.db
      .updateTable('members')
      .set({ status: 'suspended' })
      .where('mid', '=', 'feed1')
      .execute();
    await stream.readUntil('"op":"update"');

    const many = Array.from({ length: 150 }, (_, i) => member(`bulk${i}`));
    await t.database.db.insertInto('members').values(many).execute();
    await stream.readUntil('"id":"*"');
    expect(stream.received).toContain(
      `data: ${JSON.stringify({ table: 'members', id: '*', op: 'insert' })}`,
    );
    expect(stream.received).not.toContain('"id":"bulk');
    await stream.cancel();
  });

  it('refuses the signed-out', async () => {
    const response = await fetch(`${url}/api/changes/stream?tables=search_tasks`);
    expect(response.status).toBe(401);
  });
});
