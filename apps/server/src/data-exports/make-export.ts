import type { TDataExportCounts } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { clock } from '../lib/clock';
import { dataExportHours } from '@ops/contract';
import { buildMemberArchive } from './archive/build-archive';

/** What the member reads when its export failed; the real error is the job run's, for staff. */
const failedMessage =
  'The archive could not be made. Please ask for it again; if it fails again, our staff can see why.';

export type MadeExport =
  | { outcome: 'made'; sizeBytes: number; counts: TDataExportCounts }
  | { outcome: 'already-made' | 'unknown' };

/**
 * Makes an asked-for export (the job `member-data-export`). Idempotent and resumable, as every
 * task: an export already ready is answered as it is; one whose instance died mid-way is made
 * again from the start (nothing of a half-made archive was written: the bytes, the counts and
 * `ready` are one update, only while the export is still in the making). Progress is written on
 * the row at most once a second, which the portal shows live through the change feed.
 */
export async function makeDataExport(
  db: Kysely<Database>,
  exportId: string,
  options: {
    publicUrl: string;
    runId: string | null;
    progress?: (done: number, total: number) => void;
  },
): Promise<MadeExport> {
  const row = await db
    .selectFrom('member_data_exports')
    .select(['id', 'member_mid', 'state'])
    .where('id', '=', exportId)
    .executeTakeFirst();
  if (!row) return { outcome: 'unknown' };
  if (row.state === 'ready') return { outcome: 'already-made' };
  await db
    .updateTable('member_data_exports')
    .set({ state: 'running', done: 0, error: null, job_run_id: options.runId })
    .where('id', '=', exportId)
    .execute();

  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const progress = (done: number, total: number) => {
    options.progress?.(done, total);
    const now = performance.now();
    if (now - lastWrite < 1000 && done < total) return;
    lastWrite = now;
    pending = pending.then(() =>
      db
        .updateTable('member_data_exports')
        .set({ done, total })
        .where('id', '=', exportId)
        .where('state', '=', 'running')
        .execute(),
    );
  };
  const madeAt = clock.now();
  const archive = await buildMemberArchive(db, {
    mid: row.member_mid,
    publicUrl: options.publicUrl,
    madeAt,
    progress,
  });
  await pending;
  const expiresAt = new Date(madeAt.getTime() + dataExportHours * 3_600_000);
  await writeTransaction(db, (trx) =>
    trx
      .updateTable('member_data_exports')
      .set({
        state: 'ready',
        content: archive.content,
        size_bytes: archive.content.length,
        counts: JSON.stringify(archive.counts),
        done: archive.documents,
        total: archive.documents,
        ready_at: madeAt,
        expires_at: expiresAt,
      })
      .where('id', '=', exportId)
      .where('state', 'in', ['queued', 'running'])
      .execute(),
  );
  return { outcome: 'made', sizeBytes: archive.content.length, counts: archive.counts };
}

/** The attempts are spent: the member sees the export failed, and may ask again. */
export async function markDataExportFailed(db: Kysely<Database>, exportId: string) {
  await db
    .updateTable('member_data_exports')
    .set({ state: 'failed', error: failedMessage })
    .where('id', '=', exportId)
    .where('state', 'in', ['queued', 'running'])
    .execute();
}
