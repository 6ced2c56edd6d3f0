import { auditReasonKey } from '@ops/contract';
import type { TBulkUndoResult } from '@ops/contract/bulk-edit';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { recordAudits, type Actor } from '../db/audit';
import type { Database } from '../db/schema';
import { undoOutcome } from './conflicts';

/**
 * An e-mail's fingerprint as a bulk retry leaves it and its undo compares it: the state, the
 * attempt budget and every delivery attempt ever made (e-mails carry no version). Any attempt
 * of the worker since, even one that failed and waits again, changes it.
 */
export function emailFingerprint(email: string): RawBuilder<string> {
  const column = (name: string) => sql.ref(`${email}.${name}`);
  return sql<string>`${column('state')} || ':' || ${column('attempts')} || ':' || ${column('delivery_count')}`;
}

/**
 * Undoes a bulk retry: the e-mails still waiting in RETRY exactly as the retry left them go back
 * to ERROR with their attempts, error and due time as they were, one audit entry each. Those the
 * worker has taken since (being sent, sent, failed again) are skipped and named: an e-mail that
 * left cannot be called back.
 */
export async function restoreEmails(
  trx: Transaction<Database>,
  actor: Actor,
  operationId: string,
  reason: string,
): Promise<TBulkUndoResult> {
  const { rows: restored } = await sql<{
    id: string;
    before_state: string;
    before_attempts: number;
    state: string;
    attempts: number;
    error: string | null;
  }>`
    WITH target AS (
      SELECT e.eid, e.state, e.attempts, jsonb_populate_record(NULL::emails, r.before) AS was
        FROM bulk_operation_rows r JOIN emails e ON e.eid = r.record_id
       WHERE r.operation_id = ${operationId} AND ${emailFingerprint('e')} = r.fingerprint
         FOR UPDATE OF e)
    UPDATE emails e
       SET state = (x.was).state, attempts = (x.was).attempts, error = (x.was).error,
           next_attempt_at = (x.was).next_attempt_at,
           lease_expires_at = NULL, lease_token = NULL, updated_at = now()
      FROM target x
     WHERE e.eid = x.eid
    RETURNING e.eid AS id, x.state AS before_state, x.attempts AS before_attempts,
              e.state, e.attempts, e.error
  `.execute(trx);
  await recordAudits(
    trx,
    actor,
    restored.map((row) => ({
      table: 'emails',
      recordId: row.id,
      action: 'undo',
      before: { state: row.before_state, attempts: row.before_attempts },
      after: {
        state: row.state,
        attempts: row.attempts,
        error: row.error,
        [auditReasonKey]: reason,
      },
    })),
  );
  return undoOutcome(
    trx,
    operationId,
    restored.map((row) => row.id),
    {
      joins: sql`LEFT JOIN emails e ON e.eid = r.record_id`,
      label: sql`CASE WHEN e.eid IS NULL THEN 'E-mail ' || r.record_id || ' (deleted)'
                ELSE 'E-mail "' || e.subject || '" to ' || array_to_string(e.to_addresses, ', ')
                     || CASE e.state WHEN 'SUCCESS' THEN ' (already sent)'
                                     WHEN 'PROCESSING' THEN ' (being sent)'
                                     WHEN 'ERROR' THEN ' (failed again)'
                                     ELSE ' (tried again)' END END`,
      changedBy: sql`'the delivery worker'`,
      changedAt: sql`coalesce(e.updated_at, now())`,
    },
  );
}
