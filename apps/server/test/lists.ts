import { expect } from 'vitest';
import type { DatabaseHandle } from '../src/db/database';
import type { TestApp } from './app';

/** One page of a list endpoint (the list contract: rows, the next page's cursor, the total). */
export type ListPage<Row> = {
  data: Row[];
  nextCursor: string | null;
  estimatedTotal: number;
  totalIsExact: boolean;
};

/** More pages than any test list has: a cursor that never ends fails the test instead of hanging. */
const maxPages = 100;

/**
 * A list endpoint (`/api/members`, …) read as one signed-in operator. `list(query)` answers one
 * page; `allPages(query)` follows `nextCursor` to the end, expecting every page to be a 200, and
 * returns the rows in the order served and how many pages it took.
 */
export function listEndpoint<Row>(t: TestApp, path: string, cookie: string) {
  const list = async (query: string) => {
    const response = await t.app.inject({ url: `${path}?${query}`, headers: { cookie } });
    return { status: response.statusCode, body: response.json<ListPage<Row>>() };
  };
  const allPages = async (query: string) => {
    const rows: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const suffix: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const { status, body } = await list(`${query}${suffix}`);
      expect(status, JSON.stringify(body)).toBe(200);
      rows.push(...body.data);
      cursor = body.nextCursor;
      pages++;
      expect(pages, `${path}?${query} pages on past ${maxPages} pages`).toBeLessThanOrEqual(
        maxPages,
      );
    } while (cursor);
    return { rows, pages };
  };
  return { list, allPages };
}

/** Compares as JavaScript strings and numbers do, not by the locale (`sort()`'s default for text). */
export const byCodeUnits = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** Expects the keys to be in ascending order, or descending when `direction` is `-`. */
export function expectSorted(
  keys: readonly (string | number)[],
  direction: '' | '-' = '',
  label?: string,
) {
  const sorted = [...keys].sort(byCodeUnits);
  expect(keys, label).toEqual(direction === '-' ? sorted.reverse() : sorted);
}

/**
 * The planner's plan of a statement when it may not scan whole tables, use bitmaps or sort at any
 * reasonable cost: what it would do on a table large enough for the indexes to matter.
 */
export async function indexedPlanOf(database: DatabaseHandle, statement: string): Promise<string> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off',
    );
    const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement}`);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/**
 * Expects an index named `index…` to serve the statement's order, with no Sort step: each sort a
 * list offers reads its first page straight from an index.
 */
export async function expectIndexedOrder(
  database: DatabaseHandle,
  statement: string,
  index: string,
  label?: string,
) {
  const plan = await indexedPlanOf(database, statement);
  expect(plan, label).toMatch(new RegExp(`Index (Only )?Scan using ${index}`));
  expect(plan, label).not.toMatch(/Sort/);
}

/**
 * The lines of a list's CSV export (byte order mark removed), after checking it is served as a
 * download named `<filePrefix>…`.
 */
export async function csvExport(t: TestApp, url: string, cookie: string, filePrefix: string) {
  const response = await t.app.inject({ url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="${filePrefix}`),
  );
  return response.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
}
