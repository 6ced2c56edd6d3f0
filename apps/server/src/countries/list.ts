import {
  countriesList as countriesListColumns,
  incomeGroups,
  type TCountriesListPage,
  type TCountriesListQuery,
  type TCountryListItem,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ListDefinition, type ListSpec, runList, sortAndFilterBy } from '../lists';

const activeText = "(CASE WHEN c.active THEN 'true' ELSE 'false' END)";
const hasAssociationText =
  "(CASE WHEN c.national_association_mid IS NULL THEN 'false' ELSE 'true' END)";

/**
 * About 250 rows: PostgreSQL reads the table whatever the sort, so no index is kept per sort
 * (migration 0012 says why). Income groups sort poorest first, not alphabetically; empty
 * values sort last.
 */
export const countriesListSpec: ListSpec<typeof countriesListColumns> = {
  definition: countriesListColumns,
  id: 'c.iso2',
  columns: {
    name: { sortExpression: 'c.name' },
    iso2: { sortExpression: 'c.iso2' },
    region: sortAndFilterBy('c.region'),
    incomeGroup: {
      column: 'c.income_group',
      sortExpression: `(CASE c.income_group ${incomeGroups.map((group, i) => `WHEN '${group}' THEN ${i + 1}`).join(' ')} ELSE 99 END)`,
    },
    feeCategory: { column: 'c.fee_category', sortExpression: "coalesce(c.fee_category, '~~')" },
    active: sortAndFilterBy(activeText),
    hasNationalAssociation: sortAndFilterBy(hasAssociationText),
  },
  unindexedSorts: { fields: 'all', reason: 'about 250 rows, read whole (migration 0012)' },
};

/** `%` and `_` typed in the box are letters, not wildcards. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export const countriesList: ListDefinition<CountryListRow, TCountryListItem> = {
  spec: countriesListSpec,
  from: (db) => db.selectFrom('countries as c'),
  search: (q) => {
    const code = q.trim().toUpperCase();
    return sql<boolean>`(c.name ILIKE ${likePattern(q.trim())} OR c.official_name ILIKE ${likePattern(q.trim())}
                         OR c.iso2 = ${code} OR c.iso3 = ${code})`;
  },
  select: (matching) =>
    matching.leftJoin('members as a', 'a.mid', 'c.national_association_mid').select([
      'c.iso2',
      'c.iso3',
      'c.name',
      'c.region',
      'c.income_group',
      'c.fee_category',
      'c.default_currency',
      'c.active',
      'a.mid as association_mid',
      'a.number as association_number',
      'a.legal_name as association_name',
      // Kept by triggers on members (migration 0013): no counting per page.
      sql<number>`coalesce((SELECT k.members FROM country_member_counts k
                             WHERE k.country_iso2 = c.iso2), 0)`.as('member_count'),
    ]),
  toItem: (row) => ({
    iso2: row.iso2,
    iso3: row.iso3,
    name: row.name,
    region: row.region,
    incomeGroup: row.income_group,
    feeCategory: row.fee_category,
    defaultCurrency: row.default_currency,
    nationalAssociation: nationalAssociationOf(
      row.association_mid,
      row.association_number,
      row.association_name,
    ),
    active: row.active,
    memberCount: row.member_count,
  }),
};

/**
 * A country's national association as the list and the country's detail show it: none unless
 * the association's id, number and name are all known.
 */
export function nationalAssociationOf(
  mid: string | null,
  number: string | null,
  legalName: string | null,
): { mid: string; number: string; legalName: string } | null {
  return mid && number && legalName ? { mid, number, legalName } : null;
}

type CountryListRow = {
  iso2: string;
  iso3: string;
  name: string;
  region: TCountryListItem['region'];
  income_group: TCountryListItem['incomeGroup'];
  fee_category: TCountryListItem['feeCategory'];
  default_currency: string | null;
  active: boolean;
  association_mid: string | null;
  association_number: string | null;
  association_name: string | null;
  member_count: number;
};

/** A page of the countries list: filters, `q` over names and ISO codes, sort, cursor. */
export function listCountries(
  db: Kysely<Database>,
  query: TCountriesListQuery,
): Promise<TCountriesListPage> {
  return runList(db, countriesList, query);
}
