import {
  membersList as membersListColumns,
  type TMemberListItem,
  type TMembersListPage,
  type TMembersListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ListDefinition, type ListSpec, runList } from '../lists';

/** Sort expressions match the indexes of migrations 0005 and 0034 exactly (else they are not used). */
export const membersListSpec: ListSpec<typeof membersListColumns> = {
  definition: membersListColumns,
  id: 'm.mid',
  columns: {
    mid: { column: 'm.mid', sortExpression: 'm.mid' },
    number: { sortExpression: 'm.number' },
    legalName: { sortExpression: 'm.legal_name' },
    country: { column: 'm.country_iso2', sortExpression: "coalesce(m.country_iso2, '~~')" },
    category: { column: 'm.category', sortExpression: 'm.category' },
    status: { column: 'm.status', sortExpression: 'm.status' },
    joinedOn: { column: 'm.joined_on', sortExpression: "coalesce(m.joined_on, '9999-12-31')" },
    paidThroughYear: {
      column: 'm.paid_through_year',
      sortExpression: 'coalesce(m.paid_through_year, 9999)',
    },
    language: { column: 'm.preferred_language', sortExpression: 'm.preferred_language' },
  },
};

/** The members list: not deleted, filtered per column, searched through the search index. */
export const membersList: ListDefinition<MemberListRow, TMemberListItem> = {
  spec: membersListSpec,
  from: (db) => db.selectFrom('members as m').where('m.deleted_at', 'is', null),
  // A semi-join on the member's search document: PostgreSQL walks the sort order and probes
  // each member's document, or reads the words' index first, as its estimates favour. (An
  // array of matching ids first was measured slower: other documents carry member names too.)
  search: (q) =>
    sql<boolean>`m.mid IN (SELECT d.record_id FROM search_documents d
                            WHERE d.type = 'member' AND d.all_terms @@ search_prefix_query(${q}))`,
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

/** A page of the members list: filters, full-text `q`, sort, and the cursor of the last page. */
export function listMembers(
  db: Kysely<Database>,
  query: TMembersListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TMembersListPage> {
  return runList(db, membersList, query, options);
}
