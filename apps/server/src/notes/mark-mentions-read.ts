import type { TMarkMentionsReadRequest } from '@ops/contract/notes';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * POST /api/mentions/read (`workspace.personal`, read-only operators too): marks the caller's
 * mentions in these notes read, or every unread one without `noteIds`. Only the caller's own
 * read marks change, never a note: like the other personal settings of the workspace it is no
 * business record and writes no audit entry. Ids that are not the caller's mentions change
 * nothing; marking a read mention again keeps its first time.
 */
export async function markMentionsRead(
  db: Kysely<Database>,
  uid: string,
  request: TMarkMentionsReadRequest,
): Promise<{ ok: true }> {
  if (request.noteIds?.length === 0) return { ok: true };
  let update = db
    .updateTable('note_mentions')
    .set({ read_at: sql<Date>`now()` })
    .where('uid', '=', uid)
    .where('read_at', 'is', null);
  if (request.noteIds) update = update.where('note_id', 'in', request.noteIds);
  await update.execute();
  return { ok: true };
}
