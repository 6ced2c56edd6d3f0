import type { TPortalChangeRequest } from '@ops/contract';
import type { Kysely } from 'kysely';
import { insertRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { AppError } from '../errors';
import { newId } from '../lib/ids';
import { lockLiveMember, memberUserActor, type PortalMember } from '../members';
import { changeRequestsWithPeople, toPortalChangeRequest } from './request-view';

/**
 * `POST /api/change-requests/close-account` on the portal (issue 35): an owner asks staff to
 * close the member's account. Nothing ends by itself: the request waits in the console's queue
 * beside the change requests, where approving it records the resignation. One open at a time.
 */
export async function requestAccountClosure(
  db: Kysely<Database>,
  member: PortalMember,
  uid: string,
  body: { note?: string | null | undefined },
): Promise<TPortalChangeRequest> {
  if (member.role !== 'owner') {
    throw new AppError('permission-denied', "Only the member's owners ask to close its account.");
  }
  const id = await writeTransaction(db, async (trx) => {
    const row = await lockLiveMember(trx, member.mid);
    const open = await trx
      .selectFrom('member_change_requests')
      .select(['created_at'])
      .where('member_mid', '=', member.mid)
      .where('kind', '=', 'close-account')
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (open) {
      const message = 'You asked to close the account already; our staff have it in hand.';
      throw new AppError('aborted', message, {
        issues: [{ path: 'body', rule: 'duplicate', message }],
      });
    }
    const inserted = await insertRecord(
      trx,
      memberUserActor(uid),
      'member_change_requests',
      {
        id: newId(),
        member_mid: member.mid,
        kind: 'close-account',
        requested_by: uid,
        member_version: row.version,
        changes: JSON.stringify([]),
        note: body.note ?? null,
      },
      { action: 'create' },
    );
    return inserted.id;
  });
  const stored = await changeRequestsWithPeople(db)
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();
  return toPortalChangeRequest(stored);
}
