import { auditReasonKey } from '@ops/contract';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { memberRow, insertMembers } from '../../test/fixtures';
import type { Actor } from './audit';
import { AppError } from '../errors';
import type { DatabaseHandle } from './database';
import {
  insertRecord,
  lockRecord,
  lockRecords,
  updateRecord,
  updateRecordPart,
  updateRecords,
  versionBump,
} from './records';
import type { Database } from './schema';

/**
 * The records store against a real PostgreSQL: the one 404, the one 409 naming who and when,
 * the stamp of every versioned write, and audit entries without secrets.
 */
describe('records store', () => {
  let database: DatabaseHandle;
  let ann: Actor;
  const system: Actor = { kind: 'system', uid: null };

  /** Runs `work` in a transaction of its own (the store's writes need one). */
  function inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return database.db.transaction().execute(work);
  }

  async function addMember(mid: string) {
    await insertMembers(database.db, [memberRow(mid, { country_iso2: null })]);
  }

  async function auditOf(recordId: string) {
    return database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_uid', 'actor_kind', 'before', 'after'])
      .where('record_id', '=', recordId)
      .orderBy('id')
      .execute();
  }

  /** The error a promise rejects with (fails the test when it resolves). */
  async function errorOf(promise: Promise<unknown>): Promise<AppError> {
    const error: unknown = await promise.then(
      () => expect.fail('expected an error'),
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const user = await database.db
      .insertInto('users')
      .values({
        uid: 'u-ann',
        email: 'ann@example.org',
        display_name: 'Ann Muster',
        password_hash: null,
        member_mid: null,
        member_role: null,
        photo_url: null,
        created_by: 'cli',
        updated_by: 'cli',
      })
      .returning('uid')
      .executeTakeFirstOrThrow();
    ann = { kind: 'operator', uid: user.uid };
  });
  afterAll(() => database.close());

  it('locks a row, and answers a missing one with the one 404 wording', async () => {
    await addMember('r-lock');
    const row = await inTransaction((trx) => lockRecord(trx, 'members', 'r-lock'));
    expect(row.legal_name).toBe('Company r-lock');

    const missing = await errorOf(inTransaction((trx) => lockRecord(trx, 'invoices', 'nope')));
    expect(missing.code).toBe('not-found');
    expect(missing.message).toBe('No invoice has the id nope.');
    const country = await errorOf(inTransaction((trx) => lockRecord(trx, 'countries', 'QQ')));
    expect(country.message).toBe('No country has the code QQ.');
  });

  it('refuses a version the person read no longer, naming who changed the row and when', async () => {
    await addMember('r-stale');
    await inTransaction(async (trx) => {
      const row = await lockRecord(trx, 'members', 'r-stale');
      await updateRecord(trx, ann, 'members', row, { city: 'Basel' }, { action: 'update' });
    });
    const stale = await errorOf(
      inTransaction((trx) => lockRecord(trx, 'members', 'r-stale', { version: 1 })),
    );
    expect(stale.code).toBe('aborted');
    expect(stale.message).toMatch(
      /^Member M-r-stale \(Company r-stale\) was changed by Ann Muster \(ann@example\.org\) at \d{4}-\d\d-\d\d \d\d:\d\d UTC since you opened it\. Reload to see the change\.$/,
    );
    // The version that is current passes.
    const current = await inTransaction((trx) =>
      lockRecord(trx, 'members', 'r-stale', { version: 2 }),
    );
    expect(current.city).toBe('Basel');
  });

  it('bumps the version, stamps who and when, and audits before, after and the reason', async () => {
    await addMember('r-update');
    const before = await database.db
      .selectFrom('members')
      .selectAll()
      .where('mid', '=', 'r-update')
      .executeTakeFirstOrThrow();
    const updated = await inTransaction(async (trx) => {
      const row = await lockRecord(trx, 'members', 'r-update');
      return updateRecord(
        trx,
        ann,
        'members',
        row,
        { status: 'suspended' },
        { action: 'status', reason: 'Asked to pause', details: { source: 'test' } },
      );
    });
    expect(updated).toMatchObject({ status: 'suspended', version: 2, updated_by: 'u-ann' });
    expect(updated.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());

    const [entry] = await auditOf('r-update');
    expect(entry).toMatchObject({ action: 'status', actor_uid: 'u-ann', actor_kind: 'operator' });
    expect(entry?.before).toMatchObject({ status: 'active', version: 1 });
    expect(entry?.after).toMatchObject({
      status: 'suspended',
      version: 2,
      [auditReasonKey]: 'Asked to pause',
      source: 'test',
    });
  });

  it('writes nothing when the row moved since it was read, and says so (409)', async () => {
    await addMember('r-moved');
    const read = await database.db
      .selectFrom('members')
      .selectAll()
      .where('mid', '=', 'r-moved')
      .executeTakeFirstOrThrow();
    await inTransaction((trx) =>
      updateRecord(trx, system, 'members', read, { city: 'Bern' }, { action: 'update' }),
    );
    const conflict = await errorOf(
      inTransaction((trx) =>
        updateRecord(trx, ann, 'members', read, { city: 'Genf' }, { action: 'update' }),
      ),
    );
    expect(conflict.message).toMatch(/was changed by system at .* since you opened it/);
    const row = await database.db
      .selectFrom('members')
      .select(['city', 'version', 'updated_by'])
      .where('mid', '=', 'r-moved')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ city: 'Bern', version: 2, updated_by: 'system' });
    expect(await auditOf('r-moved')).toHaveLength(1);
  });

  it('keeps password_hash and token_hash out of every audit entry', async () => {
    const user = await inTransaction((trx) =>
      insertRecord(
        trx,
        ann,
        'users',
        {
          uid: 'u-secret',
          email: 'secret@example.org',
          display_name: null,
          password_hash: 'argon2-hash',
          member_mid: null,
          member_role: null,
          photo_url: null,
        },
        { action: 'create', details: { token_hash: 'should-not-stay' } },
      ),
    );
    expect(user).toMatchObject({ created_by: 'u-ann', updated_by: 'u-ann', version: 1 });
    await inTransaction((trx) =>
      updateRecord(trx, ann, 'users', user, { password_hash: 'new-hash' }, { action: 'reset' }),
    );
    const entries = await auditOf('u-secret');
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'reset']);
    for (const entry of entries) {
      expect(JSON.stringify(entry)).not.toMatch(/password_hash|token_hash|argon2-hash|new-hash/);
    }
    expect(entries[1]?.after).toMatchObject({ email: 'secret@example.org', version: 2 });
  });

  it('updates many locked rows in one statement, with one audit entry each', async () => {
    const mids = ['r-many-1', 'r-many-2', 'r-many-3'];
    for (const mid of mids) await addMember(mid);
    const updated = await inTransaction(async (trx) => {
      const rows = await lockRecords(trx, 'members', [...mids].reverse());
      expect(rows.map((row) => row.mid)).toEqual(mids); // key order, whatever the ids' order
      return updateRecords(
        trx,
        ann,
        'members',
        rows,
        { status: 'overdue' },
        { action: 'status', view: (row) => ({ status: row.status, version: row.version }) },
      );
    });
    expect(updated.map((row) => [row.status, row.version, row.updated_by])).toEqual(
      mids.map(() => ['overdue', 2, 'u-ann']),
    );
    for (const mid of mids) {
      const entries = await auditOf(mid);
      expect(entries).toHaveLength(1);
      expect(entries[0]?.before).toEqual({ status: 'active', version: 1 });
      expect(entries[0]?.after).toEqual({ status: 'overdue', version: 2 });
    }
  });

  it('gives set-based SQL the same stamp through versionBump', async () => {
    await addMember('r-bump-1');
    await addMember('r-bump-2');
    const { rows } = await sql<{ mid: string; version: number; updated_by: string }>`
      UPDATE members m SET city = 'Zug', ${versionBump('m', system)}
       WHERE m.mid IN ('r-bump-1', 'r-bump-2')
      RETURNING m.mid, m.version, m.updated_by`.execute(database.db);
    expect(rows.sort((a, b) => a.mid.localeCompare(b.mid))).toEqual([
      { mid: 'r-bump-1', version: 2, updated_by: 'system' },
      { mid: 'r-bump-2', version: 2, updated_by: 'system' },
    ]);
  });

  it("stamps a record's part (a dunning level) the same way, leaving its audit to the record", async () => {
    const level = await inTransaction((trx) =>
      updateRecordPart(trx, ann, 'dunning_levels', '2', { name: 'Second reminder' }),
    );
    expect(level).toMatchObject({
      level: 2,
      name: 'Second reminder',
      version: 2,
      updated_by: 'u-ann',
    });
    expect(await auditOf('2')).toEqual([]);
    const missing = await errorOf(
      inTransaction((trx) => updateRecordPart(trx, ann, 'dunning_levels', '9', { name: 'x' })),
    );
    expect(missing.code).toBe('not-found');
    expect(missing.message).toBe('No dunning level has the id 9.');
  });

  it('names a missing job schedule in its own words', async () => {
    const missing = await errorOf(inTransaction((trx) => lockRecord(trx, 'job_schedules', 'nope')));
    expect(missing.message).toBe('No job is named nope.');
  });
});

/**
 * The one write path, kept so: outside the records store no server code bumps `version` by hand
 * (migrations, whose SQL is history, and comments aside).
 */
describe('versioned writes', () => {
  it('bump the version only in db/records.ts', async () => {
    const root = path.resolve(__dirname, '..');
    const files = (await readdir(root, { recursive: true }))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !file.startsWith(`db${path.sep}migrations`))
      .filter((file) => file !== path.join('db', 'records.ts'));
    const handWritten: string[] = [];
    for (const file of files) {
      const lines = (await readFile(path.join(root, file), 'utf8')).split('\n');
      lines.forEach((line, index) => {
        const code = line.trim();
        if (code.startsWith('*') || code.startsWith('//') || code.startsWith('/*')) return;
        if (/\bversion\b[^,;]*\+\s*1\b/.test(code))
          handWritten.push(`${file}:${index + 1}: ${code}`);
      });
    }
    expect(handWritten).toEqual([]);
  });
});
