import { badInput } from '../../errors';
import { countryAssociationOf } from '../detail';
import { openEndorsementLink } from '../endorsement/links';
import { writeApplication } from './application-write';
import { plainOutcome, type Trx, type WorkflowStep } from './context';

/** The association that is to endorse: a current association member, else a 400 naming it. */
async function endorsingAssociation(trx: Trx, mid: string) {
  const association = await trx
    .selectFrom('members')
    .select(['mid', 'number', 'legal_name', 'category', 'status', 'deleted_at'])
    .where('mid', '=', mid)
    .executeTakeFirst();
  if (
    !association ||
    association.deleted_at ||
    association.category !== 'association' ||
    ['terminated', 'resigned'].includes(association.status)
  ) {
    throw badInput(
      'body.endorsingAssociationMid',
      'association',
      `${association ? `${association.legal_name} (${association.number})` : mid} is not a current association member; only one can endorse.`,
    );
  }
  return association;
}

/**
 * Sends the application to a national association for its endorsement: the one the operator
 * names, else the one it already names, else its country's; its owner and admin users (else its
 * address) get the link to answer on the portal.
 */
export const requestEndorsement: WorkflowStep<'request-endorsement'> = async ({
  trx,
  context,
  actor,
  row,
  request,
}) => {
  const mid =
    request.endorsingAssociationMid ??
    row.endorsing_association_mid ??
    (await countryAssociationOf(trx, row.country_iso2))?.mid;
  if (!mid) {
    throw badInput(
      'body.endorsingAssociationMid',
      'required',
      'The country has no national association; name the association that should endorse it.',
    );
  }
  const association = await endorsingAssociation(trx, mid);
  const updated = await writeApplication(
    trx,
    actor,
    row,
    { status: 'awaiting-endorsement', endorsing_association_mid: mid, reviewer_uid: actor.uid },
    { action: 'request-endorsement' },
  );
  // The association answers by link (issue 34): a new one, any earlier waiting one retired.
  const sent = await openEndorsementLink(trx, context, actor, updated, mid);
  return plainOutcome(
    updated,
    `Endorsement requested from ${association.legal_name} (${association.number})${sent.sentTo.length > 0 ? `: its link e-mailed to ${sent.sentTo.join(', ')}` : ' (it has no user or e-mail address to write to: contact it directly)'}.`,
    sent.emailIds[0] ?? null,
  );
};
