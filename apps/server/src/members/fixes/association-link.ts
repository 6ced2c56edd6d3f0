import { ZAssociationLinkRepair } from '@ops/contract';
import { repairAssociationLink } from './association-link-repair';
import { findAssociationLinks } from './association-link-findings';
import {
  countBadCountryLinks,
  countBadMemberLinks,
  findBadAssociationTargets,
} from './association-targets';
import type { MemberFixCheckOperations } from './check-operations';
import type { Db } from './fix-member';

/**
 * Association links to non-associations: members and countries whose national association is not
 * an association member, or is deleted, terminated or resigned. The repair clears the link or
 * relinks it to a live association (`fix:association-link`).
 */

async function countAssociationLinks(db: Db): Promise<number> {
  const targets = await findBadAssociationTargets(db);
  const [members, countries] = await Promise.all([
    countBadMemberLinks(db, targets),
    countBadCountryLinks(db),
  ]);
  return members + countries;
}

export const associationLink: MemberFixCheckOperations<'association-link'> = {
  count: countAssociationLinks,
  find: findAssociationLinks,
  repair: {
    summary:
      "Clear a member's or country's link to a member that is not a live association, or relink it",
    body: ZAssociationLinkRepair,
    run: repairAssociationLink,
  },
};
