import { badInput } from '../../../errors';
import type { ApplicationRow } from '../../detail';
import { applicantOf, type Applicant } from '../applicant';
import type { Trx } from '../context';

/**
 * The applicant's user, who becomes the new member's owner: it must exist, belong to no member
 * yet and be enabled (400 on body.action, rule `applicant`, otherwise).
 */
export async function findOwnerUser(trx: Trx, row: ApplicationRow) {
  const applicant = await applicantOf(trx, row);
  if (!applicant.uid || !applicant.email) {
    throw badInput(
      'body.action',
      'applicant',
      `Application ${row.number} has no applicant user to link to the new member; it cannot be approved.`,
    );
  }
  const { member_number: memberNumber, ...user } = await trx
    .selectFrom('users as u')
    .leftJoin('members as m', 'm.mid', 'u.member_mid')
    .selectAll('u')
    .select(['m.number as member_number'])
    .where('u.uid', '=', applicant.uid)
    .executeTakeFirstOrThrow();
  if (user.member_mid) {
    throw badInput(
      'body.action',
      'applicant',
      `The applicant ${user.email} already belongs to member ${memberNumber ?? user.member_mid}; unlink them there first.`,
    );
  }
  if (user.disabled) {
    throw badInput(
      'body.action',
      'applicant',
      `The applicant's account ${user.email} is disabled; enable it before approving.`,
    );
  }
  return { applicant: applicant as Applicant & { uid: string; email: string }, user };
}
