import { sql, type Kysely, type Transaction } from 'kysely';
import type { Actor } from '../../db/audit';
import { queueJobRun } from '../../db/job-queue';
import type { Database } from '../../db/schema';
import {
  issueDueCertificates,
  type CertificateDue,
  type DueCertificatesOutcome,
} from '../../invoices';
import type { EntryBookingContext } from '../book-entry';

/** Records per search-index statement after a large import (short transactions). */
const indexBatch = 1_000;

/** The follow-up's task on the queue (`jobs/tasks/bank-import-follow-up.ts`). */
export const importFollowUpTask = 'bank-import-follow-up';

/** A failing follow-up (the database gone a while) is tried again, backing off. */
export const importFollowUpMaxAttempts = 10;

/** What a large import leaves for after its commit: the follow-up job's payload. */
export type ImportFollowUp = {
  /** Invoices and members whose search documents the import did not rewrite (bulk). */
  reindex: { invoices: string[]; members: string[] } | null;
  certificatesDue: CertificateDue[];
};

/** The follow-up job's payload: what to do, and who imported (the certificates' actor). */
export type ImportFollowUpPayload = ImportFollowUp & { actor: Actor };

/**
 * Queues the follow-up of a large import as a job, in the import's own transaction: the job
 * exists exactly when the bookings commit (none for an import that rolls back), and any
 * instance's job runner does it, another taking it over if that one dies. Returns the job's id.
 */
export async function queueImportFollowUp(
  trx: Transaction<Database>,
  actor: Actor,
  followUp: ImportFollowUp,
): Promise<string> {
  const payload: ImportFollowUpPayload = { ...followUp, actor };
  const run = await queueJobRun(trx, importFollowUpTask, payload, {
    trigger: 'system',
    operatorUid: actor.uid,
    maxAttempts: importFollowUpMaxAttempts,
  });
  return run.job_id ?? '';
}

/** What the follow-up did (the job run's result). */
export type ImportFollowUpOutcome = {
  invoicesIndexed: number;
  membersIndexed: number;
  certificates: DueCertificatesOutcome;
};

/**
 * The follow-up of a large import (the job's work): the search documents of the invoices and
 * members it paid (statuses changed; the import wrote them with the search triggers off, as a
 * bulk upload commit does), then rule 2's certificates, one short transaction each. Idempotent,
 * so an attempt taking over a dead instance's job simply runs it again: indexing a record twice
 * writes the same document, and a year with its certificate issued is not issued again.
 */
export async function runImportFollowUp(
  db: Kysely<Database>,
  payload: ImportFollowUpPayload,
  context: EntryBookingContext,
  onProgress?: (done: number, total: number) => void,
): Promise<ImportFollowUpOutcome> {
  const invoices = payload.reindex?.invoices ?? [];
  const members = payload.reindex?.members ?? [];
  const indexSteps = Math.max(invoices.length, members.length);
  const total = indexSteps + payload.certificatesDue.length;
  for (let start = 0; start < indexSteps; start += indexBatch) {
    await sql`SELECT search_index_records('invoice', ${invoices.slice(start, start + indexBatch)}::text[]),
                     search_index_records('member', ${members.slice(start, start + indexBatch)}::text[])`.execute(
      db,
    );
    onProgress?.(Math.min(start + indexBatch, indexSteps), total);
  }
  const certificates = await issueDueCertificates(
    db,
    payload.actor,
    payload.certificatesDue,
    context,
    (done) => onProgress?.(indexSteps + done, total),
  );
  return { invoicesIndexed: invoices.length, membersIndexed: members.length, certificates };
}
