import fs from 'node:fs';
import path from 'node:path';
import { listSortFields } from '@ops/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import type { DatabaseHandle } from '../db/database';
import { pageQuery, type ListDefinition } from './run-list';

type AnyServerList = ListDefinition<never, unknown>;

function isServerList(value: unknown): value is AnyServerList {
  if (typeof value !== 'object' || value === null) return false;
  const { spec, from, select, toItem } = value as Record<string, unknown>;
  return (
    typeof spec === 'object' &&
    spec !== null &&
    'definition' in spec &&
    typeof from === 'function' &&
    typeof select === 'function' &&
    typeof toItem === 'function'
  );
}

/**
 * The lists one area's `list.ts` exports, as its endpoint runs them: every exported
 * `ListDefinition`, and every per-request factory named `…ListFor` called without filters
 * (`invoicesListFor({})`). One entry per list (per `ListSpec`): an export variant of a list
 * (`invoicesExportListFor`) runs the same statement.
 */
function listsOfModule(module: Record<string, unknown>): AnyServerList[] {
  const found = new Map<unknown, AnyServerList>();
  for (const [name, value] of Object.entries(module)) {
    const list =
      typeof value === 'function' && /ListFor$/.test(name)
        ? (value as (query: object) => unknown)({})
        : value;
    if (isServerList(list) && !found.has(list.spec)) found.set(list.spec, list);
  }
  return [...found.values()];
}

/** The `ListSpec`s a module exports (`membersListSpec`): each must belong to a list found. */
function specsOfModule(module: Record<string, unknown>): unknown[] {
  return Object.values(module).filter(
    (value) =>
      typeof value === 'object' &&
      value !== null &&
      'definition' in value &&
      'id' in value &&
      'columns' in value,
  );
}

/**
 * Every list of the console, found by itself: each area's `list.ts` (a new area's list is tested
 * the day it is written; a `list.ts` that exports no list it can find fails below).
 */
const sourceDir = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const listFiles = fs
  .readdirSync(sourceDir, { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && fs.existsSync(path.join(sourceDir, entry.name, 'list.ts')),
  )
  .map((entry) => entry.name)
  .sort();
const modules = await Promise.all(
  listFiles.map(
    async (area) =>
      [area, (await import(`../${area}/list.ts`)) as Record<string, unknown>] as const,
  ),
);
const listsByArea = modules.map(([area, module]) => [area, listsOfModule(module)] as const);
const lists: Record<string, AnyServerList> = Object.fromEntries(
  listsByArea.flatMap(([area, found]) =>
    found.map((list) => [
      found.length === 1 ? area : `${area} (${list.spec.definition.name})`,
      list,
    ]),
  ),
);

describe('the lists the index-per-sort test walks', () => {
  it.each(modules)(
    '%s/list.ts exports its list (a ListDefinition, or a …ListFor factory)',
    (area, module) => {
      const found = listsOfModule(module);
      expect(found.length, `${area}/list.ts exports no list`).toBeGreaterThan(0);
      const specs = new Set<unknown>(found.map((list) => list.spec));
      for (const spec of specsOfModule(module)) {
        expect(specs.has(spec), `${area}/list.ts: a ListSpec without its list`).toBe(true);
      }
    },
  );
});

/**
 * The plan of a statement when PostgreSQL may not scan whole tables, use bitmaps or sort at any
 * reasonable cost: what it would do on a table large enough for the indexes to matter.
 */
async function indexedPlanOf(
  database: DatabaseHandle,
  compiled: { sql: string; parameters: readonly unknown[] },
) {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off',
    );
    const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${compiled.sql}`, [
      ...compiled.parameters,
    ]);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/**
 * The index-per-sort rule: every sort a list's definition offers reads its first page straight
 * from an index, both ways (a descending sort walks the same index backwards), with no Sort step;
 * the statement is the one runList sends. Only sorts a list declares unindexed (a table of a few
 * hundred rows at most, with its reason) are left out.
 */
describe('every sort of every list reads its first page from an index', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  for (const [name, list] of Object.entries(lists)) {
    const { unindexedSorts } = list.spec;
    const sorts = listSortFields(list.spec.definition).filter(
      (field) =>
        !unindexedSorts ||
        (unindexedSorts.fields !== 'all' && !unindexedSorts.fields.includes(field)),
    );
    if (sorts.length === 0) continue;
    it(`${name}: ${sorts.join(', ')}`, async () => {
      for (const field of sorts) {
        for (const sort of [field, `-${field}`]) {
          const { page } = pageQuery(database.db, list, { sort, limit: 50 });
          const plan = await indexedPlanOf(database, page.compile());
          expect(plan, `${name} sort=${sort}`).toMatch(/Index (Only )?Scan/);
          expect(plan, `${name} sort=${sort}`).not.toMatch(/Sort/);
        }
      }
    });
  }
});
