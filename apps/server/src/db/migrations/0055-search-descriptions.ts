import {
  applicationStatusLabels,
  invoiceKindLabels,
  invoiceStatusLabels,
  memberStatusLabels,
} from '@ops/contract/labels';
import { sql, type Kysely } from 'kysely';

/** A stored code as the console's words (`labels.ts`), in SQL: CASE … END. */
function wordsOf(column: string, labels: Record<string, string>): string {
  const cases = Object.entries(labels)
    .map(([code, words]) => `WHEN '${code}' THEN '${words.replace(/'/g, "''")}'`)
    .join(' ');
  return `(CASE ${column} ${cases} ELSE ${column} END)`;
}

/**
 * Issue 32: the search palette's descriptions in the console's words and its one money format.
 * They read "membership 2026 · 950.00 CHF · issued" and "Member M-000148 · Switzerland · pending
 * payment" beside screens that say "Membership 2026", "CHF 950.00", "Issued", "Pending payment".
 * The words come from the contract's labels. Documents are rewritten as their records change;
 * `npm run ops -- search reindex` rewrites them all at once (a fresh start's seed writes them anew).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE OR REPLACE FUNCTION search_sources(doc_type text, ids text[]) RETURNS SETOF search_source
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF doc_type = 'member' THEN
    RETURN QUERY
    SELECT 'member', m.mid, m.legal_name,
           concat_ws(' · ', 'Member ' || m.number, c.name, ${wordsOf('m.status', memberStatusLabels)}),
           array_remove(ARRAY[m.mid, search_compact(m.number), search_normalize(btrim(m.email)),
                              search_compact(m.vat_number)], NULL),
           concat_ws(' ', m.trade_name, m.city, m.email, m.vat_number, m.category)
      FROM members m LEFT JOIN countries c ON c.iso2 = m.country_iso2
     WHERE m.mid = ANY(ids) AND m.deleted_at IS NULL;
  ELSIF doc_type = 'profile' THEN
    RETURN QUERY
    SELECT 'profile', u.uid, nullif(btrim(u.display_name), ''),
           concat_ws(' · ', u.email, m.legal_name),
           ARRAY[search_normalize(u.email), u.uid],
           m.number
      FROM users u LEFT JOIN members m ON m.mid = u.member_mid
     WHERE u.uid = ANY(ids) AND u.deleted_at IS NULL;
  ELSIF doc_type = 'application' THEN
    RETURN QUERY
    SELECT 'application', a.aid, a.legal_name,
           concat_ws(' · ', 'Application ' || a.number, c.name, ${wordsOf('a.status', applicationStatusLabels)}),
           array_remove(ARRAY[a.aid, search_compact(a.number),
                              search_compact(a.company ->> 'vatNumber')], NULL),
           concat_ws(' ', a.company ->> 'tradeName', a.address ->> 'city',
                     a.contacts -> 0 ->> 'name', a.contacts -> 0 ->> 'email')
      FROM applications a LEFT JOIN countries c ON c.iso2 = a.country_iso2
     WHERE a.aid = ANY(ids) AND a.deleted_at IS NULL;
  ELSIF doc_type = 'invoice' THEN
    RETURN QUERY
    SELECT 'invoice', i.iid, i.number,
           concat_ws(' · ', coalesce(m.legal_name, 'No member'),
                     ${wordsOf('i.kind', invoiceKindLabels)} || ' ' || i.year,
                     btrim(i.currency) || ' ' || to_char(i.total_minor / 100.0, 'FM999,999,999,990.00'),
                     ${wordsOf('i.status', invoiceStatusLabels)}),
           array_remove(ARRAY[i.iid, search_compact(i.number),
                              search_compact(i.payment_reference)], NULL),
           concat_ws(' ', m.number, i.payment_reference)
      FROM invoices i LEFT JOIN members m ON m.mid = i.member_mid
     WHERE i.iid = ANY(ids);
  ELSE
    RAISE EXCEPTION 'unknown search document type %', doc_type;
  END IF;
END
$$;
`,
    )
    .execute(db);
}

/**
 * Nothing to undo: the function keeps its signature and the documents read either wording, so
 * a rollback past this migration leaves the new descriptions in place.
 */
export async function down(): Promise<void> {}
