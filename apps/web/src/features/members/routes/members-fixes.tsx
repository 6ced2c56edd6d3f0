import type { MemberFixCheck } from '@ops/contract';
import { useState } from 'react';
import { FixesScreen } from '@/components/fixes/fixes-screen';
import { PageOfList } from '@/components/screen';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { useLiveMemberFixes, useMemberFixesSummary } from '../api/get-member-fixes-summary';
import { AssociationLinkFindings } from '../components/fixes-association-links';
import { DuplicateFindings } from '../components/fixes-duplicates';
import { InvalidEmailFindings } from '../components/fixes-invalid-email';
import { NoCountryFindings } from '../components/fixes-no-country';
import { FixesPanel } from '../components/fixes-panel';

type FindingsProps = {
  limit: number;
  canEdit: boolean;
  onResult: (message: string) => void;
};

function Findings({ check, ...props }: FindingsProps & { check: MemberFixCheck }) {
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
}

/**
 * Member fixes: every check with its count, findings with the proposed repair in words and a
 * one-click, audited repair (or a merge that asks which record survives). Refreshes live when
 * members or countries change; without `members.edit` the findings show but not the buttons.
 */
export function MembersFixesRoute() {
  const canEdit = useCan('members.edit');
  const summary = useMemberFixesSummary();
  const [result, setResult] = useState<string | null>(null);
  useLiveMemberFixes();

  return (
    <PageOfList listHref={paths.members.getHref()} listTitle="Members">
      <FixesScreen
        title="Member fixes"
        description="Checks that find data problems among live members, each with a one-click repair or merge recorded in the records' history."
        closeHref={paths.members.getHref()}
        canEdit={canEdit}
        repairingRoles="the membership or admin role"
        summary={{
          isPending: summary.isPending,
          error: summary.error,
          hasData: summary.data !== undefined,
          refetch: summary.refetch,
        }}
        result={result}
        onDismissResult={() => setResult(null)}
      >
        {summary.data?.checks.map((check) => (
          <FixesPanel
            key={check.check}
            title={check.title}
            description={check.description}
            count={check.count}
          >
            {(limit) => (
              <Findings check={check.check} limit={limit} canEdit={canEdit} onResult={setResult} />
            )}
          </FixesPanel>
        ))}
      </FixesScreen>
    </PageOfList>
  );
}
