import { formatMoney } from '@ops/contract/display-format';
import { formatMemberDay, formatMemberMoney } from '@ops/contract/member-formats';
import { sql } from 'kysely';
import { queueInvoiceEmailIn } from '../../invoices';
import { applicationLanguage, mailFacts, queueApplicationEmail } from './applicant';
import { writeApplication } from './application-write';
import { createMember } from './approval/create-member';
import { issueFirstInvoice } from './approval/first-invoice';
import { linkOwner } from './approval/link-owner';
import { findOwnerUser } from './approval/owner-user';
import type { WorkflowStep } from './context';
import { clock } from '../../lib/clock';

/**
 * Rule 1 of domain.md, inside the caller's transaction: the member (pending payment, numbered),
 * the applicant's user linked as its owner, the first membership invoice issued, the "approved"
 * e-mail queued, and the application approved and pointing at its member.
 */
export const approve: WorkflowStep<'approve'> = async ({ trx, context, actor, row }) => {
  const { applicant, user } = await findOwnerUser(trx, row);
  // Headquarters' day (issue 30): approved at 00:30 on 1 January in Zurich, the member joins,
  // and its first invoice is dated and numbered, in the new year, though UTC still says 31 December.
  const today = clock.today();
  const member = await createMember(trx, actor, row, {
    fallbackEmail: applicant.email,
    today,
  });
  await linkOwner(trx, actor, user, member);
  const invoice = await issueFirstInvoice(trx, actor, row, member, today);

  // The new member took its country's language (migration 0030's trigger): write in it.
  const language = await applicationLanguage(trx, { ...row, member_mid: member.mid });
  const emailId = await queueApplicationEmail(trx, context, row, {
    kind: 'application-approved',
    language,
    to: applicant.email,
    variables: {
      ...mailFacts(row, applicant),
      member: { number: member.number },
      // In the member's language and its locale's formats (issue 32).
      invoice: {
        number: invoice.number,
        total: formatMemberMoney(invoice.fee, 'CHF', language),
        dueDate: formatMemberDay(invoice.dueDate, language),
      },
    },
  });
  // Issue 32: the invoice itself follows the "approved" e-mail (PDF with its QR-bill, payment
  // details), to the member's address, queued after it in the same transaction.
  const invoiceSentTo = await queueInvoiceEmailIn(trx, context.mailFrom, invoice.iid, {
    kind: 'invoice-issued',
    field: 'body.action',
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
    message: `Approved: member ${member.number} created (pending payment) with ${user.email} as its owner; invoice ${invoice.number} issued over ${formatMoney(invoice.fee, 'CHF')} for ${invoice.plan.months < 12 ? `${invoice.plan.months === 1 ? '1 month' : `${invoice.plan.months} months`} of ` : ''}${invoice.plan.year}; the applicant told by e-mail, and the invoice e-mailed to ${invoiceSentTo} with its PDF.`,
    member,
    invoice: { iid: invoice.iid, number: invoice.number },
    emailId,
  };
};
