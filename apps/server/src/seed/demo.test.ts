import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
import { seedDemo } from './demo';

async function indexDefinitions(db: Kysely<Database>) {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
     ORDER BY indexname`.execute(db);
  return rows;
}

describe('seed demo', () => {
  let database: DatabaseHandle;
  let before: Awaited<ReturnType<typeof indexDefinitions>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    before = await indexDefinitions(database.db);
    await seedDemo({ pool: database.pool, scale: 300, seed: 3 });
  }, 120_000);
  afterAll(() => database.close());

  it('leaves every index as the migrations made it (they are built after the load)', async () => {
    expect(before.length).toBeGreaterThan(50);
    expect(await indexDefinitions(database.db)).toEqual(before);
  });

  it('writes a search document for every member and invoice it loaded, its indexes valid', async () => {
    const { rows } = await sql<{ type: string; documents: number }>`
      SELECT type, count(*)::int AS documents FROM search_documents GROUP BY type`.execute(
      database.db,
    );
    const byType = Object.fromEntries(rows.map((row) => [row.type, row.documents]));
    const members = await sql<{ n: number }>`SELECT count(*)::int AS n FROM members`.execute(
      database.db,
    );
    expect(byType.member).toBe(members.rows[0]?.n);
    const invoices = await sql<{ n: number }>`SELECT count(*)::int AS n FROM invoices`.execute(
      database.db,
    );
    expect(byType.invoice).toBe(invoices.rows[0]?.n);
    // Every index is valid and ready (a failed build would leave it otherwise).
    const invalid = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_index WHERE NOT indisvalid OR NOT indisready`.execute(
      database.db,
    );
    expect(invalid.rows[0]?.n).toBe(0);
  });
});
