import type { TUploadView, UploadMode } from '@ops/contract';
import { sql, type Transaction } from 'kysely';
import type { Actor } from '../db/audit';
import type { Database } from '../db/schema';
import { reusePlansForBulkWrite, writeTransaction } from '../db/transaction';
import { AppError, badInput } from '../errors';
import { refreshStatistics } from '../lists';
import { inTransactionIndexRows, startFollowUp } from './follow-up';
import type { UploadDeps, UploadKind } from './kind';
import {
  claim,
  clearProgress,
  findUploadForStep,
  lockStep,
  setStatus,
  table,
  writeProgress,
  type UploadRecord,
} from './upload-record';
import { getUpload } from './view';
import { clock } from '../lib/clock';

/** Rows per statement of the commit (and per progress report). */
const commitBatchLines = 10_000;

/** A jsonb object of the columns, read from `alias` (`old`, `new`, a table). */
export function jsonOf(alias: string, columns: readonly string[]) {
  return `jsonb_build_object(${columns.map((c) => `'${c}', ${alias}.${c}`).join(', ')})`;
}

/** The keys of `a` whose values differ in `b`, with their values in `a`. */
export const changedPart = (a: string, b: string) =>
  `(SELECT coalesce(jsonb_object_agg(x.key, x.value), '{}') FROM jsonb_each(${a}) x
     WHERE x.value IS DISTINCT FROM ${b} -> x.key)`;

/**
 * Refuses a commit the validation does not allow: an upload never validated, invalid rows under
 * 'all-or-nothing', no valid row at all, or staged rows a database crash emptied (the upload
 * then goes back to 'uploaded', to be validated again).
 */
async function refuseUncommittable(
  kind: UploadKind,
  deps: UploadDeps,
  upload: UploadRecord,
  mode: UploadMode,
): Promise<void> {
  const id = upload.id;
  if (upload.status === 'uploaded') {
    throw badInput(
      'id',
      'not-validated',
      'Validate the upload with a mapping before committing it.',
    );
  }
  const validation = upload.validation;
  if (upload.status === 'validated' && validation) {
    if (mode === 'all-or-nothing' && validation.invalid > 0) {
      throw badInput(
        'body.mode',
        'all-or-nothing',
        `${validation.invalid.toLocaleString('en')} row${validation.invalid === 1 ? ' is' : 's are'} invalid, so nothing was committed. Fix the file and upload it again, or commit the valid rows only.`,
      );
    }
    if (validation.valid === 0) {
      throw badInput(
        'body.mode',
        'no-valid-rows',
        'No row of this file is valid: nothing to commit.',
      );
    }
    // The staged rows live in an UNLOGGED table: a database crash empties it.
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${table(kind.tables.rows)} WHERE upload_id = ${id}`.execute(
      deps.db,
    );
    if ((rows[0]?.n ?? 0) !== validation.valid + validation.invalid) {
      await sql`UPDATE ${table(kind.tables.uploads)} SET status = 'uploaded', validation = NULL
                 WHERE id = ${id} AND status = 'validated'`.execute(deps.db);
      throw new AppError(
        'aborted',
        'The validated rows were lost (the database restarted): validate the upload again.',
      );
    }
  }
}

type CommitRun = {
  kind: UploadKind;
  upload: UploadRecord;
  actor: Actor;
  mode: UploadMode;
  /** The audit reason of every change ("CSV upload members.csv"). */
  reasonText: string;
  hasUpdates: boolean;
  isBulk: boolean;
  /** The highest staged line (batches walk the lines up to it). */
  maxLine: number;
  /** Writes the rows done, outside the transaction. */
  progress: (done: number) => Promise<void>;
};

/** The kind's statements over every batch of valid rows; answers its counters and the rows done. */
async function applyBatches(trx: Transaction<Database>, run: CommitRun) {
  const { kind, upload, actor, reasonText, hasUpdates, maxLine, progress } = run;
  const id = upload.id;
  const counters: Record<string, number> = {};
  let done = 0;
  for (let from = 0; from < maxLine; from += commitBatchLines) {
    const to = from + commitBatchLines;
    const inBatch = sql`r.upload_id = ${id} AND r.reason IS NULL AND r.line > ${from} AND r.line <= ${to}`;
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM ${table(kind.tables.rows)} r WHERE ${inBatch}`.execute(
      trx,
    );
    const batchRows = rows[0]?.count ?? 0;
    const counts = await kind.commitBatch(trx, {
      id,
      actor,
      mapping: upload.mapping,
      reasonText,
      inBatch,
      hasUpdates,
      rows: batchRows,
    });
    for (const [name, value] of Object.entries(counts)) {
      counters[name] = (counters[name] ?? 0) + value;
    }
    done += batchRows;
    // Outside the transaction, so that the screen sees it now.
    await progress(done);
  }
  return { counters, done };
}

/**
 * The commit's transaction: the batches, the kind's set-based consequences, the upload marked
 * committed with its result. Answers whether the commit needs its follow-up.
 */
async function commitInTransaction(trx: Transaction<Database>, run: CommitRun) {
  const { kind, upload, actor, mode, reasonText, isBulk } = run;
  const id = upload.id;
  // Held until this transaction ends: a commit whose instance died is found by its free lock.
  await lockStep(kind, trx, id);
  await reusePlansForBulkWrite(trx);
  if (isBulk) await sql`SET LOCAL ops.search_sync = 'off'`.execute(trx);
  const { counters, done } = await applyBatches(trx, run);
  const extra = kind.afterBatches ? await kind.afterBatches(trx, { id, actor, reasonText }) : {};
  const changed = Object.values(counters).reduce((sum, value) => sum + value, 0);
  const result = {
    mode,
    inserted: 0,
    updated: 0,
    ...counters,
    unchanged: done - changed,
    rejected: upload.validation?.invalid ?? 0,
    committedAt: clock.now().toISOString(),
    ...extra,
  };
  const followUp = kind.needsFollowUp({ isBulk, counters });
  await sql`
    UPDATE ${table(kind.tables.uploads)}
       SET status = 'committed', result = ${JSON.stringify(result)}, committed_at = now(),
           committed_by = ${actor.uid}, updated_at = now(),
           ${sql.ref(kind.tables.followUpColumn)} = ${followUp ? null : clock.now()}
     WHERE id = ${id}`.execute(trx);
  return followUp;
}

/**
 * Applies the validated rows in one transaction, in batches of 10,000 lines (the import's
 * statements: insert the new numbers, update the changed records, leave identical ones), so
 * committing the same file again changes nothing. 'all-or-nothing' refuses a file with any
 * invalid row; 'valid-only' leaves those rows out. A bulk commit skips the search triggers and
 * hands the index, and the import's other slow consequences, to the follow-up.
 */
export async function commitUpload(
  kind: UploadKind,
  deps: UploadDeps,
  actor: Actor,
  id: string,
  mode: UploadMode,
): Promise<TUploadView> {
  // A commit (or validation) that died with its instance: back to where it started from.
  const upload = await findUploadForStep(kind, deps.db, id);
  await refuseUncommittable(kind, deps, upload, mode);
  const validation = upload.validation;
  // A file whose existing records were all identical when validated (a first import) skips
  // the update pass: the preview the person committed said nothing would change.
  const hasUpdates = (validation?.toUpdate ?? 1) > 0;
  await claim(kind, deps, id, 'committing', ['validated']);
  const total = validation?.valid ?? 0;
  const { rows: lastRows } = await sql<{ line: number | null }>`
    SELECT max(line) AS line FROM ${table(kind.tables.rows)} WHERE upload_id = ${id}`.execute(
    deps.db,
  );
  const run: CommitRun = {
    kind,
    upload,
    actor,
    mode,
    reasonText: `CSV upload ${upload.filename}`,
    hasUpdates,
    isBulk: total > inTransactionIndexRows,
    maxLine: Number(lastRows[0]?.line ?? 0),
    progress: (done: number) =>
      writeProgress(kind, deps.db, id, {
        phase: 'committing',
        done,
        total,
        rows: total,
        invalid: 0,
      }),
  };
  await run.progress(0);

  let needsFollowUp: boolean;
  try {
    needsFollowUp = await writeTransaction(deps.db, (trx) => commitInTransaction(trx, run), {
      isolationLevel: 'read committed',
    });
  } catch (error) {
    const message =
      error instanceof AppError ? error.message : 'The commit failed; nothing was saved.';
    await setStatus(kind, deps.db, id, 'validated', message);
    await clearProgress(kind, deps.db, id);
    if ((error as { code?: unknown }).code === '23505') {
      throw new AppError('aborted', kind.conflictMessage, { cause: error });
    }
    throw error;
  }
  // Outside the commit's transaction, once committed: the lists' estimates and plans see the
  // new rows now rather than when autovacuum comes by.
  await refreshStatistics(deps.db, kind.analyzedTables, deps.log);
  if (needsFollowUp) startFollowUp(kind, deps, id);
  else await clearProgress(kind, deps.db, id);
  return getUpload(kind, deps, id);
}
