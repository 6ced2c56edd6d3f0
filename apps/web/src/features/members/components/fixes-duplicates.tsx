import type { TDuplicateFinding } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import type { FindingProps, FindingsProps } from '@/components/fixes/fixes-route';
import { useMemberFixFindings } from '../api/get-member-fix-findings';
import { useMemberFixRepair } from '../api/repair-member-fix';
import { FindingCard, FindingsList, MemberLink } from './fixes-panel';
import { MergeDialog, type DuplicateMember } from './fixes-merge-dialog';
import { labelOf, memberCategoryLabels, memberStatusLabel } from '@/lib/labels';

type DuplicateCheck = 'duplicate-name' | 'duplicate-vat';

function relatedSummary(member: DuplicateMember): string {
  const { related } = member;
  const parts = [
    `${related.invoices} invoice${related.invoices === 1 ? '' : 's'}${related.paidInvoices > 0 ? ` (${related.paidInvoices} paid)` : ''}`,
    `${related.users} user${related.users === 1 ? '' : 's'}`,
    `${related.certificates} certificate${related.certificates === 1 ? '' : 's'}`,
  ];
  if (related.applications > 0) parts.push(`${related.applications} application(s)`);
  if (related.associationLinks > 0) parts.push(`${related.associationLinks} association link(s)`);
  return parts.join(', ');
}

/** Duplicates by name and country, or by VAT number: each group merges into a chosen survivor. */
export function DuplicateFindings({
  check,
  limit,
  canEdit,
  onResult,
}: FindingsProps & { check: DuplicateCheck }) {
  const query = useMemberFixFindings(check, limit, true);
  return (
    <FindingsList
      query={query}
      keyOf={(finding) => finding.members.map((member) => member.mid).join(',')}
    >
      {(finding) => (
        <DuplicateFinding check={check} finding={finding} canEdit={canEdit} onResult={onResult} />
      )}
    </FindingsList>
  );
}

function DuplicateFinding({
  check,
  finding,
  canEdit,
  onResult,
}: FindingProps<TDuplicateFinding> & { check: DuplicateCheck }) {
  const [isMerging, setIsMerging] = useState(false);
  const repair = useMemberFixRepair(onResult);
  const numbers = finding.members.map((member) => member.number).join(', ');
  return (
    <FindingCard
      label={`Duplicates ${numbers}`}
      proposal={finding.proposal}
      error={isMerging ? null : repair.error}
      actions={
        canEdit ? (
          <Button
            onClick={() => {
              repair.reset();
              setIsMerging(true);
            }}
          >
            Merge…
          </Button>
        ) : null
      }
    >
      <ul className="flex flex-col gap-1">
        {finding.members.map((member) => (
          <li key={member.mid} className="flex flex-col">
            <span>
              <MemberLink mid={member.mid} number={member.number} name={member.legalName} />{' '}
              <span className="text-slate-500">
                · {member.countryName ?? 'no country'} ·{' '}
                {labelOf(memberCategoryLabels, member.category)} ·{' '}
                {memberStatusLabel(member.status)}
                {member.vatNumber ? ` · VAT ${member.vatNumber}` : ''}
              </span>
            </span>
            <span className="text-xs text-slate-500">{relatedSummary(member)}</span>
          </li>
        ))}
      </ul>
      <MergeDialog
        isOpen={isMerging}
        finding={finding}
        isBusy={repair.isPending}
        error={repair.error}
        onClose={() => setIsMerging(false)}
        onConfirm={(survivor, merged, confirmDifferentVatNumbers) =>
          repair.mutate(
            {
              check,
              body: {
                survivorMid: survivor.mid,
                survivorVersion: survivor.version,
                mergedMid: merged.mid,
                mergedVersion: merged.version,
                ...(confirmDifferentVatNumbers ? { confirmDifferentVatNumbers } : {}),
              },
            },
            { onSuccess: () => setIsMerging(false) },
          )
        }
      />
    </FindingCard>
  );
}
