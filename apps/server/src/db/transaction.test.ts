import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { AppError } from '../errors';
import type { DatabaseHandle } from './database';
import { writeTransaction } from './transaction';

/**
 * Two transactions that read the same rows and write each other's reads conflict under
 * SERIALIZABLE (write skew); PostgreSQL aborts one with 40001.
 */
describe('writeTransaction', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`CREATE TABLE counters (id int PRIMARY KEY, value int NOT NULL)`.execute(database.db);
    await sql`INSERT INTO counters VALUES (1, 0), (2, 0)`.execute(database.db);
  });
  afterAll(() => database.close());

  /** Starts a conflicting transaction on another connection that commits while `work` waits. */
  async function commitConflictingChange() {
    await database.db
      .transaction()
      .setIsolationLevel('serializable')
      .execute(async (trx) => {
        await sql`SELECT sum(value) FROM counters`.execute(trx);
        await sql`UPDATE counters SET value = value + 1 WHERE id = 2`.execute(trx);
      });
  }

  it('retries a serialization conflict and then succeeds', async () => {
    let attempts = 0;
    const result = await writeTransaction(database.db, async (trx) => {
      attempts++;
      await sql`SELECT sum(value) FROM counters`.execute(trx);
      if (attempts === 1) await commitConflictingChange();
      await sql`UPDATE counters SET value = value + 1 WHERE id = 1`.execute(trx);
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(attempts).toBe(2);
    const { rows } = await sql<{
      id: number;
      value: number;
    }>`SELECT id, value FROM counters ORDER BY id`.execute(database.db);
    expect(rows).toEqual([
      { id: 1, value: 1 },
      { id: 2, value: 1 },
    ]);
  });

  it('gives up after 25 retries with an aborted error and saves nothing', async () => {
    let attempts = 0;
    const before = await sql<{ value: number }>`SELECT value FROM counters WHERE id = 1`.execute(
      database.db,
    );
    const failure = await writeTransaction(database.db, async (trx) => {
      attempts++;
      await sql`SELECT sum(value) FROM counters`.execute(trx);
      await commitConflictingChange();
      await sql`UPDATE counters SET value = value + 1 WHERE id = 1`.execute(trx);
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('aborted');
    expect((failure as AppError).statusCode).toBe(409);
    expect(attempts).toBe(26); // the first try and 25 retries
    const after = await sql<{ value: number }>`SELECT value FROM counters WHERE id = 1`.execute(
      database.db,
    );
    expect(after.rows[0]?.value).toBe(before.rows[0]?.value);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    await expect(
      writeTransaction(database.db, async (trx) => {
        attempts++;
        await sql`INSERT INTO counters VALUES (1, 0)`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });
});
