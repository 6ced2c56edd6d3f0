import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { focusRing } from '@ops/ui/button';
import { ComboboxListbox, comboboxOptionId } from '@ops/ui/combobox-listbox';
import { useMemberSearch } from '@/lib/api/search-members';
import { getErrorMessage } from '@ops/ui/error-message';
import type { MemberOption } from '@/lib/search/member-hits';
import { StackedField, stackedFieldIds } from '../stacked-field';

/** Typing pauses this long before a search: each keystroke need not be a request. */
const debounceMs = 150;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? '' : debounced;
}

export type MemberPickerProps = {
  /** The field's label, e.g. "Member". */
  label: string;
  /** Called with the member the person chose (its `mid` is what forms and filters keep). */
  onChoose: (member: MemberOption) => void;
  isDisabled?: boolean;
  /** Focus the search box when shown (in a filter's dropdown). */
  autoFocus?: boolean;
  /** One line under the label. */
  help?: string;
};

/**
 * A searchable member picker: a person types part of a name, a number, an e-mail or a VAT
 * number, sees the matching members (name, number, country) and picks one with the mouse or
 * the keyboard (arrows, Enter, Escape). An ARIA combobox over a listbox. Never asks for an
 * internal id.
 */
export function MemberPicker({ label, onChoose, isDisabled, autoFocus, help }: MemberPickerProps) {
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const [isOpen, setIsOpen] = useState(false);
  const q = useDebounced(text.trim(), debounceMs);
  const search = useMemberSearch(q);
  const inputId = useId();
  const listId = useId();
  const { helpId } = stackedFieldIds(inputId);
  const options = q === '' ? [] : (search.data ?? []);
  const isShown = isOpen && q !== '';
  const active = options[Math.min(activeIndex, options.length - 1)];

  const choose = (member: MemberOption) => {
    onChoose(member);
    setText('');
    setIsOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) =>
        options.length === 0 ? 0 : (index + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      // Enter chooses the highlighted member rather than submitting the surrounding form.
      if (isShown && active) {
        event.preventDefault();
        choose(active);
      }
    } else if (event.key === 'Escape' && isShown) {
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
    }
  };

  return (
    <StackedField
      className="relative flex flex-col gap-1"
      controlId={inputId}
      label={label}
      help={help}
    >
      <input
        id={inputId}
        type="search"
        role="combobox"
        autoComplete="off"
        autoFocus={autoFocus}
        aria-expanded={isShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={help ? helpId : undefined}
        aria-activedescendant={isShown && active ? comboboxOptionId(listId, active.mid) : undefined}
        placeholder="Type a name or number…"
        value={text}
        disabled={isDisabled}
        onChange={(event) => {
          setText(event.target.value);
          setActiveIndex(0);
          setIsOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
        className={`rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm shadow-xs ${focusRing}`}
      />
      <ComboboxListbox
        id={listId}
        label={`Members matching ${text.trim()}`}
        isHidden={!isShown}
        options={options}
        active={active}
        getKey={(member) => member.mid}
        onChoose={choose}
        onActivate={setActiveIndex}
        renderOption={(member) => (
          <>
            <span className="font-medium text-slate-900">{member.name}</span>
            <span className="text-xs text-slate-600">
              {[member.number, member.country].filter(Boolean).join(' · ')}
            </span>
          </>
        )}
        emptyMessage={
          search.error
            ? `The search failed: ${getErrorMessage(search.error)}`
            : search.isFetching || search.data === undefined
              ? 'Searching…'
              : 'No member found.'
        }
        widthClassName="min-w-64"
      />
    </StackedField>
  );
}
