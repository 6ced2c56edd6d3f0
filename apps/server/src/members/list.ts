import {
  membersList as membersListColumns,
  regions,
  type TMemberListItem,
  type TMembersListPage,
  type TMembersListQuery,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import {
  badQuery,
  filterCondition,
  parseDay,
  type ListDefinition,
  type ListSpec,
  runList,
  searchDocumentMatch,
  withOwnConditions,
  sortAndFilterBy,
} from '../lists';

/** Sort expressions match the indexes of migrations 0005 and 0034 exactly (else they are not used). */
export const membersListSpec: ListSpec<typeof membersListColumns> = {
  definition: membersListColumns,
  id: 'm.mid',
  columns: {
    mid: sortAndFilterBy('m.mid'),
    number: { sortExpression: 'm.number' },
    legalName: { sortExpression: 'm.legal_name' },
    country: { column: 'm.country_iso2', sortExpression: "coalesce(m.country_iso2, '~~')" },
    category: sortAndFilterBy('m.category'),
    status: sortAndFilterBy('m.status'),
    joinedOn: { column: 'm.joined_on', sortExpression: "coalesce(m.joined_on, '9999-12-31')" },
    paidThroughYear: {
      column: 'm.paid_through_year',
      sortExpression: 'coalesce(m.paid_through_year, 9999)',
    },
    language: sortAndFilterBy('m.preferred_language'),
    // Issue 18: `members_list_terminated_idx (terminated_on, mid)`, migration 0039.
    terminatedOn: { column: 'm.terminated_on' },
    // Read from the countries table and a derived condition: the list's own (membersListFor).
    region: { isOwnFilter: true },
    memberOn: { isOwnFilter: true },
  },
};

/** `region` as a condition on a country `c` (the countries table says which country is where). */
function regionCondition(raw: string): RawBuilder<boolean> {
  return filterCondition('region', raw, { column: 'c.region', kind: 'text', values: regions });
}

/**
 * The countries of the regions a `region` filter names, read before the page: named one by one,
 * the planner estimates the members from the country's statistics (a total of "about 36,000
 * members" in Europe, not a guess). Undefined without the filter.
 */
export async function countriesOfRegions(
  db: Kysely<Database>,
  query: Pick<TMembersListQuery, 'region'>,
): Promise<string[] | undefined> {
  if (!query.region) return undefined;
  const { rows } = await sql<{ iso2: string }>`SELECT c.iso2 FROM countries c
    WHERE ${regionCondition(query.region)}`.execute(db);
  return rows.map((row) => row.iso2);
}

/**
 * `region`: the members whose country is in one of the regions, as the countries table says now
 * (an operator may move a country): its countries named (`countriesOfRegions`), or read in the
 * statement itself.
 */
function memberRegionCondition(
  raw: string,
  countries: readonly string[] | undefined,
): RawBuilder<boolean> {
  // As char(2), the column's type: cast to text, the planner would not read its statistics.
  if (countries) return sql<boolean>`m.country_iso2 = ANY(${countries}::bpchar[])`;
  return sql<boolean>`m.country_iso2 = ANY(ARRAY(
    SELECT c.iso2 FROM countries c WHERE ${regionCondition(raw)}))`;
}

/**
 * `memberOn`: the members at one date, as the membership reports count them: joined on or
 * before it, and not resigned or terminated by then. On the columns themselves (not the join
 * date's sort expression), so that the planner estimates them from their statistics.
 */
function memberOnCondition(raw: string): RawBuilder<boolean> {
  if (raw.includes(',') || raw.includes('..')) {
    throw badQuery('memberOn', 'invalid_format', `"${raw}" is not one date (YYYY-MM-DD)`);
  }
  const day = parseDay('memberOn', raw);
  return sql<boolean>`(m.joined_on <= ${day}::date
    AND (m.terminated_on IS NULL OR m.terminated_on > ${day}::date))`;
}

/**
 * The members list without its own filters: not deleted, filtered per column, searched through
 * the search index. A request's list is `membersListFor` (its region and date filters).
 */
export const membersList: ListDefinition<MemberListRow, TMemberListItem> = {
  spec: membersListSpec,
  from: (db) => db.selectFrom('members as m').where('m.deleted_at', 'is', null),
  // A semi-join on the member's search document: PostgreSQL walks the sort order and probes
  // each member's document, or reads the words' index first, as its estimates favour. (An
  // array of matching ids first was measured slower: other documents carry member names too.)
  search: (q) => searchDocumentMatch('m.mid', 'member', q),
  select: (matching) =>
    matching
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
        'm.preferred_language',
      ]),
  toItem: (row) => ({
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
    preferredLanguage: row.preferred_language,
  }),
};

type MemberListRow = {
  mid: string;
  number: string;
  legal_name: string;
  trade_name: string | null;
  country_iso2: string | null;
  country_name: string | null;
  category: TMemberListItem['category'];
  status: TMemberListItem['status'];
  joined_on: string | null;
  paid_through_year: number | null;
  preferred_language: TMemberListItem['preferredLanguage'];
};

/**
 * The members list of one request: the region and date filters are the list's own conditions
 * (issue 18), joined to its fixed part here. The page, the export and a bulk action on every
 * matching member all read it.
 */
export function membersListFor(
  query: Pick<TMembersListQuery, 'region' | 'memberOn'>,
  /** The countries of the regions filtered by, when read before (`countriesOfRegions`). */
  regionCountries?: readonly string[],
): ListDefinition<MemberListRow, TMemberListItem> {
  const conditions: RawBuilder<boolean>[] = [];
  if (query.region) conditions.push(memberRegionCondition(query.region, regionCountries));
  if (query.memberOn) conditions.push(memberOnCondition(query.memberOn));
  return withOwnConditions(membersList, conditions);
}

/** A page of the members list: filters, full-text `q`, sort, and the cursor of the last page. */
export async function listMembers(
  db: Kysely<Database>,
  query: TMembersListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TMembersListPage> {
  const regionCountries = await countriesOfRegions(db, query);
  return runList(db, membersListFor(query, regionCountries), query, options);
}
