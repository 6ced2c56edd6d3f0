import {
  applicationsList as applicationsListColumns,
  type TApplicationListItem,
  type TApplicationsListPage,
  type TApplicationsListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  type ListDefinition,
  type ListSpec,
  runList,
  searchDocumentMatch,
  sortAndFilterBy,
} from '../lists';
import { daysWaitingSince } from './endorsement-wait';
import { possibleDuplicateNumbers, tidyDuplicateNumbers } from './possible-duplicates';

/**
 * Sort expressions match the indexes of migrations 0009 and 0059 exactly (else they are not used). Times
 * sort as integer microseconds (`application_submitted_key`), so that cursors carry them exactly.
 */
export const applicationsListSpec: ListSpec<typeof applicationsListColumns> = {
  definition: applicationsListColumns,
  id: 'a.aid',
  columns: {
    queue: { sortExpression: 'application_queue_key(a.status, a.submitted_at)' },
    number: { sortExpression: 'a.number' },
    legalName: { sortExpression: 'a.legal_name' },
    country: { column: 'a.country_iso2', sortExpression: "coalesce(a.country_iso2, '~~')" },
    category: sortAndFilterBy('a.category'),
    status: sortAndFilterBy('a.status'),
    source: { column: 'a.source' },
    endorsementWaitingDays: {
      // Larger the longer the wait; 0 days (no endorsement awaited) sorts as the shortest wait.
      sortExpression: 'application_endorsement_wait_key(a.status, a.endorsement_requested_at)',
    },
    submittedAt: {
      // Filters compare days (UTC): "2026-01-01..2026-01-31" includes the whole 31st.
      column: 'application_submitted_day(a.submitted_at)',
      sortExpression: 'application_submitted_key(a.submitted_at)',
    },
  },
};

type ApplicationListRow = {
  aid: string;
  number: string;
  legal_name: string;
  trade_name: string | null;
  country_iso2: string | null;
  country_name: string | null;
  category: TApplicationListItem['category'];
  status: TApplicationListItem['status'];
  submitted_at: Date | null;
  decided_at: Date | null;
  endorsing_association_name: string | null;
  member_mid: string | null;
  source: TApplicationListItem['source'];
  endorsement_requested_at: Date | null;
  possible_duplicates: string[];
};

/** The applications list: not deleted, filtered per column, searched through the search index. */
export const applicationsList: ListDefinition<ApplicationListRow, TApplicationListItem> = {
  spec: applicationsListSpec,
  from: (db) => db.selectFrom('applications as a').where('a.deleted_at', 'is', null),
  search: (q) => searchDocumentMatch('a.aid', 'application', q),
  select: (matching) =>
    matching
      .leftJoin('countries as c', 'c.iso2', 'a.country_iso2')
      .leftJoin('members as e', 'e.mid', 'a.endorsing_association_mid')
      .select([
        'a.aid',
        'a.number',
        'a.legal_name',
        sql<string | null>`a.company->>'tradeName'`.as('trade_name'),
        'a.country_iso2',
        'c.name as country_name',
        'a.category',
        'a.status',
        'a.submitted_at',
        'a.decided_at',
        'e.legal_name as endorsing_association_name',
        'a.member_mid',
        'a.source',
        'a.endorsement_requested_at',
        possibleDuplicateNumbers.as('possible_duplicates'),
      ]),
  toItem: (row) => ({
    aid: row.aid,
    number: row.number,
    legalName: row.legal_name,
    tradeName: row.trade_name,
    countryIso2: row.country_iso2,
    countryName: row.country_name,
    category: row.category,
    status: row.status,
    submittedAt: row.submitted_at?.toISOString() ?? null,
    decidedAt: row.decided_at?.toISOString() ?? null,
    endorsingAssociationName: row.endorsing_association_name,
    memberMid: row.member_mid,
    source: row.source,
    endorsementWaitingDays:
      row.status === 'awaiting-endorsement' ? daysWaitingSince(row.endorsement_requested_at) : null,
    possibleDuplicates: tidyDuplicateNumbers(row.possible_duplicates),
  }),
};

/** A page of the applications list: the review queue first unless another sort is asked. */
export function listApplications(
  db: Kysely<Database>,
  query: TApplicationsListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TApplicationsListPage> {
  return runList(db, applicationsList, query, options);
}
