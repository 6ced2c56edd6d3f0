import type { TInvalidEmailFinding } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import type { FindingProps, FindingsProps } from '@/components/fixes/fixes-route';
import { useMemberFixFindings } from '../api/get-member-fix-findings';
import { useMemberFixRepair } from '../api/repair-member-fix';
import {
  FindingField,
  FindingsList,
  inputClass,
  MemberFindingCard,
  RepairForm,
} from './fixes-panel';

/** Members without a valid e-mail: set the corrected address (proposed when tidying works) or clear it. */
export function InvalidEmailFindings({ limit, canEdit, onResult }: FindingsProps) {
  const query = useMemberFixFindings('invalid-email', limit, true);
  return (
    <FindingsList query={query} keyOf={(finding) => finding.member.mid}>
      {(finding) => <InvalidEmailFinding finding={finding} canEdit={canEdit} onResult={onResult} />}
    </FindingsList>
  );
}

function InvalidEmailFinding({ finding, canEdit, onResult }: FindingProps<TInvalidEmailFinding>) {
  const { member } = finding;
  const [email, setEmail] = useState(finding.proposedEmail ?? '');
  const repair = useMemberFixRepair(onResult);
  const identity = { mid: member.mid, version: member.version };
  return (
    <MemberFindingCard
      finding={finding}
      error={repair.error}
      actions={
        canEdit ? (
          <>
            <RepairForm
              onSubmit={() =>
                repair.mutate({
                  check: 'invalid-email',
                  body: { ...identity, action: 'set', email },
                })
              }
            >
              <FindingField label={`Corrected e-mail of ${member.number}`}>
                {(id) => (
                  <input
                    id={id}
                    type="text"
                    inputMode="email"
                    autoComplete="off"
                    spellCheck={false}
                    required
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    className={`${inputClass} w-64 max-w-full`}
                  />
                )}
              </FindingField>
              <Button type="submit" isBusy={repair.isPending}>
                Set e-mail
              </Button>
            </RepairForm>
            <Button
              variant="secondary"
              isBusy={repair.isPending}
              onClick={() =>
                repair.mutate({ check: 'invalid-email', body: { ...identity, action: 'clear' } })
              }
            >
              Clear e-mail
            </Button>
          </>
        ) : null
      }
    >
      <p className="text-slate-600">
        E-mail now:{' '}
        <code className="rounded bg-slate-100 px-1 font-mono whitespace-pre-wrap text-slate-900">
          {JSON.stringify(member.email ?? '')}
        </code>{' '}
        — {finding.problem}
      </p>
    </MemberFindingCard>
  );
}
