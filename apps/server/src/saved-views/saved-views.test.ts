import { permissionDeniedMessage } from '@ops/contract';
import {
  savedViewsPerListMax,
  type TSavedView,
  type TSavedViewDefault,
  type TSavedViews,
} from '@ops/contract/saved-views';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAsNewOperator, signInAsNewUser, type TestApp } from '../../test/app';
import { insertMembers, memberRow, signInOperators } from '../../test/fixtures';
import { changesChannel } from '../realtime/changes';
import { loadCountries } from '../seed/countries';
import { listSavedViews } from './list-views';
import type { ErrorBody } from '../../test/requests';
import { auditEntriesOf } from '../../test/audit';

describe('saved views', () => {
  let t: TestApp;
  /** Two membership operators (may share), an admin, a read-only operator. */
  let ann: string;
  let bob: string;
  let admin: string;
  let reader: string;
  let annUid: string;
  let readerUid: string;

  beforeAll(async () => {
    t = await createTestApp();
    await loadCountries(t.database.pool);
    const { cookies, uids } = await signInOperators(t, {
      ann: ['membership'],
      bob: ['membership'],
      admin: ['admin'],
      reader: ['read-only'],
    });
    ({ ann, bob, admin, reader } = cookies);
    ({ ann: annUid, reader: readerUid } = uids);
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (as: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/saved-views', headers: { cookie: as }, payload });
  const created = async (as: string, payload: Record<string, unknown>) => {
    const response = await create(as, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TSavedView>();
  };
  const patch = (as: string, id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/saved-views/${id}`,
      headers: { cookie: as },
      payload,
    });
  const remove = (as: string, id: string, version: number) =>
    t.app.inject({
      method: 'DELETE',
      url: `/api/saved-views/${id}?version=${version}`,
      headers: { cookie: as },
    });
  const setDefault = (as: string, list: string, viewId: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/saved-views/defaults/${list}`,
      headers: { cookie: as },
      payload: { viewId },
    });
  const views = async (as: string, list?: string) => {
    const response = await t.app.inject({
      url: `/api/saved-views${list ? `?list=${list}` : ''}`,
      headers: { cookie: as },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TSavedViews>().views;
  };
  const viewOf = async (as: string, id: string) => {
    const found = (await views(as)).find((view) => view.id === id);
    if (!found) throw new Error(`The view ${id} is not listed`);
    return found;
  };
  const issueOf = (body: string) => JSON.parse(body) as ErrorBody;
  const auditOf = (recordId: string) =>
    auditEntriesOf(t.database.db, 'saved_views', recordId)
      .select(['action', 'actor_uid', 'before', 'after'])
      .orderBy('id')
      .execute();

  it('refuses visitors (401) and users who are not operators (403)', async () => {
    const visitor = await t.app.inject({ url: '/api/saved-views' });
    expect(visitor.statusCode).toBe(401);
    const visitorWrite = await t.app.inject({
      method: 'POST',
      url: '/api/saved-views',
      payload: { list: 'members', name: 'x', params: '' },
    });
    expect(visitorWrite.statusCode).toBe(401);

    const user = await signInAsNewUser(t, 'member-user@example.org');
    const read = await t.app.inject({ url: '/api/saved-views', headers: { cookie: user } });
    expect(read.statusCode).toBe(403);
    const write = await create(user, { list: 'members', name: 'x', params: '' });
    expect(write.statusCode).toBe(403);
    const setting = await setDefault(user, 'members', null);
    expect(setting.statusCode).toBe(403);
  });

  it('shows personal views to their owner only, shared views to every operator', async () => {
    const mine = await created(ann, {
      list: 'members',
      name: 'My overdue',
      params: 'status=overdue&sort=-joinedOn',
    });
    const team = await created(ann, {
      list: 'members',
      name: 'Active in Switzerland',
      params: 'country=CH&status=active&cols=number,legalName',
      isShared: true,
    });
    expect(mine).toMatchObject({
      list: 'members',
      isShared: false,
      isDefault: false,
      isOwn: true,
      canEdit: true,
      version: 1,
      params: 'status=overdue&sort=-joinedOn',
      openParams: 'status=overdue&sort=-joinedOn',
      listParams: 'status=overdue&sort=-joinedOn',
      dropped: [],
      owner: { uid: annUid, email: 'ann@example.org' },
    });
    // The list API takes the view without its columns.
    expect(team.listParams).toBe('country=CH&status=active');
    expect(team.openParams).toBe('country=CH&status=active&cols=number,legalName');

    // Her own first by name ("Active…" before "My…"), both hers.
    const annSees = (await views(ann, 'members')).map((view) => view.id);
    expect(annSees).toEqual([team.id, mine.id]);

    // Bob sees the shared one only, and may not change it; the admin may.
    const bobSees = await views(bob, 'members');
    expect(bobSees.map((view) => view.id)).toEqual([team.id]);
    expect(bobSees[0]).toMatchObject({ isOwn: false, canEdit: false });
    const adminSees = await views(admin, 'members');
    expect(adminSees.map((view) => view.id)).toEqual([team.id]);
    expect(adminSees[0]).toMatchObject({ isOwn: false, canEdit: true });

    // Another list's filter sees none of them.
    expect(await views(ann, 'invoices')).toEqual([]);

    // Another operator's personal view does not exist for Bob: 404, as for a missing id.
    const peek = await patch(bob, mine.id, { version: 1, name: 'Peeked' });
    expect(peek.statusCode).toBe(404);
    expect(issueOf(peek.body).error.message).toBe(`No saved view has the id ${mine.id}.`);
    expect((await remove(bob, mine.id, 1)).statusCode).toBe(404);
  });

  it('lets a read-only operator keep personal views, but not share one (403)', async () => {
    const personal = await created(reader, {
      list: 'invoices',
      name: 'Open invoices',
      params: 'status=issued',
    });
    expect(personal).toMatchObject({ isShared: false, canEdit: true });

    const shared = await create(reader, {
      list: 'invoices',
      name: 'For everyone',
      params: 'status=issued',
      isShared: true,
    });
    expect(shared.statusCode).toBe(403);
    expect(issueOf(shared.body).error).toEqual({
      code: 'permission-denied',
      message: permissionDeniedMessage('views.share'),
    });
    const sharing = await patch(reader, personal.id, { version: 1, isShared: true });
    expect(sharing.statusCode).toBe(403);
    expect(issueOf(sharing.body).error.message).toBe(permissionDeniedMessage('views.share'));

    const renamed = await patch(reader, personal.id, { version: 1, name: 'Issued invoices' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<TSavedView>()).toMatchObject({ name: 'Issued invoices', version: 2 });
    expect((await remove(reader, personal.id, 2)).statusCode).toBe(204);
    expect(await views(reader, 'invoices')).toEqual([]);
  });

  it("refuses a membership operator another's shared view (403); an admin may rename and delete it", async () => {
    const view = await created(ann, {
      list: 'applications',
      name: 'Waiting',
      params: 'status=submitted',
      isShared: true,
    });
    const rename = await patch(bob, view.id, { version: 1, name: 'Mine now' });
    expect(rename.statusCode).toBe(403);
    expect(issueOf(rename.body).error.message).toBe(permissionDeniedMessage('views.manage-shared'));
    const deletion = await remove(bob, view.id, 1);
    expect(deletion.statusCode).toBe(403);

    const byAdmin = await patch(admin, view.id, { version: 1, name: 'Waiting for review' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json<TSavedView>()).toMatchObject({
      name: 'Waiting for review',
      version: 2,
      isOwn: false,
      owner: { email: 'ann@example.org' },
    });
    const deleted = await remove(admin, view.id, 2);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await views(ann, 'applications')).map((one) => one.id)).not.toContain(view.id);
  });

  it('refuses a stale version with 409 naming who changed the view', async () => {
    const view = await created(ann, {
      list: 'certificates',
      name: 'Issued',
      params: 'status=issued',
      isShared: true,
    });
    const update = await patch(ann, view.id, { version: 1, params: 'status=issued,expired' });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json<TSavedView>()).toMatchObject({
      params: 'status=issued,expired',
      version: 2,
    });

    const stale = await patch(admin, view.id, { version: 1, name: 'Old' });
    expect(stale.statusCode).toBe(409);
    expect(issueOf(stale.body).error.code).toBe('aborted');
    expect(issueOf(stale.body).error.message).toMatch(
      /^The view "Issued" was changed by .*ann@example\.org.* since you opened it\. Reload to see the change\.$/,
    );
    expect((await remove(ann, view.id, 1)).statusCode).toBe(409);
    expect((await viewOf(ann, view.id)).version).toBe(2);

    // Sending what it is already writes nothing.
    const same = await patch(ann, view.id, { version: 2, name: 'Issued' });
    expect(same.json<TSavedView>().version).toBe(2);
  });

  it('opens a view without a country that no longer exists, and says so', async () => {
    await sql`INSERT INTO countries (iso2, iso3, name, official_name, region)
              VALUES ('YU', 'YUG', 'Yugoslavia', 'Socialist Federal Republic of Yugoslavia', 'europe')`.execute(
      t.database.db,
    );
    const view = await created(ann, {
      list: 'members',
      name: 'Balkans',
      params: 'country=CH,YU&status=active',
    });
    expect(view.dropped).toEqual([]);
    await sql`DELETE FROM countries WHERE iso2 = 'YU'`.execute(t.database.db);

    const opened = await viewOf(ann, view.id);
    expect(opened.params).toBe('country=CH,YU&status=active');
    expect(opened.openParams).toBe('country=CH&status=active');
    expect(opened.listParams).toBe('country=CH&status=active');
    expect(opened.dropped).toEqual([
      {
        part: 'filter-value',
        name: 'country',
        value: 'YU',
        message: 'Country "YU" no longer exists; the country filter left it out.',
      },
    ]);

    // The only country gone: the filter goes with it.
    await sql`UPDATE saved_views SET params = 'country=YU' WHERE id = ${view.id}`.execute(
      t.database.db,
    );
    expect(await viewOf(ann, view.id)).toMatchObject({ openParams: '', listParams: '' });
  });

  it('leaves out filters, sort fields, columns and values the list no longer has', async () => {
    const view = await created(ann, { list: 'members', name: 'Old shape', params: 'q=acme' });
    // As an older console could have stored it.
    await sql`UPDATE saved_views
              SET params = 'q=acme&status=active,archived&legacyRegion=emea&sort=-shoeSize,number&cols=number,oldColumn,legalName&tradeName=x&cursor=abc&selected=m1,m2'
              WHERE id = ${view.id}`.execute(t.database.db);
    const opened = await viewOf(ann, view.id);
    expect(opened.openParams).toBe('q=acme&status=active&sort=number&cols=number,legalName');
    expect(opened.listParams).toBe('q=acme&status=active&sort=number');
    expect(opened.dropped).toEqual([
      {
        part: 'filter-value',
        name: 'status',
        value: 'archived',
        message: 'Status "archived" no longer exists; the status filter left it out.',
      },
      {
        part: 'filter',
        name: 'legacyRegion',
        value: null,
        message: 'The filter "Legacy region" no longer exists; the view opens without it.',
      },
      {
        part: 'sort',
        name: 'sort',
        value: '-shoeSize',
        message: 'The list no longer sorts by "Shoe size"; the view\'s sort left it out.',
      },
      {
        part: 'column',
        name: 'cols',
        value: 'oldColumn',
        message: 'The column "Old column" no longer exists.',
      },
      {
        part: 'filter',
        name: 'tradeName',
        value: null,
        message: 'The list no longer filters by "Trade name"; the view opens without that filter.',
      },
    ]);
  });

  it('opens a view without a member that was deleted or never existed', async () => {
    await insertMembers(t.database.db, [memberRow('kept1'), memberRow('gone1')]);
    const view = await created(ann, {
      list: 'invoices',
      name: 'Two members',
      params: 'member=kept1,gone1,nobody&status=issued',
      isShared: true,
    });
    await t.database.db
      .updateTable('members')
      .set({ deleted_at: new Date() })
      .where('mid', '=', 'gone1')
      .execute();

    // Bob reads the shared view as Ann does.
    const opened = await viewOf(bob, view.id);
    expect(opened.openParams).toBe('member=kept1&status=issued');
    expect(opened.dropped).toEqual([
      {
        part: 'filter-value',
        name: 'member',
        value: 'gone1',
        message: 'Member M-gone1 (Company gone1) no longer exists; the member filter left it out.',
      },
      {
        part: 'filter-value',
        name: 'member',
        value: 'nobody',
        message: 'Member "nobody" no longer exists; the member filter left it out.',
      },
    ]);
  });

  it('checks the records of every view at once: one query per kind of record', async () => {
    const {
      cookies: { lister },
      uids: { lister: listerUid },
    } = await signInOperators(t, { lister: ['membership'] });
    await insertMembers(t.database.db, [memberRow('many1'), memberRow('many2')]);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        created(lister, {
          list: i % 2 === 0 ? 'invoices' : 'members',
          name: `Batch ${i}`,
          params:
            i % 2 === 0
              ? `member=many${(i % 4) / 2 + 1},missing${i}&memberCountry=CH,DE`
              : `country=FR,Q${String.fromCharCode(65 + (i % 26))}`,
        }),
      ),
    );
    let statements = 0;
    const counted = t.database.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const { views: listed } = await listSavedViews(
      counted,
      { uid: listerUid, roles: ['membership'], actor: { kind: 'operator', uid: listerUid } },
      {},
    );
    expect(listed.filter((view) => view.owner.uid === listerUid)).toHaveLength(30);
    // The views, then the countries and the members every one of them names.
    expect(statements).toBe(3);
    const batch = listed.find((view) => view.name === 'Batch 0');
    expect(batch?.openParams).toBe('member=many1&memberCountry=CH,DE');
    expect(listed.find((view) => view.name === 'Batch 1')?.dropped).toEqual([
      {
        part: 'filter-value',
        name: 'country',
        value: 'QB',
        message: 'Country "QB" no longer exists; the country filter left it out.',
      },
    ]);
  });

  it('keeps one default view per list: set, replace, clear; refuses another list’s or an unseen view', async () => {
    const first = await created(ann, {
      list: 'payments',
      name: 'Open',
      params: 'status=open',
      isDefault: true,
    });
    expect(first.isDefault).toBe(true);
    const second = await created(ann, { list: 'payments', name: 'Paid', params: 'status=paid' });

    const replaced = await setDefault(ann, 'payments', second.id);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<TSavedViewDefault>()).toEqual({ list: 'payments', viewId: second.id });
    const afterReplace = await views(ann, 'payments');
    expect(afterReplace.map((view) => [view.name, view.isDefault])).toEqual([
      ['Open', false],
      ['Paid', true],
    ]);

    // A shared view of someone else may be one's default, without changing it for its owner.
    const shared = await created(bob, {
      list: 'payments',
      name: 'Bob’s uncollectible',
      params: 'status=uncollectible',
      isShared: true,
    });
    expect((await setDefault(ann, 'payments', shared.id)).statusCode).toBe(200);
    expect((await viewOf(ann, shared.id)).isDefault).toBe(true);
    expect((await viewOf(bob, shared.id)).isDefault).toBe(false);
    expect((await viewOf(bob, shared.id)).version).toBe(1);

    // Unshared, it is nobody's default but its owner's.
    const unshared = await patch(bob, shared.id, { version: 1, isShared: false });
    expect(unshared.statusCode, unshared.body).toBe(200);
    expect((await views(ann, 'payments')).some((view) => view.isDefault)).toBe(false);

    const otherList = await created(ann, { list: 'emails', name: 'Errors', params: 'state=ERROR' });
    const wrongList = await setDefault(ann, 'payments', otherList.id);
    expect(wrongList.statusCode).toBe(400);
    expect(issueOf(wrongList.body).error.issues).toEqual([
      {
        path: 'body.viewId',
        rule: 'invalid_value',
        message: 'The view "Errors" is a view of the emails list, not of the payments list.',
      },
    ]);
    const unseen = await setDefault(ann, 'payments', shared.id);
    expect(unseen.statusCode).toBe(400);
    expect(issueOf(unseen.body).error.issues?.[0]).toMatchObject({
      path: 'body.viewId',
      rule: 'exists',
    });
    const badList = await setDefault(ann, 'nothing', null);
    expect(badList.statusCode).toBe(400);

    expect((await setDefault(ann, 'payments', first.id)).statusCode).toBe(200);
    const cleared = await setDefault(ann, 'payments', null);
    expect(cleared.json<TSavedViewDefault>()).toEqual({ list: 'payments', viewId: null });
    expect((await views(ann, 'payments')).some((view) => view.isDefault)).toBe(false);

    // Deleting the default view clears the default.
    expect((await setDefault(ann, 'payments', second.id)).statusCode).toBe(200);
    expect((await remove(ann, second.id, 1)).statusCode).toBe(204);
    const left = await t.database.db
      .selectFrom('saved_view_defaults')
      .selectAll()
      .where('uid', '=', annUid)
      .where('list', '=', 'payments')
      .execute();
    expect(left).toEqual([]);

    // Read-only operators keep defaults too.
    const readersView = await created(reader, { list: 'payments', name: 'Mine', params: '' });
    expect((await setDefault(reader, 'payments', readersView.id)).statusCode).toBe(200);
    expect(
      await t.database.db
        .selectFrom('saved_view_defaults')
        .select('view_id')
        .where('uid', '=', readerUid)
        .execute(),
    ).toEqual([{ view_id: readersView.id }]);
  });

  it('refuses bad input with a 400 naming the field and the rule', async () => {
    const expectIssue = async (
      payload: Record<string, unknown>,
      path: string,
      rule: string,
      as = ann,
    ) => {
      const response = await create(as, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(issueOf(response.body).error.issues?.[0]).toMatchObject({ path, rule });
      return issueOf(response.body).error.issues?.[0]?.message;
    };
    await expectIssue({ list: 'members', name: '   ', params: '' }, 'body.name', 'too_small');
    await expectIssue({ list: 'nothing', name: 'x', params: '' }, 'body.list', 'invalid_value');
    await expectIssue({ list: 'members', name: 'x', params: '?q=a' }, 'body.params', 'custom');
    expect(
      await expectIssue(
        { list: 'members', name: 'x', params: 'shoeSize=42' },
        'body.params',
        'unrecognized_keys',
      ),
    ).toBe(
      '"shoeSize" is not part of a view of the members list: a view keeps q, sort, cols and the list\'s filters.',
    );
    // A sort, a filter value, a column or a date the members list does not know.
    for (const params of [
      'sort=tradeName',
      'status=archived',
      'cols=number,shoeSize',
      'joinedOn=yesterday',
    ]) {
      await expectIssue({ list: 'members', name: 'x', params }, 'body.params', 'invalid_value');
    }

    // A name is unique per owner and list, whatever its case; another list or owner may reuse it.
    await created(ann, { list: 'countries', name: 'Europe', params: 'region=europe' });
    const duplicate = await expectIssue(
      { list: 'countries', name: 'EUROPE', params: '' },
      'body.name',
      'unique',
    );
    expect(duplicate).toBe(
      'There is a view named "EUROPE" of this list already; choose another name.',
    );
    await created(bob, { list: 'countries', name: 'Europe', params: 'region=europe' });
    await created(ann, { list: 'bank-accounts', name: 'Europe', params: 'currency=EUR' });
    const renamed = await patch(
      ann,
      (
        await created(ann, {
          list: 'countries',
          name: 'Americas',
          params: 'region=americas',
        })
      ).id,
      { version: 1, name: 'europe' },
    );
    expect(renamed.statusCode).toBe(400);
    expect(issueOf(renamed.body).error.issues?.[0]).toMatchObject({
      path: 'body.name',
      rule: 'unique',
    });

    // The page and the selection are never part of a view.
    const cleaned = await created(ann, {
      list: 'countries',
      name: 'Africa',
      params: 'region=africa-middle-east&cursor=abc&selected=CH,DE&sort=-name',
    });
    expect(cleaned.params).toBe('region=africa-middle-east&sort=-name');
  });

  it(`keeps at most ${savedViewsPerListMax} views per operator and list`, async () => {
    const owner = await signInAsNewOperator(t, 'collector@example.org', ['finance']);
    await Promise.all(
      Array.from({ length: savedViewsPerListMax }, (_, i) =>
        created(owner, { list: 'bank-statements', name: `View ${i + 1}`, params: '' }),
      ),
    );
    const over = await create(owner, { list: 'bank-statements', name: 'One more', params: '' });
    expect(over.statusCode).toBe(400);
    expect(issueOf(over.body).error.issues?.[0]).toMatchObject({
      path: 'body.list',
      rule: 'too_big',
    });
    // Sorted as a person reads numbers: "View 2" before "View 10".
    const names = (await views(owner, 'bank-statements')).map((view) => view.name);
    expect(names.slice(0, 3)).toEqual(['View 1', 'View 2', 'View 3']);
  });

  it('audits every write: create, rename, update, share, default, delete', async () => {
    const view = await created(ann, {
      list: 'users',
      name: 'Disabled',
      params: 'disabled=true',
      isDefault: true,
    });
    await patch(ann, view.id, { version: 1, name: 'Disabled users' });
    await patch(ann, view.id, { version: 2, params: 'disabled=true&sort=email' });
    await patch(ann, view.id, { version: 3, isShared: true });
    await setDefault(ann, 'users', null);
    await remove(ann, view.id, 4);

    const entries = await auditOf(view.id);
    expect(entries.map((entry) => [entry.action, entry.actor_uid])).toEqual([
      ['create', annUid],
      ['set-default', annUid],
      ['rename', annUid],
      ['update', annUid],
      ['share', annUid],
      ['unset-default', annUid],
      ['delete', annUid],
    ]);
    expect(entries[0]?.after).toMatchObject({ name: 'Disabled', params: 'disabled=true' });
    expect(entries[2]?.before).toMatchObject({ name: 'Disabled' });
    expect(entries[2]?.after).toMatchObject({ name: 'Disabled users', version: 2 });
    expect(entries[4]?.after).toMatchObject({ is_shared: true, version: 4 });
    expect(entries[6]?.before).toMatchObject({ name: 'Disabled users', is_shared: true });
    expect(entries[6]?.after).toBeNull();

    // The activity log lists them with the view's name while it exists.
    const history = await t.app.inject({
      url: `/api/audit/saved_views/${view.id}`,
      headers: { cookie: admin },
    });
    expect(history.statusCode, history.body).toBe(200);
  });

  it('announces changes on the change feed, so open consoles refresh their views', async () => {
    const heard: string[] = [];
    const unsubscribe = t.notifications.subscribe(changesChannel, (payload) => heard.push(payload));
    try {
      const view = await created(ann, { list: 'operators', name: 'Admins', params: 'roles=admin' });
      await setDefault(ann, 'operators', view.id);
      await expect
        .poll(() => heard.map((payload) => JSON.parse(payload) as Record<string, string>))
        .toEqual(
          expect.arrayContaining([
            { table: 'saved_views', id: view.id, op: 'insert' },
            { table: 'saved_view_defaults', id: annUid, op: 'insert' },
          ]),
        );
    } finally {
      unsubscribe();
    }
  });
});
