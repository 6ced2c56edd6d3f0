import type { OperatorActor } from '../../../db/audit';
import { updateRecord, type RecordRow } from '../../../db/records';
import type { Trx } from '../context';

/** The applicant's user becomes the new member's owner (versioned and audited). */
export async function linkOwner(
  trx: Trx,
  actor: OperatorActor,
  user: RecordRow<'users'>,
  member: { mid: string; number: string },
): Promise<void> {
  await updateRecord(
    trx,
    actor,
    'users',
    user,
    { member_mid: member.mid, member_role: 'owner' },
    { action: 'link-member', reason: `Owner of new member ${member.number}` },
  );
}
