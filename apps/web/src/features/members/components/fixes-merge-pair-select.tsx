import { useId } from 'react';
import type { DuplicateMember } from './fixes-merge-comparison';
import { inputClass } from './fixes-panel';

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
    <div className="flex flex-col gap-1">
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        Compare {first.number} with
      </label>
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
    </div>
  );
}
