import type { TDataExportState } from '@ops/contract';
import type { Kysely } from 'kysely';
import { recordAudit, type Actor } from '../db/audit';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { clock } from '../lib/clock';
import { exportRows, toDataExport } from './export-view';

/** `GET /api/data-export`: the member's newest export (by `member_data_exports_member_idx`). */
export async function latestDataExport(
  db: Kysely<Database>,
  mid: string,
  canRequest: boolean,
): Promise<TDataExportState> {
  const row = await exportRows(db)
    .where('e.member_mid', '=', mid)
    .orderBy('e.requested_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { export: row ? toDataExport(row) : null, canRequest };
}

/**
 * The ZIP of one of the member's ready exports, and the download in the member's history. Another
 * member's, one still in the making and one whose 24 hours have passed answer alike: a 404 that
 * names only the id asked for and why a person would not find it.
 */
export async function downloadDataExport(
  db: Kysely<Database>,
  mid: string,
  id: string,
  actor: Actor,
): Promise<{ fileName: string; content: Buffer }> {
  return writeTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('member_data_exports as e')
      .innerJoin('members as m', 'm.mid', 'e.member_mid')
      .select(['e.id', 'e.content', 'e.ready_at', 'e.expires_at', 'm.number'])
      .where('e.id', '=', id)
      .where('e.member_mid', '=', mid)
      .where('e.state', '=', 'ready')
      .where('e.expires_at', '>', clock.now())
      .executeTakeFirst();
    if (!row?.content || !row.ready_at) {
      throw new AppError(
        'not-found',
        `Your member has no data export ${id} ready to download (an export stays 24 hours).`,
      );
    }
    await recordAudit(trx, actor, {
      table: 'members',
      recordId: mid,
      action: 'data-export-downloaded',
      after: { export: row.id },
    });
    const day = row.ready_at.toISOString().slice(0, 10);
    return { fileName: `${row.number}-data-${day}.zip`, content: row.content };
  });
}
