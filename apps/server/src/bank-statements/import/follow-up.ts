import { sql, type Kysely } from 'kysely';
import type { Actor } from '../../db/audit';
import type { Database } from '../../db/schema';
import {
  issueDueCertificatesAfterCommit,
  trackAfterCommit,
  type CertificateDue,
} from '../../invoices';
import type { EntryBookingContext } from '../book-entry';

/** Records per search-index statement after a large import (short transactions). */
const indexBatch = 1_000;

/** What a large import leaves for after its answer. */
export type ImportFollowUp = {
  /** Invoices and members whose search documents the import did not rewrite (bulk). */
  reindex: { invoices: string[]; members: string[] } | null;
  certificatesDue: CertificateDue[];
};

/**
 * The follow-up of a large import, right after its commit, as an upload's follow-up: the
 * search documents of the invoices and members it paid (statuses changed; the import wrote them
 * with the search triggers off, as a bulk upload commit does), then rule 2's certificates, one
 * short transaction each. Returns the promise: the CLI waits for it, the server lets it run (and
 * lets it finish on close).
 */
export function startImportFollowUp(
  db: Kysely<Database>,
  actor: Actor,
  followUp: ImportFollowUp,
  context: EntryBookingContext,
): Promise<unknown> {
  const reindexing = (async () => {
    if (!followUp.reindex) return;
    const { invoices, members } = followUp.reindex;
    for (let start = 0; start < Math.max(invoices.length, members.length); start += indexBatch) {
      await sql`SELECT search_index_records('invoice', ${invoices.slice(start, start + indexBatch)}::text[]),
                       search_index_records('member', ${members.slice(start, start + indexBatch)}::text[])`.execute(
        db,
      );
    }
  })();
  return trackAfterCommit(
    reindexing.then(() =>
      followUp.certificatesDue.length > 0
        ? issueDueCertificatesAfterCommit(db, actor, followUp.certificatesDue, context)
        : 0,
    ),
  );
}
