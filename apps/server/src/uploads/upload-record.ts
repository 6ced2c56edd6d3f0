import type { TUploadProgress, TUploadView, UploadMapping } from '@ops/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema';
import { AppError } from '../errors';
import type { BaseValidation, UploadDeps, UploadKind } from './kind';
import type { UploadEncoding, UploadSeparator } from './upload-file';
import { machineTime } from '../lib/clock';

/**
 * The upload's own row, shared by every stage: reading it, its status (and claiming a step),
 * and the progress of the running step, written outside the step's transaction so that the
 * screen sees it at once.
 */

/** A running step whose progress is older than this is taken to have died with its instance. */
export const staleAfterMs = 2 * 60_000;

export type UploadRecord = {
  id: string;
  filename: string;
  byte_size: number;
  encoding: UploadEncoding;
  has_bom: boolean;
  separator: UploadSeparator;
  header: string[];
  sample: string[][];
  mapping: UploadMapping;
  status: TUploadView['status'];
  validation: BaseValidation | null;
  result: Record<string, unknown> | null;
  error: string | null;
  created_at: Date;
  created_by: string | null;
  committed_at: Date | null;
  committed_by: string | null;
  followed_up_at: Date | null;
};

export const table = (name: string) => sql.table(name);

export async function findUpload(kind: UploadKind, db: Kysely<Database>, id: string) {
  const { rows } = await sql<UploadRecord>`
    SELECT *, ${sql.ref(kind.tables.followUpColumn)} AS followed_up_at
      FROM ${table(kind.tables.uploads)} WHERE id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) throw new AppError('not-found', `There is no ${kind.noun} upload ${id}.`);
  return row;
}

export async function writeProgress(
  kind: UploadKind,
  db: Kysely<Database>,
  uploadId: string,
  progress: Omit<TUploadProgress, 'updatedAt'>,
) {
  const json = JSON.stringify(progress);
  await sql`
    INSERT INTO ${table(kind.tables.progress)} (upload_id, progress, updated_at)
    VALUES (${uploadId}, ${json}, now())
    ON CONFLICT (upload_id) DO UPDATE SET progress = ${json}, updated_at = now()`.execute(db);
}

export async function clearProgress(kind: UploadKind, db: Kysely<Database>, uploadId: string) {
  await sql`DELETE FROM ${table(kind.tables.progress)} WHERE upload_id = ${uploadId}`.execute(db);
}

export async function setStatus(
  kind: UploadKind,
  db: Kysely<Database>,
  id: string,
  status: TUploadView['status'],
  error: string | null,
  extra: RawBuilder<unknown> = sql``,
) {
  await sql`
    UPDATE ${table(kind.tables.uploads)}
       SET status = ${status}, error = ${error}, updated_at = now() ${extra}
     WHERE id = ${id}`.execute(db);
}

export const iso = (value: Date | string) => new Date(value).toISOString();

export function isStale(at: Date | string | null | undefined): boolean {
  return !at || machineTime.nowMs() - new Date(at).getTime() > staleAfterMs;
}

/**
 * A running step (validation, commit) holds this lock for its whole transaction: PostgreSQL
 * frees it when the transaction ends, also when the instance running it was killed (its
 * connection gone, the transaction rolled back). Free lock + a step still marked running = the
 * step died and nothing of it was saved.
 */
function stepLockKey(kind: UploadKind, id: string): string {
  return `upload-step:${kind.tables.uploads}:${id}`;
}

/** Takes the step's lock in the step's transaction (a pg client's after BEGIN, or Kysely's). */
export async function lockStep(
  kind: UploadKind,
  transaction: pg.PoolClient | Transaction<Database>,
  id: string,
): Promise<void> {
  const key = stepLockKey(kind, id);
  if ('query' in transaction) {
    await transaction.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  } else {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(transaction);
  }
}

/** Between claiming a step and its transaction taking the lock: never taken for dead. */
const stepLockGraceSeconds = 30;

/**
 * A step whose instance died (SIGKILL, a lost machine) leaves the upload 'validating' or
 * 'committing' with nobody running it: the screen would show its progress bar for ever and
 * refuse to run it again. Once nobody holds the step's lock, the upload goes back to where the
 * step started from ('uploaded', 'validated'), saying so, so that the person runs it again
 * (the staged rows of a validation are kept by a commit that died, so Commit works at once).
 */
export async function releaseDeadStep(
  kind: UploadKind,
  db: Kysely<Database>,
  id: string,
): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    UPDATE ${table(kind.tables.uploads)} u
       SET status = CASE u.status WHEN 'committing' THEN 'validated' ELSE 'uploaded' END,
           error = CASE u.status
             WHEN 'committing' THEN 'The commit was interrupted (the server stopped) and nothing of it was saved: commit again.'
             ELSE 'The validation was interrupted (the server stopped): validate again.' END,
           updated_at = now()
     WHERE u.id = ${id}
       AND u.status IN ('validating', 'committing')
       AND u.updated_at < now() - make_interval(secs => ${stepLockGraceSeconds})
       -- Held for this statement only: free means no transaction runs the step.
       AND pg_try_advisory_xact_lock(hashtextextended(${stepLockKey(kind, id)}, 0))
    RETURNING u.id`.execute(db);
  if (rows.length > 0) await clearProgress(kind, db, id);
}

/**
 * Moves the upload to a running step (`validating`, `committing`) from one of the states it
 * may start from, or takes over the same step left behind by an instance that stopped; else
 * an 'aborted' error naming the state the upload is in.
 */
export async function claim(
  kind: UploadKind,
  deps: UploadDeps,
  id: string,
  to: 'validating' | 'committing',
  from: readonly UploadRecord['status'][],
  set: RawBuilder<unknown> = sql``,
): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    UPDATE ${table(kind.tables.uploads)} u
       SET status = ${to}, error = NULL, updated_at = now() ${set}
     WHERE u.id = ${id}
       AND (u.status = ANY(${[...from]}::text[])
            -- The same step, left behind by an instance that stopped (no progress for a while,
            -- and no transaction holds the step's lock).
            OR (u.status = ${to} AND NOT EXISTS (
                  SELECT 1 FROM ${table(kind.tables.progress)} p
                   WHERE p.upload_id = u.id
                     AND p.updated_at > ${new Date(machineTime.nowMs() - staleAfterMs)})
                AND pg_try_advisory_xact_lock(hashtextextended(${stepLockKey(kind, id)}, 0))))
    RETURNING u.id`.execute(deps.db);
  if (rows.length > 0) return;
  const current = await findUpload(kind, deps.db, id);
  const state: Record<string, string> = {
    uploaded: 'has not been validated yet',
    validating: 'is being validated right now',
    validated: 'is validated',
    committing: 'is being committed right now',
    committed: `was committed already${current.committed_at ? ` at ${iso(current.committed_at)}` : ''}; upload the file again to apply it once more`,
  };
  throw new AppError('aborted', `This upload ${state[current.status] ?? current.status}.`);
}

/**
 * The upload a step (validate, commit) starts from: a step that died with its instance released
 * first (`releaseDeadStep`), so that the step sees the status it may run from. 404 when unknown.
 */
export async function findUploadForStep(kind: UploadKind, db: Kysely<Database>, id: string) {
  await releaseDeadStep(kind, db, id);
  return findUpload(kind, db, id);
}
