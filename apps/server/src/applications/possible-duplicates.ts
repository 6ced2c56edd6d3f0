import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * An application is a possible duplicate of a member, or of another application still open,
 * whose company has the same VAT number or the same legal name in the same country, by the keys
 * the member fixes find duplicate members with (`member_vat_key`, `member_name_key`, migration
 * 0008; the applications' indexes of them are migration 0059). Staff see the flag; nothing is refused on it. A decided application is no longer
 * flagged (its own member is no duplicate), and drafts are nobody's business but the applicant's.
 */
const sameCompany = (other: 'm' | 'o', vatColumn: string) => sql`(
  (member_vat_key(${sql.raw(vatColumn)}) = member_vat_key(a.company->>'vatNumber'))
  OR (member_name_key(${sql.ref(`${other}.legal_name`)}) = member_name_key(a.legal_name)
      AND ${sql.ref(`${other}.country_iso2`)} = a.country_iso2)
)`;

const undecided = sql`('approved', 'rejected', 'endorsement-declined', 'withdrawn', 'draft')`;

/**
 * The matches' numbers for a row aliased `a`, unordered and possibly repeated (a member with the
 * same VAT number and the same name): `tidyDuplicateNumbers` orders them. One arm per index, no
 * ORDER BY and no OR, so each arm is an index lookup and the page's plan has no sort.
 */
export const possibleDuplicateNumbers = sql<string[]>`(
  SELECT coalesce(jsonb_agg(d.number), '[]'::jsonb) FROM (
    (SELECT m.number FROM members m
      WHERE m.deleted_at IS NULL AND a.status NOT IN ${undecided}
        AND member_vat_key(m.vat_number) = member_vat_key(a.company->>'vatNumber') LIMIT 5)
    UNION ALL
    (SELECT m.number FROM members m
      WHERE m.deleted_at IS NULL AND a.status NOT IN ${undecided}
        AND member_name_key(m.legal_name) = member_name_key(a.legal_name)
        AND m.country_iso2 = a.country_iso2 LIMIT 5)
    UNION ALL
    (SELECT o.number FROM applications o
      WHERE o.deleted_at IS NULL AND o.aid <> a.aid AND o.status NOT IN ${undecided}
        AND a.status NOT IN ${undecided}
        AND member_vat_key(o.company->>'vatNumber') = member_vat_key(a.company->>'vatNumber')
      LIMIT 5)
    UNION ALL
    (SELECT o.number FROM applications o
      WHERE o.deleted_at IS NULL AND o.aid <> a.aid AND o.status NOT IN ${undecided}
        AND a.status NOT IN ${undecided}
        AND member_name_key(o.legal_name) = member_name_key(a.legal_name)
        AND o.country_iso2 = a.country_iso2 LIMIT 5)
  ) d
)`;

/** Members (M-…) before applications (A-…), each once, in number order. */
export function tidyDuplicateNumbers(numbers: string[]): string[] {
  const isMember = (number: string) => (number.startsWith('M-') ? 0 : 1);
  return [...new Set(numbers)].sort(
    (a, b) => isMember(a) - isMember(b) || a.localeCompare(b, 'en'),
  );
}

/** An application's possible duplicates, with why each matched, for its detail. */
export async function possibleDuplicatesOf(db: Kysely<Database>, aid: string) {
  const result = await sql<{
    kind: 'member' | 'application';
    id: string;
    number: string;
    legal_name: string;
    same_vat: boolean;
  }>`
    SELECT 'member' AS kind, m.mid AS id, m.number, m.legal_name,
           coalesce(member_vat_key(m.vat_number) = member_vat_key(a.company->>'vatNumber'), false)
             AS same_vat
      FROM applications a JOIN members m ON m.deleted_at IS NULL AND ${sameCompany('m', 'm.vat_number')}
     WHERE a.aid = ${aid} AND a.status NOT IN ${undecided}
    UNION ALL
    SELECT 'application', o.aid, o.number, o.legal_name,
           coalesce(member_vat_key(o.company->>'vatNumber') = member_vat_key(a.company->>'vatNumber'), false)
      FROM applications a JOIN applications o
        ON o.deleted_at IS NULL AND o.aid <> a.aid AND o.status NOT IN ${undecided}
       AND ${sameCompany('o', "o.company->>'vatNumber'")}
     WHERE a.aid = ${aid} AND a.status NOT IN ${undecided}
     ORDER BY 1 DESC, 3
     LIMIT 10
  `.execute(db);
  return result.rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    number: row.number,
    legalName: row.legal_name,
    reason: row.same_vat ? ('vat' as const) : ('name' as const),
  }));
}
