import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { refreshStatistics } from '../lists';
import type { FollowUpReport, UploadDeps, UploadKind } from './kind';
import { clearProgress, findUpload, table, writeProgress } from './upload-record';

/**
 * The follow-up of a commit: what the commit leaves to short transactions right after it has
 * answered (a bulk commit's search index, the invoices' certificates…), run by the kind, with
 * progress, and taken over by another instance if this one stops.
 */

/** Up to this many rows, the commit indexes for search inside its transaction (as every write
 * does); above, it defers that to short transactions right after, so the commit stays fast. */
export const inTransactionIndexRows = 2_000;

const runningFollowUps = new Map<string, Promise<void>>();

/**
 * Starts (once per instance) the follow-up of a committed upload. A failure leaves the
 * follow-up column empty: the next read of the upload, once the progress is stale, starts it
 * again (so each follow-up must be safe to run twice).
 */
export function startFollowUp(kind: UploadKind, deps: UploadDeps, id: string): void {
  runFollowUp(kind, deps, id).catch(() => undefined);
}

/** Waits for this instance's follow-ups (a server closing lets them finish). */
export async function uploadFollowUpsSettled(): Promise<void> {
  await Promise.allSettled([...runningFollowUps.values()]);
}

function runFollowUp(kind: UploadKind, deps: UploadDeps, id: string): Promise<void> {
  const key = `${kind.tables.uploads}:${id}`;
  const running = runningFollowUps.get(key);
  if (running) return running;
  const work = (async () => {
    const upload = await findUpload(kind, deps.db, id);
    const total = upload.validation?.valid ?? 0;
    const report: FollowUpReport = (phase, done, of) =>
      writeProgress(kind, deps.db, id, { phase, done, total: of, rows: 0, invalid: 0 });
    const isBulk = total > inTransactionIndexRows;
    await kind.followUp?.(deps, { id, committedBy: upload.committed_by, isBulk }, report);
    // A bulk commit's search documents were written by the follow-up, not the commit.
    if (isBulk) await refreshStatistics(deps.db, ['search_documents', 'search_words'], deps.log);
    await sql`UPDATE ${table(kind.tables.uploads)}
                 SET ${sql.ref(kind.tables.followUpColumn)} = now() WHERE id = ${id}`.execute(
      deps.db,
    );
    await clearProgress(kind, deps.db, id);
  })().finally(() => runningFollowUps.delete(key));
  runningFollowUps.set(key, work);
  return work;
}

/** The highest staged line of an upload (follow-ups walk the rows by line ranges). */
export async function lastStagedLine(
  kind: UploadKind,
  db: Kysely<Database>,
  id: string,
): Promise<number> {
  const { rows } = await sql<{ line: number | null }>`
    SELECT max(line) AS line FROM ${table(kind.tables.rows)} WHERE upload_id = ${id}`.execute(db);
  return Number(rows[0]?.line ?? 0);
}

/**
 * The search index brought up to date after a bulk commit, over the staged lines in batches of
 * `batchLines` (short statements that never block the lists), reporting the `indexing` phase:
 * `indexLines(from, to)` indexes what the lines `from < line <= to` touched. The members' and
 * the invoices' follow-ups walk their lines alike.
 */
export async function indexStagedLines(
  kind: UploadKind,
  db: Kysely<Database>,
  id: string,
  report: FollowUpReport,
  batchLines: number,
  indexLines: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  const maxLine = await lastStagedLine(kind, db, id);
  await report('indexing', 0, maxLine);
  for (let from = 0; from < maxLine; from += batchLines) {
    const to = from + batchLines;
    await indexLines(from, to);
    await report('indexing', Math.min(to, maxLine), maxLine);
  }
}
