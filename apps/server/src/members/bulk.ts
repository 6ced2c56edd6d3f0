import {
  auditReasonKey,
  memberStatusTransitions,
  type TMemberStatus,
  type TMembersBulkStatusRequest,
  type TMembersBulkStatusResult,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { recordAudits, type Actor } from '../db/audit';
import { versionBump } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { manyChangedRows, refreshStatistics, type StatisticsLog } from '../lists';
import { recordBulkOperation } from '../bulk-edit';
import { todayAtHeadquarters } from '../lib/dates';
import { selectedMembers } from './selected-members';

/** The statuses a member may leave for `target` (the life cycle, read backwards). */
function statusesLeadingTo(target: TMemberStatus): TMemberStatus[] {
  return (Object.entries(memberStatusTransitions) as [TMemberStatus, readonly TMemberStatus[]][])
    .filter(([, next]) => next.includes(target))
    .map(([from]) => from);
}

/**
 * Moves every selected member that may take the status (life cycle; honorary members are never
 * overdue) in one statement, with one audit entry each carrying the reason (one insert); the
 * others are counted as skipped. All or nothing: one transaction, which also records what moved
 * for the undo (`bulk-edit/`).
 */
export async function changeMembersStatus(
  db: Kysely<Database>,
  actor: Actor,
  request: TMembersBulkStatusRequest,
  log?: StatisticsLog,
): Promise<TMembersBulkStatusResult> {
  const from = statusesLeadingTo(request.status);
  const result = await writeTransaction(db, async (trx) => {
    const selected = selectedMembers(trx, request.selection).select('m.mid');
    const { rows } = await sql<{
      selected: string;
      mid: string | null;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }>`
      WITH selected AS (${selected}),
      target AS (
        SELECT m.* FROM members m
         WHERE m.mid IN (SELECT mid FROM selected)
           AND m.status = ANY(${from}::text[])
           AND NOT (m.category = 'honorary' AND ${request.status} = 'overdue')
           FOR UPDATE
      ),
      updated AS (
        UPDATE members m
           SET status = ${request.status},
               joined_on = CASE WHEN ${request.status} = 'active'
                                THEN coalesce(m.joined_on, ${todayAtHeadquarters()}::date)
                                ELSE m.joined_on END,
               ${versionBump('m', actor)}
          FROM target t
         WHERE m.mid = t.mid
        RETURNING m.mid, to_jsonb(t) AS before, to_jsonb(m) AS after
      )
      -- One row even when nothing moved, so the count of the selection always comes back.
      SELECT (SELECT count(*) FROM selected) AS selected, u.mid, u.before, u.after
        FROM (SELECT 1) AS one LEFT JOIN updated u ON true
    `.execute(trx);
    const changed = rows.filter((row) => row.mid !== null);
    await recordAudits(
      trx,
      actor,
      changed.map((row) => ({
        table: 'members',
        recordId: row.mid as string,
        action: 'status',
        before: row.before,
        after: { ...row.after, [auditReasonKey]: request.reason },
      })),
    );
    // Undo (issue 19) gives back the status, and the join day where the move set it.
    const undo = await recordBulkOperation(trx, actor, {
      table: 'members',
      action: 'status',
      rows: changed.map((row) => {
        const before = row.before as Record<string, unknown>;
        const after = row.after as Record<string, unknown>;
        return {
          recordId: row.mid as string,
          before: {
            status: before.status,
            ...(before.joined_on !== after.joined_on ? { joined_on: before.joined_on } : {}),
          },
          versionAfter: Number(after.version),
        };
      }),
    });
    return {
      changed: changed.length,
      skipped: Number(rows[0]?.selected ?? 0) - changed.length,
      undo,
    };
  });
  // Thousands of members moved from one status to another: the status filters' estimates follow.
  if (result.changed >= manyChangedRows) await refreshStatistics(db, ['members'], log);
  return result;
}
