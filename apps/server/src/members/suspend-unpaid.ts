import { auditReasonKey } from '@ops/contract';
import { sql, type Transaction } from 'kysely';
import { recordAudits, type Actor } from '../db/audit';
import { versionBump } from '../db/records';
import type { Database } from '../db/schema';

/**
 * The dunning run's suspension level (issue 17): each member becomes `suspended` with the reason
 * "unpaid invoice {number}", audited exactly as an operator's suspension (`changeMemberStatus`:
 * action `status`, the whole row before and after, the reason under `_reason`), in the caller's
 * transaction and in one statement for a batch. Members already suspended or whose membership
 * ended (terminated, resigned) are left alone; an active member 90 days late is suspended
 * without passing through "overdue" first, which an operator rarely sets by hand. Returns the
 * members suspended.
 */
export async function suspendMembersForUnpaidInvoices(
  trx: Transaction<Database>,
  actor: Actor,
  suspensions: readonly { mid: string; invoiceNumber: string }[],
): Promise<string[]> {
  if (suspensions.length === 0) return [];
  // One reason per member: the first of its invoices in this batch.
  const byMember = new Map<string, string>();
  for (const suspension of suspensions) {
    if (!byMember.has(suspension.mid)) byMember.set(suspension.mid, suspension.invoiceNumber);
  }
  const mids = [...byMember.keys()].sort();
  const { rows } = await sql<{
    mid: string;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  }>`
    WITH target AS (
      SELECT m.* FROM members m
       WHERE m.mid = ANY(${mids}::text[]) AND m.deleted_at IS NULL
         AND m.status IN ('pending-payment', 'active', 'overdue')
       ORDER BY m.mid
         FOR UPDATE
    )
    UPDATE members m SET status = 'suspended', ${versionBump('m', actor)}
      FROM target t
     WHERE m.mid = t.mid
    RETURNING m.mid, to_jsonb(t) AS before, to_jsonb(m) AS after
  `.execute(trx);
  await recordAudits(
    trx,
    actor,
    rows.map((row) => ({
      table: 'members',
      recordId: row.mid,
      action: 'status',
      before: row.before,
      after: { ...row.after, [auditReasonKey]: `unpaid invoice ${byMember.get(row.mid) ?? ''}` },
    })),
  );
  return rows.map((row) => row.mid);
}
