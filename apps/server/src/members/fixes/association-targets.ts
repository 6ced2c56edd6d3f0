import type { TAssociationLinkFinding } from '@ops/contract';
import { memberStatusLabels } from '@ops/contract/labels';
import { sql } from 'kysely';
import type { MemberCategory, MemberStatus } from '../../db/schema';
import { countRows, endedStatuses, type Db, type Trx } from './fix-member';

/**
 * What a national-association link may point to (a live association member: category
 * association, not deleted, membership not ended), and the links that point elsewhere, shared by
 * the association-link check's count, findings and repair.
 */

/** A member as a link names it. */
export type AssociationRow = {
  mid: string;
  number: string;
  legal_name: string;
  category: MemberCategory;
  status: MemberStatus;
  deleted_at: Date | null;
  country_iso2: string | null;
};

/** The columns of `AssociationRow`, for Kysely selects. */
export const associationColumns = [
  'mid',
  'number',
  'legal_name',
  'category',
  'status',
  'deleted_at',
  'country_iso2',
] as const;

export function toAssociationRef(row: AssociationRow) {
  return {
    mid: row.mid,
    number: row.number,
    legalName: row.legal_name,
    category: row.category,
    status: row.status,
    isDeleted: row.deleted_at !== null,
  };
}

export function isLiveAssociation(row: Pick<AssociationRow, 'category' | 'status' | 'deleted_at'>) {
  return (
    row.category === 'association' && row.deleted_at === null && !endedStatuses.includes(row.status)
  );
}

/** `isLiveAssociation` negated, in SQL over the members aliased `alias`. */
export function isNotLiveAssociation(alias: ReturnType<typeof sql.ref>) {
  return sql<boolean>`NOT (${alias}.category = 'association' AND ${alias}.deleted_at IS NULL
                           AND ${alias}.status NOT IN ('terminated', 'resigned'))`;
}

export function associationProblem(row: AssociationRow): TAssociationLinkFinding['problem'] {
  if (row.deleted_at !== null) return 'deleted';
  if (row.category !== 'association') return 'not-an-association';
  return 'ended';
}

export function describeAssociationProblem(row: AssociationRow): string {
  const who = `${row.number} ${row.legal_name}`;
  switch (associationProblem(row)) {
    case 'deleted':
      return `${who} is deleted`;
    case 'not-an-association':
      return `${who} is a${row.category === 'individual' ? 'n' : ''} ${row.category} member, not an association`;
    case 'ended':
      return `${who}'s membership is ${memberStatusLabels[row.status].toLowerCase()}`;
  }
}

/**
 * The members that links point to but that are not live associations. Few members are link
 * targets (about one association per country), so the distinct targets are walked through the
 * index one by one (a loose index scan) rather than reading every linked member.
 */
export async function findBadAssociationTargets(db: Db | Trx): Promise<string[]> {
  const { rows } = await sql<{ mid: string }>`
    WITH RECURSIVE targets(mid) AS (
      (SELECT national_association_mid FROM members
        WHERE deleted_at IS NULL AND national_association_mid IS NOT NULL
        ORDER BY national_association_mid LIMIT 1)
      UNION ALL
      SELECT (SELECT m.national_association_mid FROM members m
               WHERE m.deleted_at IS NULL AND m.national_association_mid IS NOT NULL
                 AND m.national_association_mid > t.mid
               ORDER BY m.national_association_mid LIMIT 1)
        FROM targets t WHERE t.mid IS NOT NULL
    )
    SELECT a.mid FROM targets t JOIN members a ON a.mid = t.mid
     WHERE ${isNotLiveAssociation(sql.ref('a'))}`.execute(db);
  return rows.map((row) => row.mid);
}

/** Live members whose link points to one of `targets` (the bad targets). */
export async function countBadMemberLinks(db: Db, targets: string[]): Promise<number> {
  if (targets.length === 0) return 0;
  return countRows(
    db,
    sql<{ count: number }>`
    SELECT count(*)::int AS count FROM members
     WHERE deleted_at IS NULL AND national_association_mid IS NOT NULL
       AND national_association_mid = ANY(${targets}::text[])`,
  );
}

export function countBadCountryLinks(db: Db): Promise<number> {
  return countRows(
    db,
    sql<{ count: number }>`
    SELECT count(*)::int AS count FROM countries co
      JOIN members a ON a.mid = co.national_association_mid
     WHERE ${isNotLiveAssociation(sql.ref('a'))}`,
  );
}
