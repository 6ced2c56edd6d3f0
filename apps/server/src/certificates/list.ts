import {
  certificatesList as certificatesListColumns,
  type TCertificateListItem,
  type TCertificatesListPage,
  type TCertificatesListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  dayAtHeadquartersFilter,
  type ListDefinition,
  type ListSpec,
  runList,
  searchDocumentMatch,
  withOwnConditions,
  sortAndFilterBy,
} from '../lists';
import { normalizeVerificationCode } from './verification-code';
import { clock, dayAtHeadquarters } from '../lib/clock';

/** A sort key for certificates not issued yet (pending): after every issued one. */
const notIssuedYet = "'9999-12-31T00:00:00Z'::timestamptz";

const issuedAtSort = `coalesce(c.issued_at, ${notIssuedYet})`;

/** Sort expressions match the indexes of migration 0010 exactly (else they are not used). */
export const certificatesListSpec: ListSpec<typeof certificatesListColumns> = {
  definition: certificatesListColumns,
  id: 'c.cid',
  columns: {
    number: { sortExpression: 'c.number' },
    memberName: { sortExpression: 'c.member_name' },
    member: sortAndFilterBy('c.member_mid'),
    type: sortAndFilterBy('c.type'),
    year: sortAndFilterBy('c.year'),
    status: sortAndFilterBy('c.status'),
    validTo: { sortExpression: 'c.valid_to' },
    // Issue 18: the day issued at headquarters, a range of the sort expression (its index
    // `certificates_list_issued_at_idx` answers it), the list's own (certificatesListFor).
    issuedAt: { sortExpression: issuedAtSort, isOwnFilter: true },
  },
};

/**
 * Today at headquarters, the day validity is judged by: a certificate valid to 31 December is valid
 * all that day in Zurich (until 23:59 there, 22:59 UTC), and expired from 00:00 on 1 January in
 * Zurich, while UTC still reads 31 December (issue 30: this read the UTC day).
 */
export function todayIso(now = clock.now()): string {
  return dayAtHeadquarters(now);
}

/**
 * The status a person should see: an issued certificate past its valid-to date is expired even
 * before the hourly sweep (`expire.ts`) has marked it.
 */
export function effectiveStatus(
  status: TCertificateListItem['status'],
  validTo: string,
  today = todayIso(),
): TCertificateListItem['status'] {
  return status === 'issued' && validTo < today ? 'expired' : status;
}

/**
 * `q` takes one of three shapes, each answered by an index: a certificate number or its
 * beginning ("C-2026-00012"), a verification code ("ABCD-EFGH-…", exact), or words of the
 * member's name (the members' search documents, as the members list searches them).
 */
export function certificateSearch(q: string) {
  const text = q.trim();
  if (/^c-?\d/i.test(text)) {
    const prefix = text
      .toUpperCase()
      .replace(/^C-?/, 'C-')
      .replace(/[\\%_]/g, '\\$&');
    return sql<boolean>`c.number LIKE ${`${prefix}%`}`;
  }
  const code = normalizeVerificationCode(text);
  const byName = searchDocumentMatch('c.member_mid', 'member', text);
  if (code && /\d/.test(text)) return sql<boolean>`c.verification_code = ${code}`;
  // Grouped like a code but without a digit ("EURO ROAD LINE"): a code, or a name.
  if (code && /^[a-z0-9]{4}([-\s][a-z0-9]{4}){2,}$/i.test(text)) {
    return sql<boolean>`(c.verification_code = ${code} OR ${byName})`;
  }
  return byName;
}

type CertificateListRow = CertificateTermsRow<TCertificateListItem['documentCode']> & {
  cid: string;
  number: string;
  member_mid: string;
  member_name: string;
  member_number: string | null;
  country_iso2: string | null;
  issued_at: Date | null;
};

/**
 * What a certificate certifies and until when: its type, document, year, validity and stored
 * status (`effectiveStatus` reads it with the validity). The list and the detail read the same.
 */
export const certificateTermsColumns = [
  'c.type',
  'c.document_code',
  'c.year',
  'c.valid_from',
  'c.valid_to',
  'c.status',
] as const;

/** A row of `certificateTermsColumns`; the list types its document code as the contract's codes. */
type CertificateTermsRow<Code extends string | null> = {
  type: TCertificateListItem['type'];
  document_code: Code;
  year: number;
  valid_from: string;
  valid_to: string;
  status: TCertificateListItem['status'];
};

/** The terms as the list and the portal show them, the status as of today (`effectiveStatus`). */
export function certificateTermsOf<Code extends string | null>(row: CertificateTermsRow<Code>) {
  return {
    type: row.type,
    documentCode: row.document_code,
    year: row.year,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    status: effectiveStatus(row.status, row.valid_to),
  };
}

/**
 * The certificates list without its own filter: filtered per column, searched by number, code or
 * member name. A request's list is `certificatesListFor` (its issue-day filter).
 */
export const certificatesList: ListDefinition<CertificateListRow, TCertificateListItem> = {
  spec: certificatesListSpec,
  from: (db) => db.selectFrom('certificates as c'),
  search: certificateSearch,
  select: (matching) =>
    matching
      .leftJoin('members as m', 'm.mid', 'c.member_mid')
      .select([
        'c.cid',
        'c.number',
        'c.member_mid',
        'c.member_name',
        'm.number as member_number',
        'm.country_iso2',
        ...certificateTermsColumns,
        'c.issued_at',
      ]),
  toItem: (row) => ({
    cid: row.cid,
    number: row.number,
    memberMid: row.member_mid,
    memberName: row.member_name,
    memberNumber: row.member_number,
    countryIso2: row.country_iso2,
    ...certificateTermsOf(row),
    issuedAt: row.issued_at ? row.issued_at.toISOString() : null,
  }),
};

/**
 * The certificates list of one request: `issuedAt` (issue 18) is a range of instants from the
 * first day's midnight at headquarters, joined to the list's fixed part here.
 */
export function certificatesListFor(
  query: Pick<TCertificatesListQuery, 'issuedAt'>,
): ListDefinition<CertificateListRow, TCertificateListItem> {
  const issued = query.issuedAt
    ? [dayAtHeadquartersFilter('issuedAt', query.issuedAt, issuedAtSort, notIssuedYet)]
    : [];
  return withOwnConditions(certificatesList, issued);
}

/** A page of the certificates list. */
export function listCertificates(
  db: Kysely<Database>,
  query: TCertificatesListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TCertificatesListPage> {
  return runList(db, certificatesListFor(query), query, options);
}
