import { formatMoney } from '@ops/contract/display-format';
import { sql } from 'kysely';
import { applicationApprovedEmail, queueEmail } from '../../emails';
import { writeApplication } from './application-write';
import { createMember } from './approval/create-member';
import { issueFirstInvoice } from './approval/first-invoice';
import { linkOwner } from './approval/link-owner';
import { findOwnerUser } from './approval/owner-user';
import type { WorkflowStep } from './context';
import { formatChf, isoDay } from './fees';

/**
 * Rule 1 of domain.md, inside the caller's transaction: the member (pending payment, numbered),
 * the applicant's user linked as its owner, the first membership invoice issued, the "approved"
 * e-mail queued, and the application approved and pointing at its member.
 */
export const approve: WorkflowStep<'approve'> = async ({ trx, context, actor, row }) => {
  const { applicant, user } = await findOwnerUser(trx, row);
  const now = new Date();
  const member = await createMember(trx, actor, row, {
    fallbackEmail: applicant.email,
    today: isoDay(now),
  });
  await linkOwner(trx, actor, user, member);
  const invoice = await issueFirstInvoice(trx, actor, row, member, now);

  const emailId = await queueEmail(trx, context.mailFrom, {
    to: [applicant.email],
    ...applicationApprovedEmail({
      applicantName: applicant.name,
      applicationNumber: row.number,
      legalName: row.legal_name,
      memberNumber: member.number,
      invoiceNumber: invoice.number,
      amount: formatChf(invoice.fee),
      dueDate: invoice.dueDate,
    }),
    kind: 'application-approved',
    related: { table: 'applications', id: row.aid },
  });

  const updated = await writeApplication(
    trx,
    actor,
    row,
    {
      status: 'approved',
      member_mid: member.mid,
      decided_at: sql<Date>`now()`,
      reviewer_uid: actor.uid,
      decision_reason: null,
    },
    { action: 'approve' },
  );
  return {
    row: updated,
    message: `Approved: member ${member.number} created (pending payment) with ${user.email} as its owner, invoice ${invoice.number} issued over ${formatMoney(invoice.fee, 'CHF')}, and the applicant told by e-mail.`,
    member,
    invoice: { iid: invoice.iid, number: invoice.number },
    emailId,
  };
};
