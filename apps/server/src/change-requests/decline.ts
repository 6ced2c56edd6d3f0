import type { TChangeRequestDecision } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Actor } from '../db/audit';
import { lockRecord, updateRecord } from '../db/records';
import type { Database } from '../db/schema';
import { writeTransaction } from '../db/transaction';
import { clock } from '../lib/clock';
import { refuseDecided } from './decided';
import { getChangeRequestDetail } from './detail';

/**
 * `POST /api/change-requests/{id}/decline` in the console: the member's record stays as it is;
 * the reason is what the member reads in the portal. Audited with the decision.
 */
export async function declineChangeRequest(
  db: Kysely<Database>,
  actor: Actor & { uid: string },
  id: string,
  body: { version: number; reason: string },
): Promise<TChangeRequestDecision> {
  await writeTransaction(db, async (trx) => {
    const request = await lockRecord(trx, 'member_change_requests', id, {
      version: body.version,
    });
    refuseDecided(request);
    await updateRecord(
      trx,
      actor,
      'member_change_requests',
      request,
      {
        status: 'declined',
        decided_at: clock.now(),
        decided_by: actor.uid,
        decision_reason: body.reason,
      },
      { action: 'decline', reason: body.reason },
    );
  });
  return {
    request: await getChangeRequestDetail(db, id),
    message: 'Declined: the member sees your reason in the portal.',
  };
}
