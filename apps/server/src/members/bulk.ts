import {
  auditReasonKey,
  memberStatusTransitions,
  ZMembersListQuery,
  type TListSelection,
  type TMemberStatus,
  type TMembersBulkStatusRequest,
  type TMembersBulkStatusResult,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../audit/record';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import {
  manyChangedRows,
  refreshStatistics,
  type StatisticsLog,
} from '../lists/refresh-statistics';
import { AppError } from '../errors';
import { matchingRows, type AnySelect } from '../lists/run-list';
import { todayAtHeadquarters } from '../lib/dates';
import { membersList } from './list';

function badSelection(message: string): AppError {
  return new AppError('invalid-argument', `body.selection.listParams: ${message}`, {
    issues: [{ path: 'body.selection.listParams', rule: 'invalid_value', message }],
  });
}

/**
 * The members a selection names: the ids picked on screen, or every member the list's view
 * shows (its filters and search, read with the list's own schema and rules).
 */
export function selectedMembers(db: Kysely<Database>, selection: TListSelection): AnySelect {
  if (selection.kind === 'ids') {
    return membersList.from(db).where('m.mid', '=', sql<string>`ANY(${selection.ids}::text[])`);
  }
  const params = Object.fromEntries(new URLSearchParams(selection.listParams));
  const parsed = ZMembersListQuery.omit({ cursor: true, limit: true }).safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badSelection(`${issue?.path.join('.') ?? 'view'}: ${issue?.message ?? 'not a view'}`);
  }
  return matchingRows(db, membersList, parsed.data);
}

/** The statuses a member may leave for `target` (the life cycle, read backwards). */
function statusesLeadingTo(target: TMemberStatus): TMemberStatus[] {
  return (Object.entries(memberStatusTransitions) as [TMemberStatus, readonly TMemberStatus[]][])
    .filter(([, next]) => next.includes(target))
    .map(([from]) => from);
}

/**
 * Moves every selected member that may take the status (life cycle; honorary members are never
 * overdue) in one statement, with one audit entry each carrying the reason; the others are
 * counted as skipped. All or nothing: one transaction.
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
    const { rows } = await sql<{ selected: string; changed: string }>`
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
               version = m.version + 1,
               updated_at = now(),
               updated_by = ${actor.uid ?? actor.kind}
          FROM target t
         WHERE m.mid = t.mid
        RETURNING m.*
      ),
      audited AS (
        INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
        SELECT ${actor.uid}, ${actor.kind}, 'members', u.mid, 'status', to_jsonb(t),
               to_jsonb(u) || jsonb_build_object(${auditReasonKey}::text, ${request.reason}::text)
          FROM updated u JOIN target t ON t.mid = u.mid
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM selected) AS selected, (SELECT count(*) FROM audited) AS changed
    `.execute(trx);
    const counts = rows[0] ?? { selected: '0', changed: '0' };
    const changed = Number(counts.changed);
    return { changed, skipped: Number(counts.selected) - changed };
  });
  // Thousands of members moved from one status to another: the status filters' estimates follow.
  if (result.changed >= manyChangedRows) await refreshStatistics(db, ['members'], log);
  return result;
}
