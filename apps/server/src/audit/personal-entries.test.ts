import type { TAuditHistoryPage } from '@ops/contract';
import type { TActivityListPage } from '@ops/contract/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, testPublicUrl, type TestApp } from '../../test/app';

/**
 * Issue 31: another operator's personal saved view was a 404 on its own route, but its name and
 * parameters showed in the activity log, its export and the view's history to every operator. An
 * operator's workspace entries are now theirs alone; a shared view's stay everyone's.
 */
describe("an operator's personal views, through the activity log and the history", () => {
  let t: TestApp;
  let owner: string;
  let reader: string;
  let personalId = '';
  let sharedId = '';

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAsNewOperator(t, 'owner@example.org', ['admin']);
    reader = await signInAsNewOperator(t, 'reader@example.org', ['read-only']);
    const create = async (body: object) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/saved-views',
        payload: body,
        headers: { cookie: owner, origin: testPublicUrl },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string }>().id;
    };
    personalId = await create({
      list: 'members',
      name: 'Candidates to let go quietly',
      params: 'status=overdue&q=Secret%20Spedition',
    });
    sharedId = await create({
      list: 'members',
      name: 'Overdue, for everyone',
      params: 'status=overdue',
      isShared: true,
    });
    const setDefault = await t.app.inject({
      method: 'PUT',
      url: '/api/saved-views/defaults/members',
      payload: { viewId: personalId },
      headers: { cookie: owner, origin: testPublicUrl },
    });
    expect([200, 204]).toContain(setDefault.statusCode);
  });
  afterAll(() => t.close());

  const read = async (url: string, cookie: string) => {
    const response = await t.app.inject({ url, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  it('the owner sees their entries; another operator none of the personal ones, anywhere', async () => {
    const activity = (cookie: string) =>
      read('/api/activity?recordType=saved_views&limit=100', cookie).then((response) =>
        response.json<TActivityListPage>(),
      );
    const ownView = await activity(owner);
    expect(ownView.data.map((entry) => entry.record.id)).toEqual(
      expect.arrayContaining([personalId, sharedId]),
    );

    const othersView = await activity(reader);
    const seen = othersView.data.map((entry) => entry.record.id);
    expect(seen).toContain(sharedId);
    expect(seen).not.toContain(personalId);
    expect(JSON.stringify(othersView)).not.toContain('let go quietly');

    const everything = await read('/api/activity?limit=100', reader);
    expect(everything.body).not.toContain(personalId);
    expect(everything.body).not.toContain('Secret%20Spedition');
    const exported = await read('/api/activity/export', reader);
    expect(exported.body).not.toContain(personalId);
    expect(exported.body).not.toContain('let go quietly');

    const history = (id: string, cookie: string) =>
      read(`/api/audit/saved_views/${id}`, cookie).then((response) =>
        response.json<TAuditHistoryPage>(),
      );
    expect((await history(personalId, reader)).data).toEqual([]);
    expect((await history(personalId, owner)).data.length).toBeGreaterThan(0);
    expect((await history(sharedId, reader)).data.length).toBeGreaterThan(0);
  });
});
