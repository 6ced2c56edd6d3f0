import type { TPortalChangeRequest } from '@ops/contract';
import type { Kysely } from 'kysely';
import { updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { memberUserActor, type PortalMember } from '../members';
import { clock } from '../lib/clock';
import { refuseDecided } from './decided';
import { changeRequestNotFound, lockOwnChangeRequest } from './detail';
import { requireCompanyKeeper } from './portal-company';
import { changeRequestsWithPeople, toPortalChangeRequest } from './request-view';

/**
 * `POST /api/change-requests/{id}/withdraw` on the portal: an owner or admin takes back a pending
 * request of their member (asked by mistake, or no longer needed); it leaves staff's queue and
 * the home count at once. Another member's is a 404; a decided one a 400 naming its status.
 * Audited as the user, on the request, which keeps its history.
 */
export async function withdrawChangeRequest(
  db: Kysely<Database>,
  member: PortalMember,
  uid: string,
  id: string,
): Promise<TPortalChangeRequest> {
  requireCompanyKeeper(member);
  await writeTransaction(db, async (trx) => {
    const request = await lockOwnChangeRequest(trx, member.mid, id);
    refuseDecided(request);
    await updateRecord(
      trx,
      memberUserActor(uid),
      'member_change_requests',
      request,
      { status: 'withdrawn', decided_at: clock.now(), decided_by: uid },
      { action: 'withdraw', reason: 'Withdrawn by the member' },
    );
  });
  const [withdrawn] = await changeRequestsWithPeople(db).where('r.id', '=', id).execute();
  if (!withdrawn) throw changeRequestNotFound(id);
  return toPortalChangeRequest(withdrawn);
}
