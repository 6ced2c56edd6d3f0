import { sql } from 'kysely';
import { badInput } from '../../errors';
import { openEndorsementLink, retireOpenLinks } from '../endorsement/links';
import { writeApplication } from './application-write';
import { plainOutcome, type WorkflowStep } from './context';

/**
 * Staff send the association a new link (issue 34): the one it had stops working (it says a newer
 * one was sent), the new one is valid 30 days from now with its own reminders.
 */
export const resendEndorsement: WorkflowStep<'resend-endorsement'> = async ({
  trx,
  context,
  actor,
  row,
}) => {
  const mid = row.endorsing_association_mid;
  if (!mid) {
    throw badInput(
      'body.action',
      'transition',
      `Application ${row.number} names no association to endorse it: request the endorsement.`,
    );
  }
  // The version moves, so the console's open screens hear of the new link.
  const updated = await writeApplication(
    trx,
    actor,
    row,
    { reviewer_uid: actor.uid },
    { action: 'resend-endorsement' },
  );
  const sent = await openEndorsementLink(trx, context, actor, updated, mid);
  return plainOutcome(
    updated,
    sent.sentTo.length > 0
      ? `A new endorsement link went to ${sent.sentTo.join(', ')}; the earlier link no longer works.`
      : 'The association has no user or e-mail address to write to: contact it directly.',
    sent.emailIds[0] ?? null,
  );
};

/**
 * Staff decide without the endorsement, with their reason (audited): the application returns to
 * `submitted`, marked waived, so the review can start; the link stops working and says so.
 */
export const waiveEndorsement: WorkflowStep<'waive-endorsement'> = async ({
  trx,
  actor,
  row,
  request,
}) => {
  await retireOpenLinks(trx, actor, row.aid, { waivedReason: request.reason });
  const updated = await writeApplication(
    trx,
    actor,
    row,
    {
      status: 'submitted',
      endorsement_waived_at: sql<Date>`now()`,
      decision_reason: request.reason,
      reviewer_uid: actor.uid,
    },
    { action: 'waive-endorsement', reason: request.reason },
  );
  return plainOutcome(
    updated,
    `The endorsement of application ${row.number} is waived: it can be reviewed without it.`,
  );
};
