import type { TPortalApplication } from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import { updateRecord } from '../../db/records';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { applicantActor, lockOwnApplication } from './lock-own';
import { getOwnApplication } from './own-applications';

/**
 * `POST /api/applications/{aid}/answer` on the portal: the applicant answers staff's request for
 * information. In one transaction the answer is kept on the application (the latest one; each
 * stays in the audit trail, by the applicant) and the application goes back to `under-review`,
 * where the console shows it live. Documents asked for are uploaded before, while the
 * application waits (`documents-own.ts` accepts them then).
 *
 * `version` is optional (the operating contract's body is `{text}`): when given, a newer version
 * is a 409 as on the other writes. An application that no longer waits for an answer (answered
 * already, taken back into review, decided) is a 409 too: the answer came too late, not wrongly.
 */
export async function answerOwnApplication(
  db: Kysely<Database>,
  uid: string,
  aid: string,
  request: { text: string; version?: number | undefined },
): Promise<TPortalApplication> {
  await writeTransaction(db, async (trx) => {
    const row = await lockOwnApplication(trx, uid, aid, request.version);
    if (row.status !== 'information-requested') {
      const message = `Application ${row.number} is not waiting for your answer: headquarters asked for nothing, or has your answer already.`;
      throw new AppError('aborted', message, {
        issues: [{ path: 'params.aid', rule: 'status', message }],
      });
    }
    await updateRecord(
      trx,
      applicantActor(uid),
      'applications',
      row,
      {
        status: 'under-review',
        applicant_answer: request.text,
        applicant_answered_at: sql<Date>`now()`,
      },
      { action: 'answer-information' },
    );
  });
  return getOwnApplication(db, uid, aid);
}
