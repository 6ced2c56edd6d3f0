import { formatDate } from '@ops/contract/display-format';
import type { TEndorsement, TEndorsementDecisionRequest } from '@ops/contract';
import { sql } from 'kysely';
import { updateRecord } from '../../db/records';
import { writeTransaction } from '../../db/transaction';
import { AppError, badInput } from '../../errors';
import { clock, dayAtHeadquarters } from '../../lib/clock';
import { mailFacts, tellApplicant } from '../workflow/applicant';
import type { WorkflowContext } from '../workflow/context';
import { endorsementLinkActor, findLinkByToken } from './by-token';
import { linkState, updateLinkAudited, type EndorsementLinkRow } from './links';
import { federationContact, getEndorsement } from './read';

/** Who answered, as the link and the audit name it: the link e-mailed to its contacts. */
export const answeredBy = (link: EndorsementLinkRow) =>
  `the endorsement link e-mailed to ${link.sent_to.length > 0 ? link.sent_to.join(', ') : 'the association'}`;

/**
 * Refuses an answer through a link that can no longer take one: used (409 saying who answered,
 * when and what), expired or retired (whom to ask for a new one).
 */
export function refuseUnanswerable(
  link: EndorsementLinkRow,
  state: ReturnType<typeof linkState>,
  mailFrom: string,
): void {
  if (state === 'open') return;
  if (state === 'answered' && link.answered_at) {
    const what = link.decision === 'endorse' ? 'endorsed' : 'declined';
    throw new AppError(
      'aborted',
      `This link was used already: the application was ${what} on ${formatDate(dayAtHeadquarters(new Date(link.answered_at)))} through ${link.answered_by ?? 'it'}${link.reason ? ` (reason: ${link.reason})` : ''}.`,
    );
  }
  const ask = federationContact(mailFrom);
  throw new AppError(
    'aborted',
    state === 'expired'
      ? `This link expired on ${formatDate(dayAtHeadquarters(new Date(link.expires_at)))}. Ask ${ask} for a new one.`
      : `This link no longer works: a newer one was sent, or the application no longer waits for the endorsement. Ask ${ask}.`,
  );
}

/**
 * `POST /api/endorsements/{token}`: the association endorses (the application goes back to
 * headquarters' queue as `endorsed`; a letter is welcome, not required) or declines with a
 * reason (the application closes and the applicant is told, as the console's decline does).
 * The link is used once: the answer, and the application's step, are one transaction.
 */
export async function answerEndorsement(
  context: WorkflowContext,
  token: string,
  request: TEndorsementDecisionRequest,
): Promise<TEndorsement> {
  const reason = request.reason?.trim() ? request.reason.trim() : null;
  if (request.decision === 'decline' && !reason) {
    throw badInput('body.reason', 'required', 'Say why the association declines to endorse it.');
  }
  await writeTransaction(context.db, async (trx) => {
    const { link, application } = await findLinkByToken(trx, token, { forUpdate: true });
    refuseUnanswerable(link, linkState(link, application, clock.now()), context.mailFrom);
    await updateLinkAudited(
      trx,
      endorsementLinkActor,
      link,
      {
        answered_at: sql<Date>`now()`,
        decision: request.decision,
        reason,
        answered_by: answeredBy(link),
      },
      request.decision,
    );
    if (request.decision === 'endorse') {
      await updateRecord(
        trx,
        endorsementLinkActor,
        'applications',
        application,
        { status: 'endorsed' },
        { action: 'record-endorsement', reason: `Endorsed through ${answeredBy(link)}` },
      );
      return;
    }
    const declineReason = reason ?? '';
    await updateRecord(
      trx,
      endorsementLinkActor,
      'applications',
      application,
      {
        status: 'endorsement-declined',
        decision_reason: declineReason,
        decided_at: sql<Date>`now()`,
      },
      { action: 'decline-endorsement', reason: declineReason },
    );
    await tellApplicant(trx, context, application, 'application-endorsement-declined', (who) => ({
      ...mailFacts(application, who),
      reason: declineReason,
    }));
  });
  return getEndorsement(context.db, context.mailFrom, token);
}
