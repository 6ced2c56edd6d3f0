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
 * Duplicates by VAT number: live members with the same VAT/UID number once spaces, dots, dashes
 * and the Swiss MWST/TVA/IVA suffix are ignored (`member_vat_key`, migration 0008). The repair
 * merges one into the other.
 */

function countDuplicateVats(db: Db): Promise<number> {
  return countRows(
    db,
    sql<{ count: number }>`
    SELECT count(*)::int AS count FROM (
      SELECT 1 FROM members
       WHERE deleted_at IS NULL AND vat_number IS NOT NULL
         AND member_vat_key(vat_number) IS NOT NULL
       GROUP BY member_vat_key(vat_number)
      HAVING count(*) > 1) groups`,
  );
}

const byVatNumber: DuplicateSource = {
  count: countDuplicateVats,
  async readGroups(db, query) {
    const { rows } = await sql<DuplicateGroup>`
      SELECT member_vat_key(vat_number) AS key, NULL AS country_iso2,
             count(*) OVER ()::int AS total
        FROM members
       WHERE deleted_at IS NULL AND vat_number IS NOT NULL
         AND member_vat_key(vat_number) IS NOT NULL
       GROUP BY member_vat_key(vat_number)
      HAVING count(*) > 1
       ORDER BY member_vat_key(vat_number)
       LIMIT ${query.limit} OFFSET ${query.offset}`.execute(db);
    return rows;
  },
  async readMembers(db, keys) {
    const { rows } = await sql<FixMemberRow & { key: string }>`
      SELECT ${fixMemberColumns}, member_vat_key(m.vat_number) AS key
        FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
       WHERE m.deleted_at IS NULL AND member_vat_key(m.vat_number) IS NOT NULL
         AND member_vat_key(m.vat_number) = ANY(${keys}::text[])
       ORDER BY m.number`.execute(db);
    return rows;
  },
  // A VAT group spans countries (it has none): every member with the key belongs to it.
  isInGroup: () => true,
  label: (group) => group.key,
};

export const duplicateVat: MemberFixCheckOperations<'duplicate-vat'> = {
  count: countDuplicateVats,
  find: (db, query) => findDuplicates(db, query, byVatNumber),
  repair: mergeRepair('duplicate-vat'),
};
