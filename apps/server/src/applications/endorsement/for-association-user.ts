import type { TEndorsementRequestItem } from '@ops/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { clock } from '../../lib/clock';
import { tokenOfLink } from './links';

/**
 * The endorsement requests waiting for the association of a signed-in portal user (issue 34: "a
 * signed-in user of that association also finds it in the portal"). Only the association's
 * owner and admin users, the very people the link is e-mailed to, and only links still open:
 * each item carries the link's page, its token opened from its seal, so that the portal's one
 * endorsement page (answer, letter, a used link's account) serves both ways in.
 */
export async function endorsementRequestsFor(
  db: Kysely<Database>,
  uid: string,
): Promise<TEndorsementRequestItem[]> {
  const links = await db
    .selectFrom('users as u')
    .innerJoin('endorsement_links as l', 'l.association_mid', 'u.member_mid')
    .innerJoin('applications as a', 'a.aid', 'l.aid')
    .innerJoin('members as m', 'm.mid', 'l.association_mid')
    .leftJoin('countries as c', 'c.iso2', 'a.country_iso2')
    .selectAll('l')
    .select([
      'a.number as application_number',
      'a.legal_name',
      'c.name as country_name',
      'm.legal_name as association_name',
    ])
    .where('u.uid', '=', uid)
    .where('u.member_role', 'in', ['owner', 'admin'])
    .where('u.disabled', '=', false)
    .where('u.deleted_at', 'is', null)
    .where('a.status', '=', 'awaiting-endorsement')
    .where('a.deleted_at', 'is', null)
    .where('l.answered_at', 'is', null)
    .where('l.superseded_at', 'is', null)
    .where('l.waived_at', 'is', null)
    .where('l.expires_at', '>', clock.now())
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
  return Promise.all(
    links.map(async (link) => ({
      applicationNumber: link.application_number,
      legalName: link.legal_name,
      countryName: link.country_name,
      associationName: link.association_name,
      sentAt: link.created_at.toISOString(),
      expiresAt: new Date(link.expires_at).toISOString(),
      path: `/endorse/${await tokenOfLink(db, link)}`,
    })),
  );
}
