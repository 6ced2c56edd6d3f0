import { sql } from 'kysely';
import type { MemberFixCheckOperations } from './check-operations';
import {
  findDuplicates,
  mergeRepair,
  type DuplicateGroup,
  type DuplicateSource,
} from './duplicates';
import { countRows, fixMemberColumns, type Db, type FixMemberRow } from './fix-member';

/**
 * Duplicates by name and country: live members whose legal names are the same once case,
 * accents, spaces and punctuation are ignored (`member_name_key`, migration 0008), in the same
 * country. The repair merges one into the other.
 */

function countDuplicateNames(db: Db): Promise<number> {
  return countRows(
    db,
    sql<{ count: number }>`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM members
       WHERE deleted_at IS NULL AND member_name_key(legal_name) IS NOT NULL
       GROUP BY member_name_key(legal_name), country_iso2
      HAVING count(*) > 1) groups`,
  );
}

const byNameAndCountry: DuplicateSource = {
  count: countDuplicateNames,
  async readGroups(db, query) {
    const { rows } = await sql<DuplicateGroup>`
      SELECT member_name_key(legal_name) AS key, country_iso2, count(*) OVER ()::int AS total
        FROM members
       WHERE deleted_at IS NULL AND member_name_key(legal_name) IS NOT NULL
       GROUP BY member_name_key(legal_name), country_iso2
      HAVING count(*) > 1
       ORDER BY member_name_key(legal_name), country_iso2
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db);
    return rows;
  },
  async readMembers(db, keys) {
    const { rows } = await sql<FixMemberRow & { key: string }>`
      SELECT ${fixMemberColumns}, member_name_key(m.legal_name) AS key
        FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
       WHERE m.deleted_at IS NULL AND member_name_key(m.legal_name) = ANY(${keys}::text[])
       ORDER BY m.number`.execute(db);
    return rows;
  },
  isInGroup: (row, group) => row.country_iso2 === group.country_iso2,
  label: (group) => `${group.key} · ${group.country_iso2 ?? 'no country'}`,
};

export const duplicateName: MemberFixCheckOperations<'duplicate-name'> = {
  count: countDuplicateNames,
  find: (db, query) => findDuplicates(db, query, byNameAndCountry),
  repair: mergeRepair('duplicate-name'),
};
