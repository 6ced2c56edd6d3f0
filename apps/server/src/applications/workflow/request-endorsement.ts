import { applicationEndorsementRequestedEmail, queueEmail } from '../../emails';
import { badInput } from '../../errors';
import { countryAssociationOf, type ApplicationRow } from '../detail';
import { writeApplication } from './application-write';
import { plainOutcome, type Trx, type WorkflowStep } from './context';

/** The association that is to endorse: a current association member, else a 400 naming it. */
async function endorsingAssociation(trx: Trx, mid: string) {
  const association = await trx
    .selectFrom('members')
    .select(['mid', 'number', 'legal_name', 'email', 'category', 'status', 'deleted_at'])
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

async function countryName(trx: Trx, row: ApplicationRow): Promise<string | null> {
  const country = row.country_iso2
    ? await trx
        .selectFrom('countries')
        .select('name')
        .where('iso2', '=', row.country_iso2)
        .executeTakeFirst()
    : undefined;
  return country?.name ?? null;
}

/**
 * Sends the application to a national association for its written endorsement: the one the
 * operator names, else the one it already names, else its country's; the association is
 * e-mailed when it has an address.
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
  let emailId: string | null = null;
  if (association.email) {
    emailId = await queueEmail(trx, context.mailFrom, {
      to: [association.email],
      ...applicationEndorsementRequestedEmail({
        applicationNumber: row.number,
        legalName: row.legal_name,
        applicantName: null,
        associationName: association.legal_name,
        countryName: await countryName(trx, row),
      }),
      kind: 'application-endorsement-requested',
      related: { table: 'applications', id: row.aid },
    });
  }
  return plainOutcome(
    updated,
    `Endorsement requested from ${association.legal_name} (${association.number})${association.email ? `, by e-mail to ${association.email}` : ' (it has no e-mail address: contact it directly)'}.`,
    emailId,
  );
};
