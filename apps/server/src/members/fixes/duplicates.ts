import {
  memberFixCheckInfo,
  ZMergeMembersRequest,
  type TDuplicateFinding,
  type TMemberFixFindingsQuery,
  type TMemberRelatedCounts,
} from '@ops/contract';
import { memberStatusLabels } from '@ops/contract/labels';
import { sql } from 'kysely';
import type {
  MemberFixCheckOperations,
  MemberFixFindings,
  MemberFixRepair,
} from './check-operations';
import {
  countRows,
  endedStatuses,
  fixMemberColumns,
  plural,
  toFixMember,
  type Db,
  type FixMemberRow,
} from './fix-member';
import { mergeMembers } from './merge-members';

/**
 * What the two duplicate checks (by name and country, by VAT number) share: a page of groups read
 * in the order of their index, the records that point to each member, the survivor proposed, and
 * the repair, which is a merge.
 */

type DuplicateCheck = 'duplicate-name' | 'duplicate-vat';

/** A group of live members sharing a key, with the number of such groups in all. */
export type DuplicateGroup = { key: string; country_iso2: string | null; total: number };

/** How one duplicate check reads its groups and their members. */
export type DuplicateSource = {
  count(db: Db): Promise<number>;
  /** A page of groups in the order of the index (an index-only scan). */
  readGroups(db: Db, query: TMemberFixFindingsQuery): Promise<DuplicateGroup[]>;
  /** The live members of the groups with these keys, by number. */
  readMembers(db: Db, keys: string[]): Promise<(FixMemberRow & { key: string })[]>;
  /** Whether a member read by key belongs to the group (the name check also matches the country). */
  isInGroup(row: FixMemberRow, group: DuplicateGroup): boolean;
  /** The finding's key as the screen shows it. */
  label(group: DuplicateGroup): string;
};

/** What points to each member: the records a merge would move. */
async function relatedCounts(db: Db, mids: string[]): Promise<Map<string, TMemberRelatedCounts>> {
  if (mids.length === 0) return new Map();
  const { rows } = await sql<{ mid: string } & TMemberRelatedCounts>`
    SELECT x.mid,
      (SELECT count(*)::int FROM users u WHERE u.member_mid = x.mid) AS users,
      (SELECT count(*)::int FROM invoices i WHERE i.member_mid = x.mid) AS invoices,
      (SELECT count(*)::int FROM invoices i WHERE i.member_mid = x.mid AND i.status = 'paid')
        AS "paidInvoices",
      (SELECT count(*)::int FROM certificates ce WHERE ce.member_mid = x.mid) AS certificates,
      (SELECT count(*)::int FROM applications ap
        WHERE ap.member_mid = x.mid OR ap.endorsing_association_mid = x.mid) AS applications,
      (SELECT count(*)::int FROM emails e
        WHERE e.related_table = 'members' AND e.related_id = x.mid) AS emails,
      (SELECT count(*)::int FROM members l
        WHERE l.national_association_mid = x.mid AND l.deleted_at IS NULL)
      + (SELECT count(*)::int FROM countries co WHERE co.national_association_mid = x.mid)
        AS "associationLinks"
    FROM unnest(${mids}::text[]) AS x(mid)`.execute(db);
  return new Map(rows.map(({ mid, ...counts }) => [mid, counts]));
}

const noRelatedRecords: TMemberRelatedCounts = {
  users: 0,
  invoices: 0,
  paidInvoices: 0,
  certificates: 0,
  applications: 0,
  emails: 0,
  associationLinks: 0,
};

type DuplicateMember = TDuplicateFinding['members'][number];

const isEnded = (m: DuplicateMember) => endedStatuses.includes(m.status);

/** The records of a member that weigh in choosing the survivor. */
const relatedWeight = (m: DuplicateMember) =>
  m.related.invoices + m.related.users + m.related.certificates + m.related.applications;

/**
 * The record most worth keeping comes first: a membership that has not ended, then the one with
 * more paid invoices, then more records of any kind, then the older membership number.
 */
function bySurvivorPreference(a: DuplicateMember, b: DuplicateMember): number {
  return (
    Number(isEnded(a)) - Number(isEnded(b)) ||
    b.related.paidInvoices - a.related.paidInvoices ||
    relatedWeight(b) - relatedWeight(a) ||
    a.number.localeCompare(b.number)
  );
}

function describeSurvivorReason(survivor: DuplicateMember, other: DuplicateMember): string {
  if (isEnded(other) && !isEnded(survivor)) {
    return `its membership is ${memberStatusLabels[survivor.status].toLowerCase()}, the other's has ended`;
  }
  if (survivor.related.paidInvoices > other.related.paidInvoices) {
    return `it has more paid invoices (${survivor.related.paidInvoices})`;
  }
  if (relatedWeight(survivor) > relatedWeight(other)) {
    return `it has more related records (${plural(survivor.related.invoices, 'invoice')}, ${plural(survivor.related.users, 'user')})`;
  }
  return 'it is the older record';
}

function toDuplicateFinding(key: string, members: DuplicateMember[]): TDuplicateFinding {
  const sorted = [...members].sort(bySurvivorPreference);
  const [survivor, second] = sorted as [DuplicateMember, DuplicateMember];
  const others = sorted.slice(1);
  const proposal =
    `Merge ${others.map((m) => m.number).join(', ')} into ${survivor.number} ` +
    `(${describeSurvivorReason(survivor, second)}): users, invoices, certificates, applications, ` +
    `e-mails and association links move to ${survivor.number}, its empty fields are filled ` +
    `from the other, and the merged ${others.length === 1 ? 'record is' : 'records are'} deleted.`;
  return { key, members: sorted, proposedSurvivorMid: survivor.mid, proposal };
}

/** A page of duplicate groups, each with its members, their related records and a survivor. */
export async function findDuplicates(
  db: Db,
  query: TMemberFixFindingsQuery,
  source: DuplicateSource,
): Promise<MemberFixFindings<DuplicateCheck>> {
  const groups = await source.readGroups(db, query);
  const first = groups[0];
  if (!first) {
    const count = query.offset === 0 ? 0 : await source.count(db);
    return { count, findings: [] };
  }
  const rows = await source.readMembers(
    db,
    groups.map((group) => group.key),
  );
  const related = await relatedCounts(
    db,
    rows.map((row) => row.mid),
  );
  const findings = groups.flatMap((group) => {
    const members = rows
      .filter((row) => row.key === group.key && source.isInGroup(row, group))
      .map((row) => ({ ...toFixMember(row), related: related.get(row.mid) ?? noRelatedRecords }));
    if (members.length < 2) return []; // changed between the two reads
    return [toDuplicateFinding(source.label(group), members)];
  });
  return { count: first.total, findings };
}

const ZMergePair = ZMergeMembersRequest.omit({ check: true });

/** The repair of a duplicate check: one member of a group merged into the survivor chosen. */
export function mergeRepair(check: DuplicateCheck): MemberFixRepair<typeof ZMergePair> {
  return {
    summary: `${memberFixCheckInfo[check].title}: merge one member of a group into the survivor the person chose`,
    body: ZMergePair,
    run: (db, actor, input) => mergeMembers(db, actor, { ...input, check }),
  };
}

/**
 * A duplicate check over live members sharing a key (a function of migration 0008 over a member
 * column), read by its index: the two checks differ only by the key, whether the country is part
 * of the group (`byCountry`) and how a group is labelled. `key` and `hasKey` take the members
 * table's alias with its dot (`m.`), or nothing; the repair is the merge.
 */
export function keyedDuplicateCheck<C extends DuplicateCheck>(
  check: C,
  spec: {
    key: (prefix: string) => string;
    /** That a member has a key at all (the index's condition). */
    hasKey: (prefix: string) => string;
    byCountry: boolean;
    label: (group: DuplicateGroup) => string;
  },
): MemberFixCheckOperations<C> {
  const key = sql.raw(spec.key(''));
  const memberKey = sql.raw(spec.key('m.'));
  const live = sql.raw(`deleted_at IS NULL AND ${spec.hasKey('')}`);
  const groupBy = spec.byCountry ? sql`${key}, country_iso2` : key;
  const count = (db: Db) =>
    countRows(
      db,
      sql<{ count: number }>`
      SELECT count(*)::int AS count FROM (
        SELECT 1 FROM members WHERE ${live} GROUP BY ${groupBy} HAVING count(*) > 1) groups`,
    );
  const source: DuplicateSource = {
    count,
    async readGroups(db, query) {
      const { rows } = await sql<DuplicateGroup>`
        SELECT ${key} AS key, ${spec.byCountry ? sql`country_iso2` : sql`NULL`} AS country_iso2,
               count(*) OVER ()::int AS total
          FROM members
         WHERE ${live}
         GROUP BY ${groupBy}
        HAVING count(*) > 1
         ORDER BY ${groupBy}
         LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db);
      return rows;
    },
    async readMembers(db, keys) {
      const { rows } = await sql<FixMemberRow & { key: string }>`
        SELECT ${fixMemberColumns}, ${memberKey} AS key
          FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
         WHERE m.deleted_at IS NULL AND ${sql.raw(spec.hasKey('m.'))}
           AND ${memberKey} = ANY(${keys}::text[])
         ORDER BY m.number`.execute(db);
      return rows;
    },
    // A group without a country (the VAT check's) holds every member with the key.
    isInGroup: (row, group) => !spec.byCountry || row.country_iso2 === group.country_iso2,
    label: spec.label,
  };
  return {
    count,
    // Both checks' pages carry the same findings (TDuplicateFinding).
    find: (db, query) => findDuplicates(db, query, source) as Promise<MemberFixFindings<C>>,
    repair: mergeRepair(check),
  };
}
