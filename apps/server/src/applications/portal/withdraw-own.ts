import { applicationTransitions, type TPortalApplication } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { updateRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { badInput } from '../../errors';
import { applicantActor, lockOwnApplication } from './lock-own';
import { getOwnApplication } from './own-applications';

/**
 * `POST /api/applications/{aid}/withdraw` on the portal: the applicant takes the application back
 * before a decision (the statuses the workflow's withdraw allows), audited as theirs.
 */
export async function withdrawOwnApplication(
  db: Kysely<Database>,
  uid: string,
  aid: string,
  version: number,
): Promise<TPortalApplication> {
  await writeTransaction(db, async (trx) => {
    const row = await lockOwnApplication(trx, uid, aid, version);
    if (!applicationTransitions.withdraw.from.includes(row.status)) {
      throw badInput(
        'body',
        'transition',
        `Application ${row.number} is decided or closed: it can no longer be withdrawn.`,
      );
    }
    const reason = 'Withdrawn by the applicant in the member portal.';
    await updateRecord(
      trx,
      applicantActor(uid),
      'applications',
      row,
      { status: 'withdrawn', decided_at: sql<Date>`now()`, decision_reason: reason },
      { action: 'withdraw', reason },
    );
  });
  return getOwnApplication(db, uid, aid);
}
