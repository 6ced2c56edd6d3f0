import type { TActivityListPage } from '@ops/contract/activity';
import type { TMyFollowUps, TMyMentions, TNote, TNotesPage } from '@ops/contract/notes';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestUser, createTestApp, signInAsNewUser, type TestApp } from '../../test/app';
import { insertMembers, memberRow, signInOperators } from '../../test/fixtures';
import {
  apiAs,
  expectConflict,
  expectForbidden,
  expectInvalid,
  type ErrorBody,
  type OperatorApi,
} from '../../test/requests';
import { expectIndexedOrder, indexedPlanOf } from '../../test/lists';
import { addApplication } from '../applications/test-fixtures';
import { todayAtHeadquarters } from '../lib/dates';
import { changesChannel } from '../realtime/changes';
import { auditEntriesOf } from '../../test/audit';

/** A day `days` after today at headquarters (before it when negative). */
function dayFromToday(days: number): string {
  const today = new Date(`${todayAtHeadquarters()}T00:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

describe('notes, mentions and follow-ups', () => {
  let t: TestApp;
  let api: OperatorApi;
  /** Operators: Fay (finance) writes most notes; Mo (membership); Ann (admin); Rita (read-only). */
  let fay: string;
  let mo: string;
  let ann: string;
  let rita: string;
  let fayUid: string;
  let moUid: string;
  let annUid: string;
  let ritaUid: string;
  let formerUid: string;
  let userUid: string;
  let aid: string;

  const mid = 'notes-m1';
  const iid = 'notes-i1';

  beforeAll(async () => {
    t = await createTestApp();
    const { cookies, uids } = await signInOperators(t, {
      fay: ['finance'],
      mo: ['membership'],
      ann: ['admin'],
      rita: ['read-only'],
      former: ['membership'],
    });
    ({ fay, mo, ann, rita } = cookies);
    ({ fay: fayUid, mo: moUid, ann: annUid, rita: ritaUid, former: formerUid } = uids);
    // An operator whose access ended: still a user, no longer someone to mention or assign.
    await t.database.db
      .updateTable('operators')
      .set({ active: false })
      .where('uid', '=', formerUid)
      .execute();
    userUid = (await addTestUser(t.database, 'member-user@example.org')).uid;
    await t.database.db
      .updateTable('users')
      .set({ display_name: 'Mo Muster' })
      .where('uid', '=', moUid)
      .execute();

    await insertMembers(t.database.db, [
      memberRow(mid, { number: 'M-001234', legal_name: 'Acme Logistics', country_iso2: null }),
    ]);
    const application = await addApplication(t.database.db, {
      legal_name: 'Forwarding Ltd',
      country_iso2: null,
    });
    aid = application.aid;
    await t.database.db
      .insertInto('invoices')
      .values({
        iid,
        number: '2026-000042',
        kind: 'other',
        year: 2026,
        currency: 'CHF',
        status: 'draft',
      })
      .execute();
    api = apiAs(t, fay);
  });
  afterAll(() => t.close());

  const write = (payload: Record<string, unknown>, as = fay) =>
    api.post<TNote>('/api/notes', payload, as);
  const notesOf = async (table: string, recordId: string, query = '', as = fay) => {
    const answer = await api.get<TNotesPage>(
      `/api/notes?table=${table}&recordId=${recordId}${query}`,
      as,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const auditOf = (noteId: string) =>
    auditEntriesOf(t.database.db, 'notes', noteId)
      .select(['action', 'actor_uid', 'before', 'after'])
      .orderBy('id')
      .execute();
  /** Time passes for the note: it was written `minutes` earlier than it says. */
  const ageNote = (noteId: string, minutes: number) =>
    t.database.db
      .updateTable('notes')
      .set({ created_at: sql<Date>`created_at - make_interval(mins => ${minutes})` })
      .where('id', '=', noteId)
      .execute();

  it('writes a note on a member, an application and an invoice, each named as a person reads it', async () => {
    const onMember = await write({
      table: 'members',
      recordId: mid,
      body: 'Called about the renewal.\nSee https://example.org/renewal',
    });
    expect(onMember.status, JSON.stringify(onMember.body)).toBe(200);
    expect(onMember.body).toMatchObject({
      record: { table: 'members', id: mid, label: 'Acme Logistics (M-001234)' },
      body: 'Called about the renewal.\nSee https://example.org/renewal',
      mentions: [],
      author: { uid: fayUid, email: 'fay@example.org', displayName: null },
      editedAt: null,
      canEdit: true,
      canDelete: false,
      followUp: null,
      version: 1,
    });
    expect(onMember.body.id).toMatch(/^[A-Za-z0-9]{20}$/);
    const created = Date.parse(onMember.body.createdAt);
    expect(Date.parse(onMember.body.editableUntil) - created).toBe(15 * 60_000);

    const onApplication = await write({
      table: 'applications',
      recordId: aid,
      body: 'Documents look fine.',
    });
    expect(onApplication.status, JSON.stringify(onApplication.body)).toBe(200);
    expect(onApplication.body.record.label).toMatch(/^Forwarding Ltd \(A-9\d{5}\)$/);

    const onInvoice = await write({
      table: 'invoices',
      recordId: iid,
      body: 'Waiting for the PO number.',
    });
    expect(onInvoice.status, JSON.stringify(onInvoice.body)).toBe(200);
    expect(onInvoice.body.record).toEqual({
      table: 'invoices',
      id: iid,
      label: 'Invoice 2026-000042',
    });

    // An admin reading it may delete it; its author could edit it, the admin cannot.
    const asAdmin = await notesOf('invoices', iid, '', ann);
    expect(asAdmin.data[0]).toMatchObject({ canEdit: false, canDelete: true });
  });

  it('refuses a note on a record that does not exist, and lists none for it (404)', async () => {
    const missing = await api.post('/api/notes', {
      table: 'members',
      recordId: 'no-such-member',
      body: 'Hello',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toEqual({
      code: 'not-found',
      message: 'No member has the id no-such-member.',
    });
    const list = await api.get('/api/notes?table=invoices&recordId=no-such-invoice');
    expect(list.status).toBe(404);
    expect(list.body.error.message).toBe('No invoice has the id no-such-invoice.');
  });

  it('lists a record’s notes newest first, page by page, with the total', async () => {
    const recordId = 'notes-m-paged';
    await insertMembers(t.database.db, [memberRow(recordId, { country_iso2: null })]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const note = await write({ table: 'members', recordId, body: `Note ${i}` });
      ids.push(note.body.id);
    }
    // Two notes of the very same time: the id decides, and paging neither skips nor repeats.
    await t.database.db
      .updateTable('notes')
      .set({ created_at: sql<Date>`'2026-01-01T10:00:00.123456Z'::timestamptz` })
      .where('id', 'in', ids.slice(1, 3))
      .execute();
    const all = await notesOf('members', recordId, '&limit=100');
    expect(all.total).toBe(5);
    expect(all.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: TNotesPage = await notesOf(
        'members',
        recordId,
        `&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.total).toBe(5);
      seen.push(...page.data.map((note) => note.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.data.map((note) => note.id));
    expect(new Set(seen).size).toBe(5);
    // Newest first: the three written last, then the two moved back to 2026.
    expect(seen.slice(0, 3)).toEqual([ids[4], ids[3], ids[0]]);
    expect(seen.slice(3).sort()).toEqual(ids.slice(1, 3).sort());

    expectInvalid(
      await api.get(`/api/notes?table=members&recordId=${recordId}&cursor=nonsense`),
      'query.cursor',
    );
    const forged = Buffer.from(JSON.stringify(['2026-02-30T00:00:00.000000Z', 'x'])).toString(
      'base64url',
    );
    expectInvalid(
      await api.get(`/api/notes?table=members&recordId=${recordId}&cursor=${forged}`),
      'query.cursor',
      'invalid_format',
    );
  });

  it('refuses bad input with a 400 naming the field and the rule', async () => {
    // Each refused note: a member's unless it names another record; the field and rule named.
    const refused: [Record<string, unknown>, string, string?][] = [
      [{ body: '  \n ' }, 'body.body', 'custom'],
      [{ body: 'x'.repeat(10_001) }, 'body.body', 'too_big'],
      [{ table: 'countries', recordId: 'CH' }, 'body.table', 'invalid_value'],
      [{ mentions: [moUid, 'nobody'] }, 'body.mentions.1', 'active'],
      [{ mentions: [formerUid] }, 'body.mentions.0', 'active'],
      // A user who is not an operator is no one to mention either.
      [{ mentions: [userUid] }, 'body.mentions.0', 'active'],
      [{ followUp: { dueOn: '2026-13-01', assigneeUid: moUid } }, 'body.followUp.dueOn'],
      [
        { followUp: { dueOn: '2026-12-01', assigneeUid: formerUid } },
        'body.followUp.assigneeUid',
        'active',
      ],
    ];
    for (const [fields, path, rule] of refused) {
      expectInvalid(
        await write({ table: 'members', recordId: mid, body: 'Hi', ...fields }),
        path,
        rule,
      );
    }
    expectInvalid(await api.get('/api/notes?table=members'), 'query.recordId');
    // Nothing of the refused notes was written.
    const { total } = await notesOf('members', mid);
    expect(total).toBe(1);
  });

  it('tells the mentioned operators: unread on their home until they mark it read', async () => {
    const note = await write({
      table: 'members',
      recordId: mid,
      body: '@Mo Muster @Rita can you check the address?',
      mentions: [moUid, ritaUid, moUid],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    expect(note.body.mentions).toEqual([
      { uid: moUid, email: 'mo@example.org', displayName: 'Mo Muster' },
      { uid: ritaUid, email: 'rita@example.org', displayName: null },
    ]);

    const mine = await api.get<TMyMentions>('/api/mentions/mine', mo);
    expect(mine.status).toBe(200);
    expect(mine.body.unread).toBe(1);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ readAt: null, note: { id: note.body.id } });
    // The author is not mentioned: nothing for them.
    expect((await api.get<TMyMentions>('/api/mentions/mine')).body).toEqual({
      data: [],
      unread: 0,
    });

    // A second mention of Mo; marking the first read leaves the second unread.
    const second = await write({
      table: 'invoices',
      recordId: iid,
      body: '@Mo Muster',
      mentions: [moUid],
    });
    let after = (await api.get<TMyMentions>('/api/mentions/mine', mo)).body;
    expect(after.unread).toBe(2);
    expect(after.data.map((mention) => mention.note.id)).toEqual([second.body.id, note.body.id]);
    const marked = await api.post('/api/mentions/read', { noteIds: [note.body.id] }, mo);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    after = (await api.get<TMyMentions>('/api/mentions/mine', mo)).body;
    expect(after.unread).toBe(1);
    expect(after.data[1]?.readAt).toEqual(expect.any(String));
    expect(after.data[0]?.readAt).toBeNull();

    // A read-only operator marks their own mentions read too (workspace.personal): all at once.
    expect((await api.get<TMyMentions>('/api/mentions/mine', rita)).body.unread).toBe(1);
    expect((await api.post('/api/mentions/read', {}, rita)).status).toBe(200);
    expect((await api.get<TMyMentions>('/api/mentions/mine', rita)).body.unread).toBe(0);
    // Nobody else's read marks moved.
    expect((await api.get<TMyMentions>('/api/mentions/mine', mo)).body.unread).toBe(1);
  });

  it('lets the author edit the note for 15 minutes, and nobody else', async () => {
    const note = await write({
      table: 'members',
      recordId: mid,
      body: 'Frist draft',
      mentions: [moUid],
    });
    const id = note.body.id;
    const edited = await api.patch<TNote>(`/api/notes/${id}`, {
      version: 1,
      body: 'First draft',
      mentions: [ritaUid],
      followUp: { dueOn: '2030-01-15', assigneeUid: moUid },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({
      body: 'First draft',
      version: 2,
      canEdit: true,
      mentions: [{ uid: ritaUid }],
      followUp: { dueOn: '2030-01-15', assignee: { uid: moUid }, isOverdue: false, doneAt: null },
    });
    expect(edited.body.editedAt).toEqual(expect.any(String));
    // Mo is no longer mentioned there; Rita is, unread.
    const moMentions = (await api.get<TMyMentions>('/api/mentions/mine', mo)).body;
    expect(moMentions.data.map((mention) => mention.note.id)).not.toContain(id);
    const ritaMentions = (await api.get<TMyMentions>('/api/mentions/mine', rita)).body;
    expect(ritaMentions.data.find((mention) => mention.note.id === id)?.readAt).toBeNull();

    // Someone else, even an admin, may not edit it.
    const byOther = await api.patch(
      `/api/notes/${id}`,
      { version: 2, body: 'Mine now', mentions: [], followUp: null },
      ann,
    );
    expectForbidden(byOther);
    expect(byOther.body.error.message).toBe('Only its author can edit a note.');
    // A version read before the last edit: the usual 409.
    expectConflict(
      await api.patch(`/api/notes/${id}`, {
        version: 1,
        body: 'Old',
        mentions: [],
        followUp: null,
      }),
      /The note was changed by fay@example\.org/,
    );

    // Sixteen minutes later the author cannot either; the note says so.
    await ageNote(id, 16);
    const late = await api.patch(`/api/notes/${id}`, {
      version: 2,
      body: 'Too late',
      mentions: [],
      followUp: null,
    });
    expectForbidden(late);
    expect(late.body.error.message).toBe(
      'A note can be edited for 15 minutes after it was written.',
    );
    const listed = (await notesOf('members', mid)).data.find((each) => each.id === id);
    expect(listed).toMatchObject({ body: 'First draft', canEdit: false, version: 2 });
  });

  it('lets admins delete a note (softly, audited), not the membership or finance roles', async () => {
    const note = await write({
      table: 'members',
      recordId: mid,
      body: 'To be deleted',
      mentions: [moUid],
    });
    const id = note.body.id;
    const before = (await notesOf('members', mid)).total;
    for (const as of [mo, fay, rita]) {
      expectForbidden(
        await api.send('DELETE', `/api/notes/${id}?version=1`, undefined, as),
        'notes.delete',
      );
    }
    expectConflict(
      await api.send('DELETE', `/api/notes/${id}?version=7`, undefined, ann),
      /The note was changed/,
    );
    const deleted = await api.send('DELETE', `/api/notes/${id}?version=1`, undefined, ann);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(deleted.body).toEqual({ ok: true });

    const after = await notesOf('members', mid);
    expect(after.total).toBe(before - 1);
    expect(after.data.map((each) => each.id)).not.toContain(id);
    // Gone from the mentions too, but kept in the row: who deleted it, when.
    const moMentions = (await api.get<TMyMentions>('/api/mentions/mine', mo)).body;
    expect(moMentions.data.map((mention) => mention.note.id)).not.toContain(id);
    const row = await t.database.db
      .selectFrom('notes')
      .select(['body', 'deleted_by', 'deleted_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ body: 'To be deleted', deleted_by: annUid });
    expect(row.deleted_at).toBeInstanceOf(Date);

    const again = await api.send('DELETE', `/api/notes/${id}?version=2`, undefined, ann);
    expect(again.status).toBe(404);
    expect((again.body as ErrorBody).error.message).toBe('No note has the id ' + id + '.');
    expect(
      (await api.patch(`/api/notes/${id}`, { version: 2, body: 'x', mentions: [], followUp: null }))
        .status,
    ).toBe(404);
    expect((await auditOf(id)).map((entry) => [entry.action, entry.actor_uid])).toEqual([
      ['create', fayUid],
      ['delete', annUid],
    ]);
  });

  it('lets a read-only operator read notes but write none (403)', async () => {
    const note = await write({ table: 'members', recordId: mid, body: 'Visible to all operators' });
    expect((await notesOf('members', mid, '', rita)).data[0]).toMatchObject({
      id: note.body.id,
      canEdit: false,
      canDelete: false,
    });
    expectForbidden(
      await write({ table: 'members', recordId: mid, body: 'No' }, rita),
      'notes.write',
    );
    expectForbidden(
      await api.patch(
        `/api/notes/${note.body.id}`,
        { version: 1, body: 'No', mentions: [], followUp: null },
        rita,
      ),
      'notes.write',
    );
    expectForbidden(
      await api.post(`/api/notes/${note.body.id}/done`, { version: 1, done: true }, rita),
      'notes.write',
    );
  });

  it('lists the caller’s open follow-ups overdue first; done with one click, or open again', async () => {
    // Otto's follow-ups are only this test's (Mo has one from the edit test).
    const {
      cookies: { otto },
      uids: { otto: ottoUid },
    } = await signInOperators(t, { otto: ['membership'] });
    const followUp = (dueOn: string, assigneeUid = ottoUid) => ({
      table: 'members',
      recordId: mid,
      body: `Follow up by ${dueOn}`,
      followUp: { dueOn, assigneeUid },
    });
    const later = await write(followUp(dayFromToday(10)));
    const longOverdue = await write(followUp(dayFromToday(-30)));
    const dueToday = await write(followUp(dayFromToday(0)));
    const overdue = await write(followUp(dayFromToday(-1)));
    await write(followUp(dayFromToday(-5), annUid)); // someone else's
    const deleted = await write(followUp(dayFromToday(-3)));
    await api.send('DELETE', `/api/notes/${deleted.body.id}?version=1`, undefined, ann);

    const mine = await api.get<TMyFollowUps>('/api/follow-ups/mine', otto);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.data.map((note) => note.id)).toEqual([
      longOverdue.body.id,
      overdue.body.id,
      dueToday.body.id,
      later.body.id,
    ]);
    expect(mine.body.data.map((note) => note.followUp?.isOverdue)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(mine.body).toMatchObject({ open: 4, overdue: 2 });
    // Nobody else's: Fay wrote them but has none assigned.
    expect((await api.get<TMyFollowUps>('/api/follow-ups/mine')).body).toEqual({
      data: [],
      open: 0,
      overdue: 0,
    });

    // Otto (membership) marks one done: it leaves the card, saying who and when.
    const done = await api.post<TNote>(
      `/api/notes/${overdue.body.id}/done`,
      { version: 1, done: true },
      otto,
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.followUp).toMatchObject({
      isOverdue: false,
      doneBy: { uid: ottoUid, email: 'otto@example.org' },
    });
    expect(done.body.followUp?.doneAt).toEqual(expect.any(String));
    expect(done.body.version).toBe(2);
    let after = (await api.get<TMyFollowUps>('/api/follow-ups/mine', otto)).body;
    expect(after.data.map((note) => note.id)).not.toContain(overdue.body.id);
    expect(after).toMatchObject({ open: 3, overdue: 1 });

    // The version read before: 409. Open again: back on the card, overdue again.
    expectConflict(
      await api.post(`/api/notes/${overdue.body.id}/done`, { version: 1, done: false }, otto),
      /The note was changed by otto@example\.org/,
    );
    const reopened = await api.post<TNote>(
      `/api/notes/${overdue.body.id}/done`,
      { version: 2, done: false },
      otto,
    );
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.followUp).toMatchObject({ isOverdue: true, doneAt: null, doneBy: null });
    after = (await api.get<TMyFollowUps>('/api/follow-ups/mine', otto)).body;
    expect(after).toMatchObject({ open: 4, overdue: 2 });

    // A note without a follow-up has nothing to mark done.
    const plain = await write({ table: 'members', recordId: mid, body: 'No follow-up' });
    expectInvalid(
      await api.post(`/api/notes/${plain.body.id}/done`, { version: 1, done: true }),
      'body.done',
      'status',
    );
    expect(
      (await api.post('/api/notes/no-such-note/done', { version: 1, done: true })).status,
    ).toBe(404);
  });

  it('audits every write with the note’s row and mentions, and shows it in the activity log', async () => {
    const note = await write({
      table: 'invoices',
      recordId: iid,
      body: 'Audited',
      mentions: [moUid],
      followUp: { dueOn: '2030-02-01', assigneeUid: moUid },
    });
    const id = note.body.id;
    await api.patch(`/api/notes/${id}`, {
      version: 1,
      body: 'Audited, edited',
      mentions: [moUid, ritaUid],
      followUp: { dueOn: '2030-02-01', assigneeUid: moUid },
    });
    await api.post(`/api/notes/${id}/done`, { version: 2, done: true });
    await api.post(`/api/notes/${id}/done`, { version: 3, done: false });
    await api.send('DELETE', `/api/notes/${id}?version=4`, undefined, ann);

    const entries = await auditOf(id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'create',
      'update',
      'follow-up-done',
      'follow-up-reopened',
      'delete',
    ]);
    expect(entries[0]?.after).toMatchObject({
      record_table: 'invoices',
      record_id: iid,
      body: 'Audited',
      author_uid: fayUid,
      mentions: ['mo@example.org'],
    });
    expect(entries[1]?.before).toMatchObject({ body: 'Audited', mentions: ['mo@example.org'] });
    expect(entries[1]?.after).toMatchObject({
      body: 'Audited, edited',
      mentions: ['mo@example.org', 'rita@example.org'],
    });
    expect(entries[2]?.after).toMatchObject({ follow_up_done_by: fayUid });

    const activity = await api.get<TActivityListPage>(
      `/api/activity?recordType=notes&record=${id}&limit=50`,
      rita,
    );
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    expect(activity.body.data.map((entry) => entry.action)).toEqual([
      'delete',
      'follow-up-reopened',
      'follow-up-done',
      'update',
      'create',
    ]);
    for (const entry of activity.body.data) {
      expect(entry).toMatchObject({
        recordType: 'notes',
        record: { id, label: 'Note on invoice 2026-000042', on: { table: 'invoices', id: iid } },
      });
    }
    const edit = activity.body.data.find((entry) => entry.action === 'update');
    expect(edit?.changes).toEqual(
      expect.arrayContaining([
        { field: 'body', before: 'Audited', after: 'Audited, edited' },
        {
          field: 'mentions',
          before: ['mo@example.org'],
          after: ['mo@example.org', 'rita@example.org'],
        },
      ]),
    );
    // The History tab of the note reads the same trail.
    const history = await api.get<{ data: unknown[] }>(`/api/audit/notes/${id}`);
    expect(history.status).toBe(200);
    expect(history.body.data).toHaveLength(5);
  });

  it('announces a note by its record and a mention by its operator on the change feed', async () => {
    const heard: Record<string, string>[] = [];
    const unsubscribe = t.notifications.subscribe(changesChannel, (payload) =>
      heard.push(JSON.parse(payload) as Record<string, string>),
    );
    try {
      await write({ table: 'applications', recordId: aid, body: '@Ann', mentions: [annUid] });
      await expect.poll(() => heard).toContainEqual({ table: 'notes', id: aid, op: 'insert' });
      await expect
        .poll(() => heard)
        .toContainEqual({ table: 'note_mentions', id: annUid, op: 'insert' });
    } finally {
      unsubscribe();
    }
  });

  it('reads a record’s notes, the follow-ups and the mentions from their indexes, unsorted', async () => {
    await expectIndexedOrder(
      t.database,
      `SELECT n.id FROM notes n
        WHERE n.record_table = 'members' AND n.record_id = 'm' AND n.deleted_at IS NULL
          AND (n.created_at, n.id) < ('2026-01-01T00:00:00.000000Z'::timestamptz, 'z')
        ORDER BY n.created_at DESC, n.id DESC LIMIT 21`,
      'notes_record_idx',
      "a record's notes",
    );
    await expectIndexedOrder(
      t.database,
      `SELECT n.id FROM notes n
        WHERE n.follow_up_assignee_uid = 'u' AND n.follow_up_due_on IS NOT NULL
          AND n.follow_up_done_at IS NULL AND n.deleted_at IS NULL
        ORDER BY n.follow_up_due_on, n.id LIMIT 50`,
      'notes_open_follow_ups_idx',
      'my follow-ups',
    );
    await expectIndexedOrder(
      t.database,
      `SELECT m.note_id FROM note_mentions m WHERE m.uid = 'u'
        ORDER BY m.note_created_at DESC, m.note_id DESC LIMIT 20`,
      'note_mentions_newest_idx',
      'my mentions',
    );
    const unread = await indexedPlanOf(
      t.database,
      `SELECT count(*) FROM note_mentions m WHERE m.uid = 'u' AND m.read_at IS NULL`,
    );
    expect(unread).toMatch(/Index (Only )?Scan using note_mentions_unread_idx/);
  });

  it('refuses visitors (401) and users who are not operators (403) on every route', async () => {
    const routes = [
      { method: 'GET' as const, url: `/api/notes?table=members&recordId=${mid}` },
      {
        method: 'POST' as const,
        url: '/api/notes',
        payload: { table: 'members', recordId: mid, body: 'x' },
      },
      {
        method: 'PATCH' as const,
        url: '/api/notes/x',
        payload: { version: 1, body: 'x', mentions: [], followUp: null },
      },
      { method: 'DELETE' as const, url: '/api/notes/x?version=1' },
      { method: 'POST' as const, url: '/api/notes/x/done', payload: { version: 1, done: true } },
      { method: 'GET' as const, url: '/api/follow-ups/mine' },
      { method: 'GET' as const, url: '/api/mentions/mine' },
      { method: 'POST' as const, url: '/api/mentions/read', payload: {} },
    ];
    const plain = await signInAsNewUser(t, 'plain@example.org');
    for (const route of routes) {
      const visitor = await t.app.inject({
        ...route,
        headers: { origin: 'http://localhost:3000' },
      });
      expect(visitor.statusCode, `${route.method} ${route.url}`).toBe(401);
      const user = await api.send(route.method, route.url, route.payload, plain);
      expect(user.status, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
