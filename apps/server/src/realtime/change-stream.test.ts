import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, type TestApp } from '../../test/app';
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
    if (!response.body) throw new Error('The response has no body');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 2_000;
      while (!received.includes(needle)) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${needle}" in time; got ${received}`);
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), left)),
        ]);
        if (chunk.done) throw new Error('the stream ended');
        received += chunk.value;
      }
    };
    await readUntil('retry:');
    // A change of another table first: it must not come through.
    await t.database.db
      .updateTable('users')
      .set({ display_name: 'Watcher' })
      .where('email', '=', 'watcher@example.org')
      .execute();
    const { task } = await requestRebuild(t.database.db, 'operations', null);
    await readUntil('event: change');
    expect(received).toContain(
      `data: ${JSON.stringify({ table: 'search_tasks', id: String(task.uid), op: 'insert' })}`,
    );
    expect(received).not.toContain('"table":"users"');
    await reader.cancel();
  });

  it('refuses the signed-out', async () => {
    const response = await fetch(`${url}/api/changes/stream?tables=search_tasks`);
    expect(response.status).toBe(401);
  });
});
