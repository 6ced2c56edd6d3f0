import type { MemberFixCheck } from '@ops/contract';
import { useState } from 'react';
import { ActionLink } from '@/components/action-link';
import { Button } from '@/components/button';
import { Screen } from '@/components/screen';
import { paths } from '@/config/paths';
import { getErrorMessage } from '@/lib/error-message';
import { useCan } from '@/lib/permissions';
import { useLiveMemberFixes, useMemberFixesSummary } from '../api/fixes-queries';
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
    <Screen
      title="Member fixes"
      description="Checks that find data problems among live members, each with a one-click repair or merge recorded in the records' history."
      actions={<ActionLink to={paths.members.getHref()}>Close</ActionLink>}
    >
      {!canEdit ? (
        <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-700">
          Your operator roles let you see the findings; repairing them needs the membership or admin
          role.
        </p>
      ) : null}
      <div role="status" aria-label="Repair result" aria-live="polite" className="empty:hidden">
        {result ? (
          <p className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-2 text-sm text-emerald-950">
            <span>{result}</span>
            <button
              type="button"
              className="text-xs text-emerald-900 underline"
              onClick={() => setResult(null)}
            >
              Dismiss
            </button>
          </p>
        ) : null}
      </div>
      {summary.isPending ? <p className="text-sm text-slate-500">Running the checks…</p> : null}
      {summary.error && !summary.data ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-900">
          The checks could not be run: {getErrorMessage(summary.error)}
          <Button variant="secondary" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {summary.data ? (
        <div className="flex flex-col gap-3">
          {summary.data.checks.map((check) => (
            <FixesPanel
              key={check.check}
              title={check.title}
              description={check.description}
              count={check.count}
            >
              {(limit) => (
                <Findings
                  check={check.check}
                  limit={limit}
                  canEdit={canEdit}
                  onResult={setResult}
                />
              )}
            </FixesPanel>
          ))}
        </div>
      ) : null}
    </Screen>
  );
}
