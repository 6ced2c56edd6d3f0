import {
  memberFixCheckInfo,
  memberFixChecks,
  type MemberFixCheck,
  type TMemberFixesSummary,
  type TMemberFixFindingsPage,
  type TMemberFixFindingsQuery,
} from '@ops/contract';
import { associationLink } from './association-link';
import type { MemberFixCheckOperations } from './check-operations';
import { duplicateName } from './duplicate-name';
import { duplicateVat } from './duplicate-vat';
import type { Db } from './fix-member';
import { invalidEmail } from './invalid-email';
import { noCountry } from './no-country';

/**
 * Member fixes: five checks over live members, each one indexed query (migration 0008), and
 * their repairs. Every repair locks the records it touches, checks the versions the person read
 * (409 otherwise), writes `fix:<check>` audit entries with before and after, and runs in one
 * SERIALIZABLE transaction, so nothing is ever half-written.
 *
 * One file per check (`<check>.ts`, its count, findings and repair); this registry is what the
 * summary, the findings and the routes walk, so a new check is a new file and one line here.
 */
export const memberFixes: { [C in MemberFixCheck]: MemberFixCheckOperations<C> } = {
  'duplicate-name': duplicateName,
  'duplicate-vat': duplicateVat,
  'no-country': noCountry,
  'invalid-email': invalidEmail,
  'association-link': associationLink,
};

/** Every check with its count of findings (the checks run side by side). */
export async function getMemberFixesSummary(db: Db): Promise<TMemberFixesSummary> {
  const counts = await Promise.all(memberFixChecks.map((check) => memberFixes[check].count(db)));
  return {
    checks: memberFixChecks.map((check, i) => ({
      check,
      ...memberFixCheckInfo[check],
      count: counts[i] ?? 0,
    })),
  };
}

/** A page of one check's findings, with their number in all. */
export async function getMemberFixFindings(
  db: Db,
  check: MemberFixCheck,
  query: TMemberFixFindingsQuery,
): Promise<TMemberFixFindingsPage> {
  const found = await memberFixes[check].find(db, query);
  // The check's own findings under its name: the union the contract describes.
  return { check, offset: query.offset, limit: query.limit, ...found } as TMemberFixFindingsPage;
}

export type { MemberFixCheckOperations, MemberFixRepair } from './check-operations';
export { repairAssociationLink } from './association-link-repair';
export { describeEmailProblem, proposeEmail, repairMemberEmail } from './invalid-email';
export { mergeMembers } from './merge-members';
export { setMemberCountry } from './no-country';
