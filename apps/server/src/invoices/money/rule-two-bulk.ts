import { auditReasonKey } from '@ops/contract';
import { sql, type Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import { versionBump } from '../../db/records';
import type { Database } from '../../db/schema';
import { todayAtHeadquarters } from '../../lib/dates';

type Trx = Transaction<Database>;

/** A membership year paid whose certificate is still to issue. */
export type CertificateDue = { memberMid: string; year: number };

/**
 * Rule 2's member side for many membership invoices that just became paid, set-based (one
 * UPDATE of the members and one audit entry each), as `applyMembershipPayment` writes it invoice
 * by invoice: pending payment, overdue or suspended members become active unless another
 * membership invoice of theirs is still past due; the paid-through year moves up. The
 * certificates (a PDF and an e-mail each) are returned, to be issued after the commit.
 */
export async function applyRuleTwoToMembersIn(
  trx: Trx,
  actor: Actor,
  paid: readonly { number: string; memberMid: string; year: number }[],
  /** Said after "Invoice … paid" in the members' audit entries ("CSV upload 2026-01.csv"). */
  reason?: string,
): Promise<{ certificatesDue: CertificateDue[]; membersUpdated: number }> {
  if (paid.length === 0) return { certificatesDue: [], membersUpdated: 0 };
  const today = todayAtHeadquarters();
  const { rows } = await sql<{ members: number }>`
    WITH paid AS (
      SELECT p.member_mid, max(p.year) AS year,
             string_agg(p.number, ', ' ORDER BY p.number) AS numbers
        FROM unnest(${paid.map((p) => p.memberMid)}::text[], ${paid.map((p) => p.year)}::int[],
                    ${paid.map((p) => p.number)}::text[]) AS p(member_mid, year, number)
       GROUP BY p.member_mid
    ), target AS (
      SELECT m.mid, m.status, m.paid_through_year, m.version, p.numbers,
             m.status IN ('pending-payment', 'overdue', 'suspended') AND NOT EXISTS (
               SELECT 1 FROM invoices o
                WHERE o.member_mid = m.mid AND o.kind = 'membership' AND o.status = 'issued'
                  AND o.due_date < ${today}::date) AS becomes_active,
             greatest(coalesce(m.paid_through_year, 0), p.year) AS paid_through
        FROM members m JOIN paid p ON p.member_mid = m.mid
       WHERE m.deleted_at IS NULL
       ORDER BY m.mid
         FOR UPDATE OF m
    ), changed AS (
      UPDATE members m
         SET status = CASE WHEN t.becomes_active THEN 'active' ELSE m.status END,
             paid_through_year = t.paid_through, ${versionBump('m', actor)}
        FROM target t
       WHERE m.mid = t.mid
         AND (t.becomes_active OR t.paid_through IS DISTINCT FROM t.paid_through_year)
      RETURNING m.mid, m.status, m.paid_through_year, m.version, t.becomes_active, t.numbers,
                t.status AS status_before, t.paid_through_year AS year_before,
                t.version AS version_before
    ), audited AS (
      INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
      SELECT ${actor.uid}, ${actor.kind}, 'members', c.mid,
             CASE WHEN c.becomes_active THEN 'status' ELSE 'update' END,
             jsonb_build_object('status', c.status_before, 'paid_through_year', c.year_before,
                                'version', c.version_before),
             jsonb_build_object('status', c.status, 'paid_through_year', c.paid_through_year,
                                'version', c.version,
                                ${auditReasonKey}::text,
                                'Invoice ' || c.numbers || ' paid' || ${reason ? ` (${reason})` : ''}::text)
        FROM changed c
    )
    SELECT (SELECT count(*) FROM changed)::int AS members`.execute(trx);

  // The certificate of each paid year that has not ended, for members in good standing without
  // one (read after the update above, in this transaction).
  const currentYear = Number(today.slice(0, 4));
  const due = await sql<{ member_mid: string; year: number }>`
    SELECT DISTINCT p.member_mid, p.year
      FROM unnest(${paid.map((p) => p.memberMid)}::text[], ${paid.map((p) => p.year)}::int[])
             AS p(member_mid, year)
      JOIN members m ON m.mid = p.member_mid
     WHERE p.year >= ${currentYear} AND m.deleted_at IS NULL
       AND m.status IN ('active', 'overdue')
       AND NOT EXISTS (SELECT 1 FROM certificates c
                        WHERE c.member_mid = p.member_mid AND c.type = 'membership'
                          AND c.year = p.year AND c.status = 'issued')
     ORDER BY p.member_mid, p.year`.execute(trx);
  return {
    certificatesDue: due.rows.map((row) => ({ memberMid: row.member_mid, year: row.year })),
    membersUpdated: rows[0]?.members ?? 0,
  };
}
