import type { Actor } from '../../db/audit';
import { checkRecordVersion } from '../../db/records';
import type { Trx } from '../workflow/context';
import type { ApplicationRow } from '../detail';
import { notYourApplication } from './own-applications';

/** The applicant acting on their own application, as the audit log names them. */
export function applicantActor(uid: string): Actor & { uid: string } {
  return { kind: 'user', uid };
}

/**
 * The applicant's own application taken `FOR UPDATE` for the transaction: another person's is a
 * 404 like a missing one; then 409 when it changed since the applicant read `version` (checked
 * when given: the answer's body may carry none).
 */
export async function lockOwnApplication(
  trx: Trx,
  uid: string,
  aid: string,
  version: number | undefined,
): Promise<ApplicationRow> {
  const row = await trx
    .selectFrom('applications')
    .selectAll()
    .where('aid', '=', aid)
    .where('submitted_by_uid', '=', uid)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notYourApplication(aid);
  if (version !== undefined) await checkRecordVersion(trx, 'applications', row, version);
  return row;
}
