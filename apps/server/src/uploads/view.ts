import type { TUploadProgress, TUploadView } from '@ops/contract';
import { sql } from 'kysely';
import { AppError } from '../errors';
import { startFollowUp } from './follow-up';
import type { UploadDeps, UploadKind } from './kind';
import { isStale, iso, releaseDeadStep, table, type UploadRecord } from './upload-record';
import { machineTime } from '../lib/clock';

/** The upload as the API shows it (the import's schema types it further). */
export async function getUpload(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
): Promise<TUploadView> {
  // A step that died with its instance shows as such (the screen then offers it again).
  await releaseDeadStep(kind, deps.db, id);
  const { rows } = await sql<
    UploadRecord & { progress: object | null; progress_at: Date | null; email: string | null }
  >`
    SELECT u.*, u.${sql.ref(kind.tables.followUpColumn)} AS followed_up_at,
           p.progress, p.updated_at AS progress_at, c.email
      FROM ${table(kind.tables.uploads)} u
      LEFT JOIN ${table(kind.tables.progress)} p ON p.upload_id = u.id
      LEFT JOIN users c ON c.uid = u.created_by
     WHERE u.id = ${id}`.execute(deps.db);
  const row = rows[0];
  if (!row) throw new AppError('not-found', `There is no ${kind.noun} upload ${id}.`);
  const isRunning = row.status === 'validating' || row.status === 'committing';
  const needsFollowUp = row.status === 'committed' && row.followed_up_at === null;
  const progress =
    (isRunning || needsFollowUp) && row.progress
      ? ({
          ...row.progress,
          updatedAt: iso(row.progress_at ?? machineTime.now()),
        } as TUploadProgress)
      : null;
  // An instance that died during the follow-up: take over.
  if (needsFollowUp && isStale(row.progress_at)) startFollowUp(kind, deps, id);
  return {
    id: row.id,
    filename: row.filename,
    byteSize: row.byte_size,
    encoding: row.encoding,
    hasBom: row.has_bom,
    separator: row.separator,
    header: row.header,
    sample: row.sample,
    mapping: row.mapping,
    status: row.status,
    progress,
    validation: row.validation,
    result: row.result
      ? ({
          ...row.result,
          [kind.resultFollowUpKey]: row.followed_up_at ? iso(row.followed_up_at) : null,
        } as TUploadView['result'])
      : null,
    error: row.error,
    createdAt: iso(row.created_at),
    createdBy: row.email ?? row.created_by,
  };
}
