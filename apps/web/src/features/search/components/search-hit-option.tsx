import type { TSearchHit } from '@ops/contract';
import { memo } from 'react';
import { getHitLabel } from '../utils/hits';
import { TypeBadge } from './type-badge';

type SearchHitOptionProps = {
  hit: TSearchHit;
  index: number;
  id: string;
  isActive: boolean;
  onPick: (hit: TSearchHit) => void;
  onHover: (index: number) => void;
};

/** One result; memoized so that moving the active one re-renders two rows, not twenty. */
export const SearchHitOption = memo(function SearchHitOption({
  hit,
  index,
  id,
  isActive,
  onPick,
  onHover,
}: SearchHitOptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={isActive}
      data-type={hit._type}
      data-record-id={hit._firestore_id}
      // The focus stays in the input (aria-activedescendant points here), so a press must
      // not move it; the click then picks the hit.
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={() => {
        if (!isActive) onHover(index);
      }}
      onClick={() => onPick(hit)}
      className={[
        'flex cursor-pointer items-start gap-3 rounded-md px-3 py-2',
        isActive ? 'bg-sky-50 shadow-[inset_3px_0_0] shadow-sky-600' : '',
      ].join(' ')}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900">{getHitLabel(hit)}</p>
        {hit.description ? (
          <p className="truncate text-xs text-slate-600">{hit.description}</p>
        ) : null}
      </div>
      <TypeBadge type={hit._type} />
    </li>
  );
});
