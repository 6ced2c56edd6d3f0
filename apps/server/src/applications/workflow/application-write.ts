import type { ApplicationStatus } from '@ops/contract';
import { sql } from 'kysely';
import type { OperatorActor } from '../../db/audit';
import {
  checkRecordVersion,
  lockRecord,
  recordNotFound,
  updateRecord,
  type AuditNote,
  type RecordChanges,
} from '../../db/records';
import type { ApplicationRow } from '../detail';
import type { Trx } from './context';

/**
 * The application taken `FOR UPDATE` for the rest of the transaction: 404 when there is none (or
 * it is deleted), then 409 if `version` is given and someone wrote it since the operator read it.
 */
export async function lockApplication(
  trx: Trx,
  aid: string,
  options: { version?: number } = {},
): Promise<ApplicationRow> {
  const row = await lockRecord(trx, 'applications', aid);
  if (row.deleted_at) throw recordNotFound('applications', aid);
  if (options.version !== undefined) {
    await checkRecordVersion(trx, 'applications', row, options.version);
  }
  return row;
}

/**
 * Writes `changes` to the application read at `row.version`, bumping the version and stamping
 * who and when, with its audit entry (the records store). Returns the new row.
 */
export function writeApplication(
  trx: Trx,
  actor: OperatorActor,
  row: ApplicationRow,
  changes: RecordChanges<'applications'>,
  audit: Pick<AuditNote, 'action' | 'reason'>,
): Promise<ApplicationRow> {
  return updateRecord(trx, actor, 'applications', row, changes, audit);
}

/**
 * Closes the application with the operator's reason (reject, decline-endorsement, withdraw): the
 * status, the reason as `decision_reason` and in the audit entry, decided now by this operator.
 */
export function closeApplication(
  trx: Trx,
  actor: OperatorActor,
  row: ApplicationRow,
  close: { status: ApplicationStatus; action: AuditNote['action']; reason: string },
): Promise<ApplicationRow> {
  return writeApplication(
    trx,
    actor,
    row,
    {
      status: close.status,
      decision_reason: close.reason,
      decided_at: sql<Date>`now()`,
      reviewer_uid: actor.uid,
    },
    { action: close.action, reason: close.reason },
  );
}
