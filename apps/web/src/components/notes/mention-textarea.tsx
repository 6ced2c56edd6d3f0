import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ComboboxListbox, comboboxOptionId } from '@ops/ui/combobox-listbox';
import type { NoteOperatorChoice } from '@/lib/api/notes';
import { mentionName } from './note-text';
import { findMentionQuery, insertMention, matchOperators, pickerKey } from './mentions';
import { StackedField, stackedFieldIds } from '../stacked-field';

export type MentionTextareaProps = {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Called when the person picks an operator to mention (its "@Name" is now in the text). */
  onMention: (operator: NoteOperatorChoice) => void;
  /** The active operators the picker offers (undefined while they load). */
  operators: readonly NoteOperatorChoice[] | undefined;
  /** One line under the label. */
  help?: string;
  /** The field's problem, shown under it in red. */
  error?: string | null;
  maxLength?: number;
  rows?: number;
  autoFocus?: boolean;
  /** Ctrl/⌘ Enter: send the note without reaching for the button. */
  onSubmitShortcut?: () => void;
};

/**
 * The note's text box with an "@" mention picker: typing "@" (at the start of a line or after a
 * space) lists the active operators, typing on filters them, the arrows move through them, Enter
 * or Tab writes "@Display Name" into the text, Escape closes the list and leaves the text as it
 * is. The textarea keeps its own role (HTML allows none other on a textarea) and points at the
 * listbox with `aria-controls`/`aria-activedescendant`, the text box + listbox form of the
 * ARIA combobox pattern.
 */
export function MentionTextarea({
  label,
  value,
  onChange,
  onMention,
  operators,
  help,
  error,
  maxLength,
  rows = 4,
  autoFocus,
  onSubmitShortcut,
}: MentionTextareaProps) {
  const id = useId();
  const listId = `${id}-operators`;
  const { helpId, errorId } = stackedFieldIds(id);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [activeIndex, setActiveIndex] = useState(0);
  /**
   * The "@" whose list is closed: Escape closed it, or an operator was chosen (the text after
   * it is now their name). It stays closed until that "@" is gone or another one is typed.
   */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const pendingCaret = useRef<number | null>(null);

  const mention = caret === null ? null : findMentionQuery(value, caret);
  const options = mention && operators ? matchOperators(operators, mention.query) : [];
  // A space in what follows "@" with no operator matching: the person was not naming anyone.
  const isOpen =
    mention !== null &&
    mention.start !== dismissedAt &&
    (options.length > 0 || !mention.query.includes(' '));
  const active = options[Math.min(activeIndex, options.length - 1)];

  // After a mention is written, the caret goes after it (once React has put the new text in).
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (pendingCaret.current === null || !textarea) return;
    textarea.setSelectionRange(pendingCaret.current, pendingCaret.current);
    setCaret(pendingCaret.current);
    pendingCaret.current = null;
  }, [value]);

  const readCaret = () => {
    const textarea = textareaRef.current;
    setCaret(textarea && textarea === document.activeElement ? textarea.selectionStart : null);
  };

  const choose = (operator: NoteOperatorChoice) => {
    if (!mention || caret === null) return;
    const next = insertMention(value, mention.start, caret, operator);
    pendingCaret.current = next.caret;
    setDismissedAt(mention.start);
    onMention(operator);
    onChange(next.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && onSubmitShortcut) {
      event.preventDefault();
      onSubmitShortcut();
      return;
    }
    if (!isOpen) return;
    const outcome = pickerKey(event.key, activeIndex, options.length);
    if (outcome.kind === 'none') return;
    event.preventDefault();
    if (outcome.kind === 'close') {
      // Escape closes the list only: a dialog around the field stays open.
      event.stopPropagation();
      if (mention) setDismissedAt(mention.start);
      return;
    }
    setActiveIndex(outcome.activeIndex);
    const chosen = options[outcome.activeIndex];
    if (outcome.kind === 'choose' && chosen) choose(chosen);
  };

  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <StackedField
      className="relative flex flex-col gap-1"
      controlId={id}
      label={label}
      help={help}
      error={error}
    >
      <textarea
        ref={textareaRef}
        id={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        autoFocus={autoFocus}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={isOpen && active ? comboboxOptionId(listId, active.uid) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => {
          const { value: text, selectionStart } = event.target;
          onChange(text);
          setCaret(selectionStart);
          setActiveIndex(0);
          if (findMentionQuery(text, selectionStart)?.start !== dismissedAt) setDismissedAt(null);
        }}
        onSelect={readCaret}
        onFocus={readCaret}
        onKeyDown={onKeyDown}
        onBlur={() => setCaret(null)}
        className={[
          'rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
          'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600',
          error ? 'border-red-600' : 'border-slate-300',
        ].join(' ')}
      />
      <ComboboxListbox
        id={listId}
        label="Operators to mention"
        isHidden={!isOpen}
        options={options}
        active={active}
        getKey={(operator) => operator.uid}
        onChoose={choose}
        onActivate={setActiveIndex}
        renderOption={(operator) => (
          <>
            <span className="font-medium text-slate-900">{mentionName(operator)}</span>
            {operator.displayName ? (
              <span className="text-xs text-slate-600">{operator.email}</span>
            ) : null}
          </>
        )}
        emptyMessage={
          operators === undefined ? 'Loading the operators…' : 'No active operator matches.'
        }
        widthClassName="max-w-sm"
      />
    </StackedField>
  );
}
