import type { TAssociationLinkFinding, TAssociationLinkRepair } from '@ops/contract';
import { Link } from 'react-router';
import { Button } from '@ops/ui/button';
import { paths } from '@/config/paths';
import type { FindingProps, FindingsProps } from '@/components/fixes/fixes-route';
import { useMemberFixFindings } from '../api/get-member-fix-findings';
import { useMemberFixRepair } from '../api/repair-member-fix';
import { FindingCard, FindingsList, MemberLink } from './fixes-panel';
import { labelOf, memberCategoryLabels, memberStatusLabel } from '@/lib/labels';

const problemLabels: Record<TAssociationLinkFinding['problem'], string> = {
  'not-an-association': 'not an association',
  deleted: 'deleted',
  ended: 'membership ended',
};

/** Links to members that are not live associations: relink to the country's, or clear. */
export function AssociationLinkFindings({ limit, canEdit, onResult }: FindingsProps) {
  const query = useMemberFixFindings('association-link', limit, true);
  return (
    <FindingsList query={query} keyOf={(finding) => `${finding.kind}:${finding.id}`}>
      {(finding) => (
        <AssociationLinkFinding finding={finding} canEdit={canEdit} onResult={onResult} />
      )}
    </FindingsList>
  );
}

function AssociationLinkFinding({
  finding,
  canEdit,
  onResult,
}: FindingProps<TAssociationLinkFinding>) {
  const repair = useMemberFixRepair(onResult);
  const { association, proposedAssociation } = finding;
  const base = { kind: finding.kind, id: finding.id, version: finding.version };
  const run = (body: TAssociationLinkRepair) => repair.mutate({ check: 'association-link', body });
  return (
    <FindingCard
      label={finding.label}
      proposal={finding.proposal}
      error={repair.error}
      actions={
        canEdit ? (
          <>
            {proposedAssociation ? (
              <Button
                isBusy={repair.isPending}
                onClick={() =>
                  run({ ...base, action: 'relink', associationMid: proposedAssociation.mid })
                }
              >
                Relink to {proposedAssociation.number}
              </Button>
            ) : null}
            <Button
              variant={proposedAssociation ? 'secondary' : 'primary'}
              isBusy={repair.isPending}
              onClick={() => run({ ...base, action: 'clear' })}
            >
              Clear link
            </Button>
          </>
        ) : null
      }
    >
      <p>
        <span className="mr-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
          {finding.kind === 'country' ? 'Country' : 'Member'}
        </span>
        {finding.kind === 'country' ? (
          <Link
            to={paths.country.getHref({ iso2: finding.id })}
            className="font-medium text-sky-800 underline decoration-sky-300 underline-offset-2"
          >
            {finding.label}
          </Link>
        ) : (
          <MemberLink mid={finding.id} number={finding.label} />
        )}
      </p>
      <p className="text-slate-600">
        National association:{' '}
        <MemberLink
          mid={association.mid}
          number={association.number}
          name={association.legalName}
        />{' '}
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
          {problemLabels[finding.problem]}
        </span>{' '}
        ({labelOf(memberCategoryLabels, association.category)},{' '}
        {memberStatusLabel(association.status).toLowerCase()}
        {association.isDeleted ? ', deleted' : ''})
      </p>
    </FindingCard>
  );
}
