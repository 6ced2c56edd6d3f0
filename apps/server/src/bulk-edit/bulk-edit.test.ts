import type { TBulkEditPreview, TBulkEditResult, TBulkUndoResult } from '@ops/contract/bulk-edit';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInAsNewOperator, type TestApp } from '../../test/app';
import { createWriteTestApp, insertMembers, memberRow, uidOf } from '../../test/fixtures';
import type { apiAs } from '../../test/requests';
import { expectForbidden, expectInvalid } from '../../test/requests';
import { addApplication } from '../applications/test-fixtures';
import { recordAudits } from '../db/audit';
import { writeTransaction } from '../db/transaction';
import { buildSwissIban } from '../lib/iban';
import { recordBulkOperation } from './record-operation';

/**
 * Bulk edit (issue 19): preview and commit on members, draft invoices and applications, with
 * version conflicts, rules per field, permissions and one audit entry per record.
 */
describe('bulk edit', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiAs>;
  let editorUid: string;
  let readOnly: string;
  let finance: string;
  let otherUid: string;

  beforeAll(async () => {
    ({
      t,
      api,
      uid: editorUid,
      readOnlyCookie: readOnly,
    } = await createWriteTestApp('bulk-admin@example.org', ['admin']));
    finance = await signInAsNewOperator(t, 'bulk-finance@example.org', ['finance']);
    await signInAsNewOperator(t, 'bulk-other@example.org', ['membership']);
    otherUid = await uidOf(t, 'bulk-other@example.org');
    await t.database.db
      .updateTable('users')
      .set({ display_name: 'Olga Other' })
      .where('uid', '=', otherUid)
      .execute();
  });
  beforeEach(async () => {
    await t.database.db.deleteFrom('bulk_operations').execute();
    await t.database.db.deleteFrom('audit_log').execute();
    await t.database.db.deleteFrom('invoices').execute();
    await t.database.db.deleteFrom('bank_accounts').execute();
    await t.database.db.deleteFrom('applications').execute();
    await t.database.db.updateTable('countries').set({ national_association_mid: null }).execute();
    await t.database.db.deleteFrom('members').execute();
    await insertMembers(t.database.db, [
      memberRow('m1', { preferred_language: 'de' }),
      memberRow('m2', { preferred_language: 'de' }),
      memberRow('m3', { preferred_language: 'de' }),
      memberRow('g1', { category: 'group', preferred_language: 'de' }),
      memberRow('ov1', { status: 'overdue', preferred_language: 'de' }),
      memberRow('de1', { country_iso2: 'DE', preferred_language: 'de' }),
      memberRow('assoc', { category: 'association', legal_name: 'Swiss Forwarders' }),
      memberRow('gone', { category: 'association', deleted_at: new Date() }),
    ]);
  });
  afterAll(() => t.close());

  const preview = (list: string, body: Record<string, unknown>, as?: string) =>
    api.post<TBulkEditPreview>(`/api/${list}/bulk/edit/preview`, body, as);
  const commit = (list: string, body: Record<string, unknown>, as?: string) =>
    api.post<TBulkEditResult>(`/api/${list}/bulk/edit`, body, as);
  /** Applies the change a preview showed, as the dialog's Apply does: with the preview's time. */
  const commitPreviewed = (
    list: string,
    change: Record<string, unknown>,
    previewed: { body: { previewedAt: string } },
  ) => commit(list, { ...change, previewedAt: previewed.body.previewedAt });
  const ids = (...list: string[]) => ({ kind: 'ids', ids: list });
  const column = async (mid: string) =>
    t.database.db
      .selectFrom('members')
      .select(['category', 'version', 'national_association_mid', 'directory_visible'])
      .where('mid', '=', mid)
      .executeTakeFirstOrThrow();

  it('previews the counts and a sample before → after in the screen’s words', async () => {
    const answer = await preview('members', {
      selection: ids('m1', 'm2', 'm3', 'g1', 'nope'),
      field: 'category',
      value: 'group',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ selected: 4, changing: 3, unchanged: 1, notEditable: 0 });
    expect(answer.body.sample).toEqual([
      { id: 'm1', label: 'Company m1 (M-m1)', before: 'Individual member', after: 'Group member' },
      { id: 'm2', label: 'Company m2 (M-m2)', before: 'Individual member', after: 'Group member' },
      { id: 'm3', label: 'Company m3 (M-m3)', before: 'Individual member', after: 'Group member' },
    ]);
    expect(Date.parse(answer.body.previewedAt)).not.toBeNaN();
    // Nothing was written.
    expect((await column('m1')).version).toBe(1);

    // The member edit's rules: an overdue member never becomes honorary.
    const honorary = await preview('members', {
      selection: ids('m1', 'ov1'),
      field: 'category',
      value: 'honorary',
    });
    expect(honorary.body).toMatchObject({ selected: 2, changing: 1, notEditable: 1 });

    const association = await preview('members', {
      selection: ids('m1', 'assoc'),
      field: 'nationalAssociation',
      value: 'assoc',
    });
    // An association is never its own national association.
    expect(association.body).toMatchObject({ changing: 1, notEditable: 1 });
    expect(association.body.sample[0]).toMatchObject({
      before: 'No value',
      after: 'Swiss Forwarders (M-assoc)',
    });

    const visible = await preview('members', {
      selection: ids('m1'),
      field: 'directoryVisible',
      value: false,
    });
    expect(visible.body.sample[0]).toMatchObject({ before: 'Listed', after: 'Not listed' });
  });

  it('changes every row in one transaction with one audit entry each, and offers the undo', async () => {
    const selection = ids('m1', 'm2', 'g1');
    const previewed = await preview('members', { selection, field: 'category', value: 'group' });
    const answer = await commitPreviewed(
      'members',
      { selection, field: 'category', value: 'group' },
      previewed,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      changed: 2,
      unchanged: 1,
      notEditable: 0,
      conflicts: [],
      conflictCount: 0,
      undo: { operationId: expect.any(String), undoUntil: expect.any(String) },
    });
    expect(await column('m1')).toMatchObject({ category: 'group', version: 2 });
    expect(await column('g1')).toMatchObject({ category: 'group', version: 1 });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['record_id', 'action', 'actor_uid', 'before', 'after'])
      .where('table_name', '=', 'members')
      .orderBy('record_id')
      .execute();
    expect(audit.map((entry) => [entry.record_id, entry.action])).toEqual([
      ['m1', 'bulk-edit'],
      ['m2', 'bulk-edit'],
    ]);
    expect(audit[0]).toMatchObject({
      actor_uid: editorUid,
      before: expect.objectContaining({ category: 'individual' }),
      after: expect.objectContaining({ category: 'group', version: 2 }),
    });
    const undoUntil = Date.parse(answer.body.undo?.undoUntil ?? '');
    expect(undoUntil - Date.now()).toBeGreaterThan(20_000);
  });

  it('skips and reports a row changed after the preview, never overwriting it', async () => {
    const selection = ids('m1', 'm2', 'm3');
    const previewed = await preview('members', {
      selection,
      field: 'preferredLanguage',
      value: 'fr',
    });
    expect(previewed.body.changing).toBe(3);
    await sql`UPDATE members SET legal_name = 'Company m2 renamed', version = version + 1,
                updated_at = now(), updated_by = ${otherUid} WHERE mid = 'm2'`.execute(
      t.database.db,
    );
    const answer = await commitPreviewed(
      'members',
      { selection, field: 'preferredLanguage', value: 'fr' },
      previewed,
    );
    expect(answer.body).toMatchObject({ changed: 2, conflictCount: 1 });
    expect(answer.body.conflicts).toEqual([
      {
        id: 'm2',
        label: 'Company m2 renamed (M-m2)',
        changedBy: 'Olga Other (bulk-other@example.org)',
        changedAt: expect.any(String),
      },
    ]);
    const m2 = await t.database.db
      .selectFrom('members')
      .select(['preferred_language', 'version'])
      .where('mid', '=', 'm2')
      .executeTakeFirstOrThrow();
    expect(m2).toEqual({ preferred_language: 'de', version: 2 });
  });

  it('takes every row of a view, read through the list’s own filters', async () => {
    const selection = { kind: 'all', listParams: 'country=CH&category=individual&sort=-number' };
    const previewed = await preview('members', {
      selection,
      field: 'directoryVisible',
      value: false,
    });
    // m1, m2, m3, ov1: individual members in CH (de1 is in DE, g1 a group, gone deleted).
    expect(previewed.body).toMatchObject({ selected: 4, changing: 4 });
    const answer = await commitPreviewed(
      'members',
      { selection, field: 'directoryVisible', value: false },
      previewed,
    );
    expect(answer.body.changed).toBe(4);
    expect((await column('de1')).directory_visible).toBe(true);
    expect((await column('ov1')).directory_visible).toBe(false);

    expectInvalid(
      await preview('members', {
        selection: { kind: 'all', listParams: 'status=sleeping' },
        field: 'directoryVisible',
        value: false,
      }),
      // As the members' bulk status names it: the view's own parameter.
      'query.status',
      'invalid_value',
    );
  });

  it('writes 12,000 audit entries and undo rows in one transaction (past one insert’s parameters)', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => `many${String(i).padStart(5, '0')}`);
    const handle = await writeTransaction(t.database.db, async (trx) => {
      await recordAudits(
        trx,
        { kind: 'operator', uid: editorUid },
        rows.map((id) => ({ table: 'members', recordId: id, action: 'bulk-edit', after: {} })),
      );
      return recordBulkOperation(
        trx,
        { kind: 'operator', uid: editorUid },
        {
          table: 'members',
          action: 'bulk-edit',
          rows: rows.map((id) => ({
            recordId: id,
            before: { category: 'group' },
            versionAfter: 2,
          })),
        },
      );
    });
    const counts = await sql<{ audits: string; undo: string }>`
      SELECT (SELECT count(*) FROM audit_log WHERE action = 'bulk-edit') AS audits,
             (SELECT count(*) FROM bulk_operation_rows
               WHERE operation_id = ${handle?.operationId}) AS undo`.execute(t.database.db);
    expect(counts.rows[0]).toEqual({ audits: '12000', undo: '12000' });
  });

  it('refuses bad values with a 400 naming the field and the rule', async () => {
    const selection = ids('m1');
    const cases: [string, string, unknown, string, string][] = [
      ['members', 'category', 'platinum', 'body.value', 'invalid_value'],
      ['members', 'directoryVisible', 'yes', 'body.value', 'invalid_type'],
      ['members', 'category', null, 'body.value', 'required'],
      ['members', 'nationalAssociation', 'g1', 'body.value', 'association'],
      ['members', 'nationalAssociation', 'gone', 'body.value', 'association'],
      ['members', 'nationalAssociation', 'nobody', 'body.value', 'association'],
      ['members', 'legalName', 'x', 'body.field', 'invalid_value'],
      ['invoices', 'dueDate', '2026-02-30', 'body.value', 'invalid-date'],
      ['invoices', 'dueDate', '31.12.2026', 'body.value', 'invalid_format'],
      ['invoices', 'bankAccount', 'no-account', 'body.value', 'exists'],
      ['applications', 'reviewer', 'no-operator', 'body.value', 'exists'],
    ];
    for (const [list, field, value, path, rule] of cases) {
      expectInvalid(await preview(list, { selection, field, value }), path, rule);
    }
    expectInvalid(
      await commit('members', {
        selection,
        field: 'category',
        value: 'group',
        previewedAt: 'yesterday',
      }),
      'body.previewedAt',
      'invalid_format',
    );
  });

  it('changes draft invoices only, in the bank account’s currency, never due before issue', async () => {
    const account = (id: string, currency: string, active = true) => ({
      id,
      label: `Fees ${currency}`,
      bank_name: 'Test Bank AG',
      holder_name: 'Federation',
      holder_address: 'Seefeldstrasse 45, 8008 Zürich',
      iban: buildSwissIban('04835', id.replace(/\D/g, '').padStart(12, '0')),
      qr_iban: null,
      currency,
      active,
    });
    await t.database.db
      .insertInto('bank_accounts')
      .values([account('ba1', 'CHF'), account('ba2', 'EUR'), account('ba3', 'CHF', false)])
      .execute();
    const invoice = (
      iid: string,
      status: 'draft' | 'issued',
      currency = 'CHF',
      issued?: string,
    ) => ({
      iid,
      number: `N-${iid}`,
      member_mid: 'm1',
      kind: 'other' as const,
      year: 2026,
      currency,
      status,
      issue_date: issued ?? (status === 'issued' ? '2026-03-01' : null),
      due_date: status === 'issued' ? '2026-03-31' : null,
    });
    await t.database.db
      .insertInto('invoices')
      .values([
        invoice('d1', 'draft'),
        invoice('d2', 'draft'),
        invoice('d3', 'draft', 'EUR'),
        invoice('d4', 'draft', 'CHF', '2027-01-15'),
        invoice('i1', 'issued'),
      ])
      .execute();
    const selection = ids('d1', 'd2', 'd3', 'd4', 'i1');

    const due = await preview('invoices', { selection, field: 'dueDate', value: '2026-12-31' });
    // i1 is issued; d4 is issued on paper only in 2027, so a due date in 2026 cannot be its.
    expect(due.body).toMatchObject({ selected: 5, changing: 3, notEditable: 2 });
    expect(due.body.sample[0]).toMatchObject({ before: 'No value', after: '31 Dec 2026' });

    const bank = await preview('invoices', { selection, field: 'bankAccount', value: 'ba1' });
    // The EUR draft and the issued invoice are not editable with a CHF account.
    expect(bank.body).toMatchObject({ changing: 3, notEditable: 2 });
    expect(bank.body.sample[0]?.after).toMatch(/^Fees CHF · CH/);
    expectInvalid(
      await preview('invoices', { selection, field: 'bankAccount', value: 'ba3' }),
      'body.value',
      'active',
    );

    const answer = await commitPreviewed(
      'invoices',
      { selection, field: 'dueDate', value: '2026-12-31' },
      due,
    );
    expect(answer.body).toMatchObject({ changed: 3, notEditable: 2, conflictCount: 0 });
    const rows = await t.database.db
      .selectFrom('invoices')
      .select(['iid', 'due_date'])
      .orderBy('iid')
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.iid, row.due_date]))).toEqual({
      d1: '2026-12-31',
      d2: '2026-12-31',
      d3: '2026-12-31',
      d4: null,
      i1: '2026-03-31',
    });
  });

  it('hands applications to a reviewer, named as the screen names operators', async () => {
    const first = await addApplication(t.database.db, { status: 'submitted' });
    const second = await addApplication(t.database.db, { status: 'under-review' });
    const selection = ids(first.aid, second.aid);
    const previewed = await preview('applications', {
      selection,
      field: 'reviewer',
      value: otherUid,
    });
    expect(previewed.body).toMatchObject({ changing: 2 });
    expect(previewed.body.sample[0]).toMatchObject({ before: 'No value', after: 'Olga Other' });
    const answer = await commitPreviewed(
      'applications',
      { selection, field: 'reviewer', value: otherUid },
      previewed,
    );
    expect(answer.body.changed).toBe(2);
    const again = await preview('applications', { selection, field: 'reviewer', value: null });
    expect(again.body.sample[0]).toMatchObject({ before: 'Olga Other', after: 'No value' });
  });

  it('refuses read-only operators, finance on members and membership on invoices', async () => {
    const body = { selection: ids('m1'), field: 'category', value: 'group' };
    expectForbidden(await preview('members', body, readOnly), 'members.edit');
    expectForbidden(
      await commit('members', { ...body, previewedAt: new Date().toISOString() }, readOnly),
      'members.edit',
    );
    expectForbidden(await preview('members', body, finance), 'members.edit');
    const membership = await signInAsNewOperator(t, 'bulk-membership@example.org', ['membership']);
    expectForbidden(
      await preview(
        'invoices',
        { selection: ids('d1'), field: 'dueDate', value: '2026-12-31' },
        membership,
      ),
      'invoices.edit',
    );
    expectForbidden(
      await api.post<TBulkUndoResult>('/api/members/bulk/undo', { operationId: 'x' }, finance),
      'members.edit',
    );
  });
});
