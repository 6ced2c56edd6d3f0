import { MagnifierIcon } from '@/components/icons';
import { ProgressBar } from '@/components/progress-bar';
import { SearchHitOption } from './search-hit-option';
import { SearchErrorMessage } from './search-error-message';
import { SearchPaletteHints } from './search-palette-hints';
import { useSearchPalette } from './use-search-palette';

export type SearchPaletteProps = {
  /** Whether the palette is shown; the shell owns this state (Ctrl+K / Cmd+K, the sidebar button). */
  open: boolean;
  /** Called when the palette asks to close (Escape, a click outside, a result chosen). */
  onClose: () => void;
  /**
   * What was typed between Ctrl+K and the field taking the focus (the palette's code may still
   * have been loading); the field starts with it, so no keystroke is lost.
   */
  typedAhead?: TypedAhead;
};

/** The letters kept aside while the palette's field could not take them (lazy-search-palette). */
export type TypedAhead = {
  /** Everything kept since the palette opened. */
  read: () => string;
  /**
   * From now on, a key that would land outside any field (the focus lost for a moment, the field
   * re-rendered) moves the focus to this one first, so the letter lands in it instead of being
   * kept where nobody reads it any more.
   */
  handOver: (field: HTMLInputElement | null) => void;
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

/**
 * Spec §2 "Search palette": a modal combobox (WAI-ARIA pattern: the focus stays in the input,
 * arrow keys move the active option) listing name or id, a type badge and the description of
 * each hit; Enter or a click goes to the hit's detail route and closes the palette.
 */
export function SearchPalette(props: SearchPaletteProps) {
  const { open, onClose } = props;
  // The refs apart: the rest is read during render.
  const { dialogRef, inputRef, listRef, ...palette } = useSearchPalette(props);
  const { q, hits, error, active, optionId } = palette;

  const isExpanded = hits.length > 0;
  const showNoResult = q !== '' && palette.isAnswered && hits.length === 0 && !error;

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
      onMouseDown={palette.onDialogMouseDown}
      onClick={palette.onDialogClick}
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
            aria-controls={palette.listId}
            aria-activedescendant={isExpanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="Search..."
            value={palette.text}
            onChange={(event) => palette.setText(event.target.value)}
            onKeyDown={palette.onInputKeyDown}
            className="h-12 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
          />
          {palette.isFetching ? (
            // Only a search that takes a while shows the bar (it fades in after 150 ms).
            <div className="absolute inset-x-0 bottom-0 transition-opacity delay-150 duration-150 starting:opacity-0">
              <ProgressBar label="Searching" />
            </div>
          ) : null}
        </div>
        <ul
          ref={listRef}
          id={palette.listId}
          role="listbox"
          aria-label="Search results"
          // Which query the shown answer belongs to (tests and the palette-keystroke benchmark
          // wait for it).
          data-query={palette.answeredQuery}
          hidden={!isExpanded}
          className="max-h-72 overflow-y-auto overscroll-contain p-2"
        >
          {hits.map((hit, index) => (
            <SearchHitOption
              key={hit.id}
              hit={hit}
              index={index}
              id={optionId(index)}
              isActive={index === active}
              onPick={palette.pick}
              onHover={palette.setActiveIndex}
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
        <SearchPaletteHints />
      </div>
    </dialog>
  );
}
