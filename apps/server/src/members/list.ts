import {
  memberCategories,
  memberStatuses,
  type TMemberListItem,
  type TMembersListPage,
  type TMembersListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { estimateRows } from '../lists/estimate';
import {
  afterCursor,
  decodeCursor,
  encodeCursor,
  filterCondition,
  parseSort,
  type ListSpec,
} from '../lists/list-spec';

/** Sort expressions match the indexes of migration 0005 exactly (else they are not used). */
export const membersListSpec: ListSpec = {
  id: 'm.mid',
  columns: {
    number: { column: 'm.number', sortExpression: 'm.number', kind: 'text' },
    legalName: { column: 'm.legal_name', sortExpression: 'm.legal_name', kind: 'text' },
    country: {
      column: 'm.country_iso2',
      sortExpression: "coalesce(m.country_iso2, '~~')",
      kind: 'text',
    },
    category: {
      column: 'm.category',
      sortExpression: 'm.category',
      kind: 'text',
      values: memberCategories,
    },
    status: {
      column: 'm.status',
      sortExpression: 'm.status',
      kind: 'text',
      values: memberStatuses,
    },
    joinedOn: {
      column: 'm.joined_on',
      sortExpression: "coalesce(m.joined_on, '9999-12-31')",
      kind: 'date',
    },
    paidThroughYear: {
      column: 'm.paid_through_year',
      sortExpression: 'coalesce(m.paid_through_year, 9999)',
      kind: 'integer',
    },
  },
  defaultSort: [{ field: 'number', isDescending: false }],
};

const filterFields = ['status', 'category', 'country', 'joinedOn', 'paidThroughYear'] as const;

/** A page of the members list: filters, full-text `q`, sort, and the cursor of the last page. */
export async function listMembers(
  db: Kysely<Database>,
  query: TMembersListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TMembersListPage> {
  const spec = membersListSpec;
  const sort = parseSort(query.sort, spec);
  const lastDirection = sort.at(-1)?.isDescending ?? false;
  const keys = [
    ...sort.map(({ field, isDescending }) => ({
      expression: spec.columns[field]?.sortExpression ?? spec.id,
      isDescending,
    })),
    { expression: spec.id, isDescending: lastDirection },
  ];

  let matching = db.selectFrom('members as m').where('m.deleted_at', 'is', null);
  for (const field of filterFields) {
    const raw = query[field];
    const column = spec.columns[field];
    if (raw !== undefined && raw !== '' && column) {
      matching = matching.where(filterCondition(field, raw, column));
    }
  }
  // A box with no letter or digit in it (only spaces or punctuation) searches nothing.
  if (query.q && /[\p{L}\p{N}]/u.test(query.q)) {
    // A semi-join on the member's search document: PostgreSQL walks the sort order and probes
    // each member's document, or reads the words' index first, as its estimates favour. (An
    // array of matching ids first was measured slower: other documents carry member names too.)
    matching = matching.where(
      sql<boolean>`m.mid IN (SELECT d.record_id FROM search_documents d
                              WHERE d.type = 'member'
                                AND d.all_terms @@ search_prefix_query(${query.q}))`,
    );
  }

  let page = matching
    .leftJoin('countries as c', 'c.iso2', 'm.country_iso2')
    .select([
      'm.mid',
      'm.number',
      'm.legal_name',
      'm.trade_name',
      'm.country_iso2',
      'c.name as country_name',
      'm.category',
      'm.status',
      'm.joined_on',
      'm.paid_through_year',
    ])
    .select(keys.map((key, i) => sql<string | number>`${sql.raw(key.expression)}`.as(`key_${i}`)));
  if (query.cursor) {
    page = page.where(afterCursor(keys, decodeCursor(query.cursor, keys.length)));
  }
  for (const key of keys) {
    page = page.orderBy(sql.raw(key.expression), key.isDescending ? 'desc' : 'asc');
  }
  const [rows, estimatedTotal] = await Promise.all([
    page.limit(query.limit + 1).execute(),
    options.withEstimate === false ? 0 : estimateRows(db, matching.select('m.mid')),
  ]);

  const hasMore = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1) as Record<string, unknown> | undefined;
  return {
    data: shown.map((row) => ({
      mid: row.mid,
      number: row.number,
      legalName: row.legal_name,
      tradeName: row.trade_name,
      countryIso2: row.country_iso2,
      countryName: row.country_name,
      category: row.category,
      status: row.status,
      joinedOn: row.joined_on,
      paidThroughYear: row.paid_through_year,
    })),
    nextCursor:
      hasMore && last
        ? encodeCursor(keys.map((_, i) => last[`key_${i}`] as string | number))
        : null,
    estimatedTotal: Math.max(estimatedTotal, shown.length),
  };
}

/** Rows fetched per statement while exporting: memory stays flat whatever the list's size. */
const exportBatchSize = 1_000;

/**
 * Every member the list's filters, `q` and sort select (not only the rows loaded on screen),
 * page after page through the same keyset, for a streamed export.
 */
export async function* allMembersOf(
  db: Kysely<Database>,
  query: Omit<TMembersListQuery, 'cursor' | 'limit'>,
): AsyncGenerator<TMemberListItem> {
  let cursor: string | undefined;
  do {
    const page = await listMembers(
      db,
      { ...query, limit: exportBatchSize, ...(cursor ? { cursor } : {}) },
      { withEstimate: false },
    );
    yield* page.data;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
