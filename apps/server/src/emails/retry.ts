import {
  ZEmailsListQuery,
  type TEmailRetryResult,
  type TEmailsBulkRetryRequest,
  type TEmailsBulkRetryResult,
  type TListSelection,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { emailFingerprint, recordBulkOperation, type BulkOperationRow } from '../bulk-edit';
import { recordAudit, type Actor } from '../db/audit';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError, badInput } from '../errors';
import { matchingRows, parseSelectionView, type AnySelect } from '../lists';
import { emailsList } from './list';
import { outboxChannel } from './outbox';
import { machineTime } from '../lib/clock';

/**
 * An operator's retry of a failed e-mail (domain: ERROR → RETRY, which the worker takes back to
 * PROCESSING): a fresh attempt budget, due now, audited, and the workers woken (NOTIFY, sent at
 * commit). Only a failed e-mail can be retried: one waiting or sent already is a 400.
 */
export async function retryEmail(
  db: Kysely<Database>,
  actor: Actor,
  eid: string,
): Promise<TEmailRetryResult> {
  return writeTransaction(db, async (trx) => {
    const email = await trx
      .selectFrom('emails')
      .select(['eid', 'state', 'attempts', 'error', 'subject'])
      .where('eid', '=', eid)
      .forUpdate()
      .executeTakeFirst();
    if (!email) throw new AppError('not-found', `There is no e-mail ${eid}.`);
    if (email.state !== 'ERROR') {
      throw badInput(
        'state',
        'transition',
        `E-mail "${email.subject}" is ${email.state}; only a failed e-mail (ERROR) can be retried.`,
      );
    }
    await trx
      .updateTable('emails')
      .set({
        state: 'RETRY',
        attempts: 0,
        next_attempt_at: machineTime.now(),
        lease_expires_at: null,
        lease_token: null,
        updated_at: machineTime.now(),
      })
      .where('eid', '=', eid)
      .execute();
    await recordAudit(trx, actor, {
      table: 'emails',
      recordId: eid,
      action: 'retry',
      before: { state: email.state, attempts: email.attempts, error: email.error },
      after: { state: 'RETRY', attempts: 0 },
    });
    await sql`SELECT pg_notify(${outboxChannel}, ${eid})`.execute(trx);
    return { eid, state: 'RETRY' as const };
  });
}

/** The e-mails a selection names: ids picked on screen, or every e-mail a view of the log shows. */
function selectedEmails(db: Kysely<Database>, selection: TListSelection): AnySelect {
  if (selection.kind === 'ids') {
    return emailsList.from(db).where('e.eid', '=', sql<string>`ANY(${selection.ids}::text[])`);
  }
  const view = parseSelectionView(
    ZEmailsListQuery.omit({ cursor: true, limit: true }),
    selection.listParams,
  );
  return matchingRows(db, emailsList, view);
}

/** At most this many e-mails are retried by one bulk request. */
export const maxBulkRetry = 10_000;

/**
 * Retries every failed e-mail of a selection in one transaction, one audit entry each; the
 * selected e-mails that had not failed are counted as skipped. The answer's undo handle sends
 * back to ERROR those the worker has not taken yet (`bulk-edit/`).
 */
export async function retryEmails(
  db: Kysely<Database>,
  actor: Actor,
  request: TEmailsBulkRetryRequest,
): Promise<TEmailsBulkRetryResult> {
  return writeTransaction(db, async (trx) => {
    const selected = selectedEmails(trx, request.selection)
      .select('e.eid')
      .limit(maxBulkRetry + 1);
    const { rows } = await sql<{ selected: string; retried: string; undo: BulkOperationRow[] }>`
      WITH selected AS (${selected}),
      target AS (
        SELECT e.eid, e.state, e.attempts, e.error, e.next_attempt_at FROM emails e
         WHERE e.eid IN (SELECT eid FROM selected) AND e.state = 'ERROR'
           FOR UPDATE),
      updated AS (
        UPDATE emails e SET state = 'RETRY', attempts = 0, next_attempt_at = now(),
               lease_expires_at = NULL, lease_token = NULL, updated_at = now()
          FROM target t WHERE e.eid = t.eid
        RETURNING e.eid, e.state, e.attempts, e.delivery_count),
      audited AS (
        INSERT INTO audit_log (actor_uid, actor_kind, table_name, record_id, action, before, after)
        SELECT ${actor.uid}, ${actor.kind}, 'emails', t.eid, 'retry',
               jsonb_build_object('state', t.state, 'attempts', t.attempts, 'error', t.error),
               jsonb_build_object('state', 'RETRY', 'attempts', 0)
          FROM target t JOIN updated u ON u.eid = t.eid
        RETURNING 1)
      SELECT (SELECT count(*) FROM selected) AS selected, (SELECT count(*) FROM audited) AS retried,
             -- What the undo (issue 19) gives back, and the e-mail as the retry left it: the
             -- worker's next attempt changes the fingerprint (bulk-edit/restore-emails.ts).
             (SELECT coalesce(jsonb_agg(jsonb_build_object(
                       'recordId', t.eid,
                       'before', jsonb_build_object('state', t.state, 'attempts', t.attempts,
                                                    'error', t.error,
                                                    'next_attempt_at', t.next_attempt_at),
                       'fingerprint', ${emailFingerprint('u')})),
                     '[]')
                FROM target t JOIN updated u ON u.eid = t.eid) AS undo
    `.execute(trx);
    const counts = rows[0] ?? { selected: '0', retried: '0', undo: [] };
    if (Number(counts.selected) > maxBulkRetry) {
      throw badInput(
        'body.selection',
        'too_big',
        `At most ${maxBulkRetry} e-mails can be retried at once; narrow the view.`,
      );
    }
    const retried = Number(counts.retried);
    if (retried > 0) await sql`SELECT pg_notify(${outboxChannel}, 'bulk-retry')`.execute(trx);
    const undo = await recordBulkOperation(trx, actor, {
      table: 'emails',
      action: 'retry',
      rows: counts.undo,
    });
    return { retried, skipped: Number(counts.selected) - retried, undo };
  });
}
