import type { TSearchHit } from '@ops/contract';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useNavigate } from 'react-router';
import { useSearchResults } from '../api/use-search-results';
import { paletteTransitionOutMs } from '../utils/constants';
import { getHitHref } from '../utils/hits';
import type { SearchPaletteProps } from './search-palette';

/**
 * The palette's state and behaviour: the typed text (typed-ahead letters included), the active
 * option, the dialog opened and closed with the shell's state, and the keys and clicks.
 */
export function useSearchPalette({ open, onClose, typedAhead }: SearchPaletteProps) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** Where a press on the dialog started: a drag from the input to the backdrop is no click. */
  const pressTarget = useRef<EventTarget | null>(null);
  const listId = useId();
  const [text, setText] = useState(() => (open ? (typedAhead?.read() ?? '') : ''));
  // No option is active until an arrow key (or the mouse) picks one; Enter alone opens the first.
  const [activeIndex, setActiveIndex] = useState(-1);

  // Opening starts from an empty field, even when it reopens before the clean-up below ran.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setText(typedAhead?.read() ?? '');
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

  // A layout effect: the kept letters reach the field in the same task as the focus. With a passive
  // effect, a key typed between the focus and React's next render went into the field's old value,
  // and that render then overwrote the kept letters or the new one ("spdition" for "spedition").
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open) {
      // showModal traps the focus and makes the page behind inert; on close the browser puts
      // the focus back where it was (the sidebar button, or wherever Ctrl+K was pressed).
      if (!dialog.open) dialog.showModal();
      inputRef.current?.focus();
      // Letters typed until this moment were kept aside (React may reveal a freshly loaded
      // palette a few hundred milliseconds after its first render); the field takes them now.
      const kept = typedAhead?.read() ?? '';
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the keys arrived outside React
      if (kept !== '') setText(kept);
      typedAhead?.handOver(inputRef.current);
      return;
    }
    if (dialog.open) dialog.close();
    // Spec §2: the query is cleared after closing, once the fade-out is over.
    const timer = setTimeout(() => {
      setText('');
      setActiveIndex(-1);
    }, paletteTransitionOutMs);
    return () => clearTimeout(timer);
  }, [open, typedAhead]);

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

  function onDialogMouseDown(event: MouseEvent<HTMLDialogElement>) {
    pressTarget.current = event.target;
  }

  function onDialogClick(event: MouseEvent<HTMLDialogElement>) {
    // The panel fills the dialog box, so only a click on the backdrop targets the dialog.
    const isOnBackdrop =
      event.target === event.currentTarget && pressTarget.current === event.currentTarget;
    if (isOnBackdrop) onClose();
  }

  return {
    dialogRef,
    inputRef,
    listRef,
    listId,
    text,
    setText,
    setActiveIndex,
    q,
    hits,
    answeredQuery,
    isAnswered,
    isFetching,
    error,
    active,
    optionId,
    pick,
    onInputKeyDown,
    onDialogMouseDown,
    onDialogClick,
  };
}
