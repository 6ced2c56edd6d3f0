import type { TSearchHit } from '@ops/contract';
import {
  memo,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { MagnifierIcon } from '@/components/icons';
import { ProgressBar } from '@/components/progress-bar';
import { useSearchResults } from '../api/use-search-results';
import { paletteTransitionOutMs } from '../utils/constants';
import { getHitHref, getHitLabel } from '../utils/hits';
import { SearchErrorMessage } from './search-error-message';
import { TypeBadge } from './type-badge';

export type SearchPaletteProps = {
  /** Whether the palette is shown; the shell owns this state (Ctrl+K / Cmd+K, the sidebar button). */
  open: boolean;
  /** Called when the palette asks to close (Escape, a click outside, a result chosen). */
  onClose: () => void;
  /**
   * What was typed between Ctrl+K and the field taking the focus (the palette's code may still
   * have been loading); the field starts with it, so no keystroke is lost.
   */
  readTypedAhead?: () => string;
};

// Spec §9: 300 ms in, 200 ms out (utils/constants.ts holds the numbers, checked against the
// contract). The native <dialog> stays in the top layer while it fades out thanks to
// `display` and `overlay` transitioning discretely; @starting-style gives the fade-in its start.
const dialogMotion = [
  'opacity-0 scale-95 transition-[opacity,scale,display,overlay] transition-discrete duration-200 ease-in',
  'open:opacity-100 open:scale-100 open:duration-300 open:ease-out',
  'starting:open:opacity-0 starting:open:scale-95',
  'backdrop:bg-slate-900/0 backdrop:transition-[background-color,display,overlay] backdrop:transition-discrete backdrop:duration-200',
  'open:backdrop:bg-slate-900/40 open:backdrop:duration-300 starting:open:backdrop:bg-slate-900/0',
  'motion-reduce:transition-none motion-reduce:backdrop:transition-none',
].join(' ');

type HitOptionProps = {
  hit: TSearchHit;
  index: number;
  id: string;
  isActive: boolean;
  onPick: (hit: TSearchHit) => void;
  onHover: (index: number) => void;
};

/** One result; memoized so that moving the active one re-renders two rows, not twenty. */
const HitOption = memo(function HitOption({
  hit,
  index,
  id,
  isActive,
  onPick,
  onHover,
}: HitOptionProps) {
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

/**
 * Spec §2 "Search palette": a modal combobox (WAI-ARIA pattern: the focus stays in the input,
 * arrow keys move the active option) listing name or id, a type badge and the description of
 * each hit; Enter or a click goes to the hit's detail route and closes the palette.
 */
export function SearchPalette({ open, onClose, readTypedAhead }: SearchPaletteProps) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Where a press on the dialog started: a drag from the input to the backdrop is no click. */
  const pressTarget = useRef<EventTarget | null>(null);
  const listId = useId();
  const [text, setText] = useState(() => (open ? (readTypedAhead?.() ?? '') : ''));
  // No option is active until an arrow key (or the mouse) picks one; Enter alone opens the first.
  const [activeIndex, setActiveIndex] = useState(-1);

  // Opening starts from an empty field, even when it reopens before the clean-up below ran.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setText(readTypedAhead?.() ?? '');
      setActiveIndex(-1);
    }
  }

  const { q, hits, answeredQuery, isAnswered, isFetching, error } = useSearchResults(text);

  // A new answer starts with no active option again.
  const [activeFor, setActiveFor] = useState(answeredQuery);
  if (activeFor !== answeredQuery) {
    setActiveFor(answeredQuery);
    setActiveIndex(-1);
  }
  const active = Math.min(activeIndex, hits.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      // showModal traps the focus and makes the page behind inert; on close the browser puts
      // the focus back where it was (the sidebar button, or wherever Ctrl+K was pressed).
      if (!dialog.open) dialog.showModal();
      inputRef.current?.focus();
      // Letters typed until this moment were kept aside (React may reveal a freshly loaded
      // palette a few hundred milliseconds after its first render); the field takes them now.
      const typedAhead = readTypedAhead?.() ?? '';
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the keys arrived outside React
      if (typedAhead !== '') setText(typedAhead);
      return;
    }
    if (dialog.open) dialog.close();
    // Spec §2: the query is cleared after closing, once the fade-out is over.
    const timer = setTimeout(() => {
      setText('');
      setActiveIndex(-1);
    }, paletteTransitionOutMs);
    return () => clearTimeout(timer);
  }, [open, readTypedAhead]);

  useEffect(() => {
    if (active < 0) return;
    listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const pick = useCallback(
    (hit: TSearchHit) => {
      onClose();
      void navigate(getHitHref(hit));
    },
    [navigate, onClose],
  );

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const count = hits.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault(); // the caret stays where it is
      if (count === 0) return;
      // From no active option, Down goes to the first and Up to the last; both wrap around.
      const next =
        event.key === 'ArrowDown' ? (active + 1) % count : active <= 0 ? count - 1 : active - 1;
      setActiveIndex(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active >= 0 ? active : 0];
      if (hit) pick(hit);
    }
  }

  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    // The panel fills the dialog box, so only a click on the backdrop targets the dialog.
    const isOnBackdrop =
      event.target === event.currentTarget && pressTarget.current === event.currentTarget;
    if (isOnBackdrop) onClose();
  }

  const isExpanded = hits.length > 0;
  const showNoResult = q !== '' && isAnswered && hits.length === 0 && !error;

  return (
    <dialog
      ref={dialogRef}
      aria-label="Search"
      onCancel={(event) => {
        // Escape: the shell owns the open state, so ask it rather than closing here.
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (Chromium may ignore preventDefault on a repeated
        // Escape): tell the shell, which still thinks it is open.
        if (open) onClose();
      }}
      onMouseDown={(event) => (pressTarget.current = event.target)}
      onClick={onDialogClick}
      className={[
        'fixed inset-x-0 top-[12vh] mx-auto my-0 w-[min(40rem,calc(100%-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl',
        dialogMotion,
      ].join(' ')}
    >
      <div className="flex flex-col">
        {/* The input's focus shows as a sky line under the field (the dialog is its frame). */}
        <div className="relative flex items-center gap-2 border-b border-slate-200 px-4 focus-within:shadow-[inset_0_-2px_0] focus-within:shadow-sky-600">
          <MagnifierIcon className="size-5 shrink-0 text-slate-500" />
          <input
            ref={inputRef}
            type="text"
            role="combobox"
            aria-label="Search"
            aria-autocomplete="list"
            aria-expanded={isExpanded}
            aria-controls={listId}
            aria-activedescendant={isExpanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="Search..."
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onInputKeyDown}
            className="h-12 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
          />
          {isFetching ? (
            // Only a search that takes a while shows the bar (it fades in after 150 ms).
            <div className="absolute inset-x-0 bottom-0 transition-opacity delay-150 duration-150 starting:opacity-0">
              <ProgressBar label="Searching" />
            </div>
          ) : null}
        </div>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Search results"
          // Which query the shown answer belongs to (tests and the palette-keystroke benchmark
          // wait for it).
          data-query={answeredQuery}
          hidden={!isExpanded}
          className="max-h-72 overflow-y-auto overscroll-contain p-2"
        >
          {hits.map((hit, index) => (
            <HitOption
              key={hit.id}
              hit={hit}
              index={index}
              id={optionId(index)}
              isActive={index === active}
              onPick={pick}
              onHover={setActiveIndex}
            />
          ))}
        </ul>
        {showNoResult ? (
          <p role="status" className="px-4 py-6 text-center text-sm text-slate-600">
            No result found.
          </p>
        ) : null}
        {error && q !== '' ? (
          <div className="p-3">
            <SearchErrorMessage error={error} />
          </div>
        ) : null}
        <p className="flex gap-4 border-t border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600">
          <span>
            <Key>↑</Key> <Key>↓</Key> to move
          </span>
          <span>
            <Key>Enter</Key> to open (the first by default)
          </span>
          <span>
            <Key>Esc</Key> to close
          </span>
        </p>
      </div>
    </dialog>
  );
}

function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white px-1 font-sans text-[0.7rem] text-slate-700">
      {children}
    </kbd>
  );
}
