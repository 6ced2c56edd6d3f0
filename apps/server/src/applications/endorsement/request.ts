import type { Actor } from '../../db/audit';
import { updateRecord } from '../../db/records';
import { countryAssociationOf, needsEndorsement, type ApplicationRow } from '../detail';
import type { Trx } from '../workflow/context';
import { openEndorsementLink, type EndorsementMailContext } from './links';

/**
 * The portal's submission of an application that needs its national association's endorsement
 * (the console's rule, `needsEndorsement`): in the submission's transaction it goes on to
 * `awaiting-endorsement` with the country's association named, and the association's contacts
 * get their link. Others stay `submitted` for headquarters.
 */
export async function requestEndorsementOnSubmit(
  trx: Trx,
  context: EndorsementMailContext,
  actor: Actor,
  row: ApplicationRow,
): Promise<ApplicationRow> {
  const association = await countryAssociationOf(trx, row.country_iso2);
  if (!needsEndorsement(row, association?.mid ?? null)) return row;
  const mid = row.endorsing_association_mid ?? association?.mid;
  if (!mid) return row;
  const updated = await updateRecord(
    trx,
    actor,
    'applications',
    row,
    { status: 'awaiting-endorsement', endorsing_association_mid: mid },
    { action: 'request-endorsement' },
  );
  await openEndorsementLink(trx, context, actor, updated, mid);
  return updated;
}
