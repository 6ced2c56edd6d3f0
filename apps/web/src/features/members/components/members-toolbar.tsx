import { useEffect, useId, useState } from 'react';
import { focusRing } from '@/components/button';
import { filterValues, memberStatuses, type MemberStatus } from '../utils/list-params';

/** How long the search box waits after the last keystroke before the list follows it. */
export const searchDebounceMs = 250;

/**
 * The search box: what is typed goes to the list after a short pause. It follows the URL when
 * the URL changes from elsewhere (clearing the filters, going back).
 */
export function MembersSearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    // The URL changed: show its search unless it is what is being typed.
    setShownQ(q);
    if (text.trim() !== q) setText(q);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === q) return;
    const timer = setTimeout(() => onSearch(next), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);

  return (
    <div className="flex min-w-56 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Search members
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Name, trade name or number"
        maxLength={200}
        className={`rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ${focusRing}`}
      />
    </div>
  );
}

/** Toggle chips for the status filter: none pressed shows every status. */
export function StatusFilter({
  filter,
  onToggle,
}: {
  filter: string | undefined;
  onToggle: (status: MemberStatus) => void;
}) {
  const id = useId();
  const selected = filterValues(filter);
  return (
    <div role="group" aria-labelledby={id} className="flex flex-col gap-1">
      <span id={id} className="text-sm font-medium text-slate-800">
        Status
      </span>
      <div className="flex flex-wrap gap-1.5">
        {memberStatuses.map((status) => {
          const isPressed = selected.includes(status);
          return (
            <button
              key={status}
              type="button"
              aria-pressed={isPressed}
              onClick={() => onToggle(status)}
              className={[
                'rounded-full border px-2.5 py-1 text-xs font-medium',
                focusRing,
                isPressed
                  ? 'border-sky-700 bg-sky-700 text-white hover:bg-sky-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              ].join(' ')}
            >
              {status}
            </button>
          );
        })}
      </div>
    </div>
  );
}
