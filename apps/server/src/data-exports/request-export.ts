import type { TDataExport } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import { queueJobRun } from '../db/job-queue';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { clock } from '../lib/clock';
import { newId } from '../lib/ids';
import { exportRows, toDataExport } from './export-view';

/** graphile-worker's task that makes an export (`jobs/tasks/member-data-export.ts`). */
export const dataExportTask = 'member-data-export';
/** A failing export is tried this often before the member sees it failed. */
export const dataExportMaxAttempts = 3;
/** Each export renders every PDF of the member's history: a few a day is what a person needs. */
const exportsPerDay = 5;

/**
 * Asks for a member's data export (issue 35): the row and its job in one transaction, so the
 * job exists exactly when the request does, and the request in the member's history (its
 * History tab in the console). While one is queued or running, asking again gives that one (the
 * partial unique index makes sure of it when two owners click at once).
 */
export async function requestDataExport(
  db: Kysely<Database>,
  mid: string,
  actor: Actor,
): Promise<TDataExport> {
  const id = await writeTransaction(db, async (trx) => {
    // The member's row serialises two requests at once: the second sees the first.
    await trx.selectFrom('members').select('mid').where('mid', '=', mid).forUpdate().execute();
    const active = await trx
      .selectFrom('member_data_exports')
      .select('id')
      .where('member_mid', '=', mid)
      .where('state', 'in', ['queued', 'running'])
      .executeTakeFirst();
    if (active) return active.id;
    const since = new Date(clock.nowMs() - 24 * 3_600_000);
    const { recent } = await trx
      .selectFrom('member_data_exports')
      .select((eb) => eb.fn.countAll<string>().as('recent'))
      .where('member_mid', '=', mid)
      .where('requested_at', '>', since)
      .executeTakeFirstOrThrow();
    if (Number(recent) >= exportsPerDay) {
      throw new AppError(
        'resource-exhausted',
        `Your member asked for its data ${exportsPerDay} times in the last 24 hours: please use the latest export, or ask again tomorrow.`,
      );
    }
    const exportId = newId();
    await trx
      .insertInto('member_data_exports')
      .values({
        id: exportId,
        member_mid: mid,
        requested_by: actor.kind === 'user' ? actor.uid : null,
        requested_at: clock.now(),
      })
      .execute();
    const run = await queueJobRun(
      trx,
      dataExportTask,
      { exportId },
      { trigger: 'system', maxAttempts: dataExportMaxAttempts, jobKey: `data-export-${exportId}` },
    );
    await trx
      .updateTable('member_data_exports')
      .set({ job_run_id: run.id })
      .where('id', '=', exportId)
      .execute();
    await recordAudit(trx, actor, {
      table: 'members',
      recordId: mid,
      action: 'data-export-requested',
      after: { export: exportId },
    });
    return exportId;
  });
  const row = await exportRows(db).where('e.id', '=', id).executeTakeFirstOrThrow();
  return toDataExport(row);
}
