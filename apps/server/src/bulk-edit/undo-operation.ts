import { bulkUndoServerWindowMs, type TBulkUndoResult } from '@ops/contract/bulk-edit';
import { sql, type Kysely } from 'kysely';
import type { OperatorActor } from '../db/audit';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError, badInput } from '../errors';
import type { BulkTable } from './record-operation';
import { restoreEmails } from './restore-emails';
import { restoreRecords } from './restore-records';
import { undoTables } from './tables';

/** "2026-11-24 14:05:12 UTC": the time of a bulk change, as an undo's reason and messages say it. */
function readableSecond(value: Date | string): string {
  return `${new Date(value).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const nounOf = (table: BulkTable) => (table === 'emails' ? 'e-mails' : undoTables[table].noun);

/**
 * Undoes a bulk action of `table`, in one transaction: the rows still as the action left them
 * get their previous values back through the audited path (action `undo`, with the reason "Undo
 * of the bulk change at …"); rows changed since are skipped and named.
 *
 * Who may: only the operator who did the action (403 for another: an undo writes over the
 * records in their name), through the same area's route (an operation of another table is a
 * 404, as an unknown id), within `bulkUndoServerWindowMs` of it (400 `undo-expired`), and once
 * (400 `already-undone`). The operation row is locked, so two undo clicks cannot both run.
 */
export async function undoBulkOperation(
  db: Kysely<Database>,
  actor: OperatorActor,
  table: BulkTable,
  operationId: string,
): Promise<TBulkUndoResult> {
  return writeTransaction(db, async (trx) => {
    const operation = await trx
      .selectFrom('bulk_operations')
      .selectAll()
      .select(sql<boolean>`undo_until < now()`.as('is_expired'))
      .where('id', '=', operationId)
      .forUpdate()
      .executeTakeFirst();
    if (!operation || operation.table_name !== table) {
      throw new AppError(
        'not-found',
        `No bulk change of ${nounOf(table)} has the id ${operationId}.`,
      );
    }
    if (operation.operator_uid !== actor.uid) {
      throw new AppError(
        'permission-denied',
        'Only the operator who made a bulk change can undo it; change the records again instead.',
      );
    }
    if (operation.undone_at) {
      throw badInput(
        'body.operationId',
        'already-undone',
        `This bulk change was undone already, at ${readableSecond(operation.undone_at)}.`,
      );
    }
    if (operation.is_expired) {
      throw badInput(
        'body.operationId',
        'undo-expired',
        `Too late to undo: a bulk change can be undone for ${bulkUndoServerWindowMs / 1000} seconds after it, and this one was made at ${readableSecond(operation.created_at)}. Change the records again instead.`,
      );
    }
    const reason = `Undo of the bulk change at ${readableSecond(operation.created_at)}`;
    const outcome =
      table === 'emails'
        ? await restoreEmails(trx, actor, operation.id, reason)
        : await restoreRecords(trx, actor, table, operation.id, reason);
    await trx
      .updateTable('bulk_operations')
      .set({ undone_at: sql<Date>`now()`, undone_by: actor.uid })
      .where('id', '=', operation.id)
      .execute();
    return outcome;
  });
}
