import { useId, useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { MemberChoices } from '@/components/member-picker';
import { memberStatusLabel } from '@/lib/labels';
import { StackedField } from '@/components/stacked-field';

/** The member a draft is for, with the label the form shows. */
export type ChosenMember = { mid: string; label: string };

/** The member field: the chosen member with a way to change it, else the picker. */
export function MemberField({
  member,
  onChange,
  isDisabled,
}: {
  member: ChosenMember | null;
  onChange: (member: ChosenMember | null) => void;
  isDisabled: boolean;
}) {
  return member ? (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-800">Member</span>
      <span data-testid="chosen-member">{member.label}</span>
      <Button variant="secondary" onClick={() => onChange(null)} disabled={isDisabled}>
        Change member
      </Button>
    </div>
  ) : (
    <MemberPicker onChoose={onChange} isDisabled={isDisabled} />
  );
}

/** The member search: a search over the members list and the matches to choose from. */
function MemberPicker({
  onChoose,
  isDisabled,
}: {
  onChoose: (member: ChosenMember) => void;
  isDisabled: boolean;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  return (
    <StackedField controlId={`${id}-member`} label="Member (name or membership number)">
      <input
        id={`${id}-member`}
        type="search"
        autoComplete="off"
        value={q}
        disabled={isDisabled}
        onChange={(event) => setQ(event.target.value)}
        className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-xs ${focusRing}`}
      />
      <MemberChoices q={q}>
        {(member) => (
          <button
            type="button"
            disabled={isDisabled}
            onClick={() =>
              onChoose({ mid: member.mid, label: `${member.legalName} (${member.number})` })
            }
            className={`w-full rounded-md border border-slate-200 bg-white px-3 py-1.5 text-left text-sm hover:bg-sky-50 ${focusRing}`}
          >
            {member.legalName}{' '}
            <span className="font-mono text-xs text-slate-500">{member.number}</span>
            <span className="text-xs text-slate-500">
              {' '}
              · {member.countryName ?? member.countryIso2 ?? 'no country'} ·{' '}
              {memberStatusLabel(member.status)}
            </span>
          </button>
        )}
      </MemberChoices>
    </StackedField>
  );
}
