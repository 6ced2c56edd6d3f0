import type { ReactNode } from 'react';

/** The DOM id of an option, for the field's `aria-activedescendant`. */
export function comboboxOptionId(listId: string, key: string): string {
  return `${listId}-${key}`;
}

export type ComboboxListboxProps<Option> = {
  /** The listbox's id: the field's `aria-controls`, and the prefix of every option's id. */
  id: string;
  /** The listbox's accessible name ("Members matching acme"). */
  label: string;
  isHidden: boolean;
  options: readonly Option[];
  /** The highlighted option (the field's `aria-activedescendant`), chosen by Enter. */
  active: Option | undefined;
  /** A stable key of an option: its React key and its id's suffix. */
  getKey: (option: Option) => string;
  onChoose: (option: Option) => void;
  /** The mouse is over an option: it becomes the highlighted one. */
  onActivate: (index: number) => void;
  /** An option's lines; the first is its name. */
  renderOption: (option: Option) => ReactNode;
  /** What the list says while it has no option (loading, nothing found, a failure). */
  emptyMessage: ReactNode;
  /** The list's width (it drops below its field, which is `relative`). */
  widthClassName: string;
};

/**
 * The dropdown of an ARIA combobox (the member picker, the "@" mention picker): the focus stays
 * in the field, which points at the highlighted option with `aria-activedescendant`; the field
 * owns the text, the matches and the keys, this list shows them and takes the mouse.
 */
export function ComboboxListbox<Option>({
  id,
  label,
  isHidden,
  options,
  active,
  getKey,
  onChoose,
  onActivate,
  renderOption,
  emptyMessage,
  widthClassName,
}: ComboboxListboxProps<Option>) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={label}
      hidden={isHidden}
      className={`absolute top-full z-20 mt-1 max-h-72 w-full ${widthClassName} overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg`}
    >
      {options.map((option, index) => (
        <li
          key={getKey(option)}
          id={comboboxOptionId(id, getKey(option))}
          role="option"
          aria-selected={option === active}
          // Chosen on mousedown, before the field's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(option);
          }}
          onMouseEnter={() => onActivate(index)}
          className={[
            'flex cursor-pointer flex-col px-3 py-1.5',
            option === active ? 'bg-sky-50' : '',
          ].join(' ')}
        >
          {renderOption(option)}
        </li>
      ))}
      {options.length === 0 ? (
        <li role="presentation" className="px-3 py-1.5 text-slate-600">
          {emptyMessage}
        </li>
      ) : null}
    </ul>
  );
}
