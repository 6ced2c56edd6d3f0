import { ZDataExportCounts, type TDataExport } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { clock } from '../lib/clock';

type Db = Kysely<Database> | Transaction<Database>;

/** Where the portal downloads a ready export. */
export const downloadPathOf = (id: string) => `/api/data-export/${encodeURIComponent(id)}/zip`;

/** Everything of an export row but its bytes, with the name of who asked. */
export function exportRows(db: Db) {
  return db
    .selectFrom('member_data_exports as e')
    .leftJoin('users as u', 'u.uid', 'e.requested_by')
    .select([
      'e.id',
      'e.member_mid',
      'e.requested_at',
      'e.state',
      'e.done',
      'e.total',
      'e.ready_at',
      'e.expires_at',
      'e.size_bytes',
      'e.counts',
      'e.error',
      'u.display_name as requester_name',
      'u.email as requester_email',
    ]);
}

type ExportRow = Awaited<ReturnType<ReturnType<typeof exportRows>['executeTakeFirstOrThrow']>>;

/**
 * An export as the portal shows it. A ready export whose 24 hours have passed is `expired` at
 * once, whether or not the hourly clean-up has dropped its bytes yet.
 */
export function toDataExport(row: ExportRow): TDataExport {
  const isExpired =
    row.state === 'ready' && row.expires_at !== null && row.expires_at <= clock.now();
  const state = isExpired ? 'expired' : row.state;
  const counts = ZDataExportCounts.safeParse(row.counts);
  return {
    id: row.id,
    state,
    requestedAt: row.requested_at.toISOString(),
    requestedBy: row.requester_name ?? row.requester_email ?? null,
    progress: { done: row.done, total: row.total },
    readyAt: row.ready_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    sizeBytes: row.size_bytes,
    counts: counts.success ? counts.data : null,
    downloadUrl: state === 'ready' ? downloadPathOf(row.id) : null,
    error: row.error,
  };
}
