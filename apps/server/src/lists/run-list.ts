import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import { pipeline, Readable } from 'node:stream';
import type { Database } from '../db/schema';
import { estimateRows } from './estimate';
import {
  afterCursor,
  decodeCursor,
  encodeCursor,
  filterColumnOf,
  filterCondition,
  parseSort,
  runnerFilterFields,
  sortExpressionOf,
  type ListSpec,
} from './list-spec';
import { countMatching } from './total';
import { clock } from '../lib/clock';

/** What every list endpoint receives: the list contract's fields and the column filters. */
export type ListRequest = {
  q?: string | undefined;
  sort?: string | undefined;
  cursor?: string | undefined;
  limit: number;
} & { readonly [filter: string]: unknown };

// Kysely types each query by its tables; the runner is the same for every list, so the
// builders it passes around are typed loosely here and precisely in each list's own code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;

export type ListDefinition<Row extends Record<string, unknown>, Item> = {
  /** The contract's definition of the list with its SQL: the sorts and filters the runner applies. */
  spec: ListSpec;
  /**
   * The rows the list can show, before its filters: FROM, the joins a filter needs, and the
   * fixed conditions (e.g. not deleted).
   */
  from: (db: Kysely<Database>) => AnySelect;
  /** The condition of a full-text search `q` (only called when q has a letter or a digit). */
  search?: (q: string) => Expression<boolean>;
  /** The columns shown, with the joins only display needs. */
  select: (matching: AnySelect) => AnySelect;
  toItem: (row: Row) => Item;
};

export type ListPage<Item> = {
  data: Item[];
  nextCursor: string | null;
  estimatedTotal: number;
  totalIsExact: boolean;
};

export type RunListOptions = {
  /** False when nobody reads the total (exports): neither counted nor estimated. */
  withEstimate?: boolean;
  /** Up to how many matching rows the first page counts exactly (tests use a small one). */
  exactTotalLimit?: number;
};

/**
 * One page of a list: its filters, `q`, sort and the cursor of the page before, in keyset order
 * (sort expressions, then the id), and how many rows match. The first page (no cursor) counts
 * them exactly when there are few (countMatching); the screen reads the total of the first page
 * only, so later pages carry the planner's estimate and cost no count.
 */
export async function runList<Row extends Record<string, unknown>, Item>(
  db: Kysely<Database>,
  list: ListDefinition<Row, Item>,
  query: ListRequest,
  options: RunListOptions = {},
): Promise<ListPage<Item>> {
  const { spec } = list;
  const { matching, page, keys } = pageQuery(db, list, query);
  const [rows, total] = await Promise.all([
    page.execute() as Promise<Record<string, unknown>[]>,
    options.withEstimate === false
      ? { total: 0, isExact: false }
      : query.cursor
        ? estimateRows(db, matching.select(sql.raw(spec.id).as('id'))).then((estimate) => ({
            total: estimate,
            isExact: false,
          }))
        : countMatching(db, matching, options.exactTotalLimit),
  ]);

  const hasMore = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    data: shown.map((row) => list.toItem(row as Row)),
    nextCursor:
      hasMore && last
        ? encodeCursor(keys.map((_, i) => last[`key_${i}`] as string | number))
        : null,
    ...totalOfPage(total, shown.length, !query.cursor && !hasMore),
  };
}

/** The expressions a page is ordered by: the sort's, then the id (in the last sort's direction). */
function sortKeys(spec: ListSpec, rawSort: string | undefined) {
  const sort = parseSort(rawSort, spec);
  const lastDirection = sort.at(-1)?.isDescending ?? false;
  return [
    ...sort.map(({ field, isDescending }) => ({
      expression: sortExpressionOf(spec, field),
      isDescending,
    })),
    { expression: spec.id, isDescending: lastDirection },
  ];
}

/**
 * A page's statement, unexecuted: the matching rows in keyset order after the cursor, one row
 * more than the page (whether there is a next page). `lists/index-per-sort.test.ts` reads its
 * plan for every sort of every list.
 */
export function pageQuery<Row extends Record<string, unknown>, Item>(
  db: Kysely<Database>,
  list: ListDefinition<Row, Item>,
  query: ListRequest,
): { matching: AnySelect; page: AnySelect; keys: ReturnType<typeof sortKeys> } {
  const keys = sortKeys(list.spec, query.sort);
  const matching = matchingRows(db, list, query);
  let page = list
    .select(matching)
    .select(keys.map((key, i) => sql<string | number>`${sql.raw(key.expression)}`.as(`key_${i}`)));
  if (query.cursor) {
    page = page.where(afterCursor(keys, decodeCursor(query.cursor, keys.length)));
  }
  for (const key of keys) {
    page = page.orderBy(sql.raw(key.expression), key.isDescending ? 'desc' : 'asc');
  }
  return { matching, page: page.limit(query.limit + 1), keys };
}

/**
 * The total a page answers. A first page that holds every matching row is its own exact count,
 * read in the same snapshot as the rows (the separate count may have seen a row added meanwhile).
 */
function totalOfPage(
  total: { total: number; isExact: boolean },
  shown: number,
  isWholeList: boolean,
): Pick<ListPage<unknown>, 'estimatedTotal' | 'totalIsExact'> {
  if (isWholeList) return { estimatedTotal: shown, totalIsExact: true };
  if (total.isExact) return { estimatedTotal: total.total, totalIsExact: true };
  return { estimatedTotal: Math.max(total.total, shown), totalIsExact: false };
}

/**
 * The rows a view selects, unordered: its filters and `q` on the list's FROM. A bulk action on
 * "every matching row" runs on exactly what the list shows.
 */
export function matchingRows<Row extends Record<string, unknown>, Item>(
  db: Kysely<Database>,
  list: ListDefinition<Row, Item>,
  query: { readonly [parameter: string]: unknown },
): AnySelect {
  let matching = list.from(db);
  for (const field of runnerFilterFields(list.spec)) {
    const raw = query[field];
    const column = filterColumnOf(list.spec, field);
    if (typeof raw === 'string' && raw !== '' && column) {
      matching = matching.where(filterCondition(field, raw, column));
    }
  }
  // A box with no letter or digit in it (only spaces or punctuation) searches nothing.
  const q = typeof query.q === 'string' ? query.q : '';
  if (list.search && /[\p{L}\p{N}]/u.test(q)) matching = matching.where(list.search(q));
  return matching;
}

/** Rows fetched per statement while exporting: memory stays flat whatever the list's size. */
const exportBatchSize = 1_000;

/**
 * Every row the list's filters, `q` and sort select (not only the rows loaded on screen),
 * page after page through the same keyset.
 */
export async function* allRowsOf<Row extends Record<string, unknown>, Item>(
  db: Kysely<Database>,
  list: ListDefinition<Row, Item>,
  query: Omit<ListRequest, 'cursor' | 'limit'>,
): AsyncGenerator<Item> {
  let cursor: string | undefined;
  do {
    const page = await runList(
      db,
      list,
      { ...query, limit: exportBatchSize, ...(cursor ? { cursor } : {}) },
      { withEstimate: false },
    );
    yield* page.data;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export type ExportColumn = { key: string; header: string };

/**
 * Streams a list's whole filtered set as CSV (a byte-order mark first, so that Excel reads
 * accents as UTF-8). Bad filters are a 400 before the first byte goes out, not a broken
 * download.
 */
export async function sendListExport<Row extends Record<string, unknown>, Item>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    db: Kysely<Database>;
    list: ListDefinition<Row, Item>;
    query: Omit<ListRequest, 'cursor' | 'limit'>;
    columns: readonly ExportColumn[];
    /** The file's name before the date, e.g. "members". */
    filename: string;
  },
): Promise<FastifyReply> {
  const { db, list, query } = options;
  await runList(db, list, { ...query, limit: 1 }, { withEstimate: false });
  const today = clock.today();
  const csv = stringify({
    header: true,
    columns: [...options.columns],
    bom: true,
    cast: { number: String, boolean: (value) => (value ? 'yes' : 'no') },
    // Text from applicants, imports and Stripe would run as a formula in a spreadsheet (a legal
    // name `=HYPERLINK(…)`): a text cell starting with = + - @ tab or CR gets a leading `'`
    // (lib/spreadsheet-formulas.ts holds the same rule for the other CSV files). Numbers stay
    // numbers: a number cannot carry a formula, so a negative one is written as is. Amounts
    // written as text ("1250.00") are never negative: the contract refuses negative amounts.
    escape_formulas: true,
  });
  pipeline(Readable.from(allRowsOf(db, list, query)), csv, (error) => {
    if (error) request.log.error({ err: error }, `${options.filename} export failed`);
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${options.filename}-${today}.csv"`)
    .send(csv);
}
