import type { MemberFixCheck, TMemberFixesSummary } from '@ops/contract';
import { type FixesArea, FixesRoute } from '@/components/fixes/fixes-route';
import { paths } from '@/config/paths';
import { useLiveMemberFixes, useMemberFixesSummary } from '../api/get-member-fixes-summary';
import { AssociationLinkFindings } from '../components/fixes-association-links';
import { DuplicateFindings } from '../components/fixes-duplicates';
import { InvalidEmailFindings } from '../components/fixes-invalid-email';
import { NoCountryFindings } from '../components/fixes-no-country';

const memberFixes: FixesArea<MemberFixCheck, TMemberFixesSummary['checks'][number]> = {
  title: 'Member fixes',
  description:
    "Checks that find data problems among live members, each with a one-click repair or merge recorded in the records' history.",
  list: { href: paths.members.getHref(), title: 'Members' },
  repairAction: 'members.edit',
  repairingRoles: 'the membership or admin role',
  paging: 'more',
  // Each check's findings, as the server's registry has one per check.
  findings: (check, props) => {
    switch (check) {
      case 'duplicate-name':
      case 'duplicate-vat':
        return <DuplicateFindings check={check} {...props} />;
      case 'no-country':
        return <NoCountryFindings {...props} />;
      case 'invalid-email':
        return <InvalidEmailFindings {...props} />;
      case 'association-link':
        return <AssociationLinkFindings {...props} />;
    }
  },
};

/**
 * Member fixes: every check with its count, findings with the proposed repair in words and a
 * one-click, audited repair (or a merge that asks which record survives). Refreshes live when
 * members or countries change; without `members.edit` the findings show but not the buttons.
 */
export function MembersFixesRoute() {
  const summary = useMemberFixesSummary();
  useLiveMemberFixes();
  return <FixesRoute area={memberFixes} summary={summary} />;
}
