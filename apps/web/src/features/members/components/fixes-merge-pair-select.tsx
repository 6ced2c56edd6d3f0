import { useId } from 'react';
import type { DuplicateMember } from './fixes-merge-comparison';
import { inputClass } from './fixes-panel';
import { StackedField } from '@/components/stacked-field';

type MergePairSelectProps = {
  members: DuplicateMember[];
  first: DuplicateMember;
  second: DuplicateMember;
  onSelect: (mid: string) => void;
};

/** In a group of more than two, which record the first is compared with (one pair at a time). */
export function MergePairSelect({ members, first, second, onSelect }: MergePairSelectProps) {
  const selectId = useId();
  return (
    <StackedField controlId={selectId} label={`Compare ${first.number} with`}>
      <select
        id={selectId}
        value={second.mid}
        onChange={(event) => onSelect(event.target.value)}
        className={inputClass}
      >
        {members
          .filter((member) => member.mid !== first.mid)
          .map((member) => (
            <option key={member.mid} value={member.mid}>
              {member.number} {member.legalName}
            </option>
          ))}
      </select>
    </StackedField>
  );
}
