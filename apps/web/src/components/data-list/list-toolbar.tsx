import { useEffect, useId, useState } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { formatDate } from '@ops/ui/format';
import { Dropdown } from './dropdown';
import { filterSyntax, filterValues, formatRange, rangeOf, toggleFilterValue } from './list-state';
import type { DataListColumn, DataListFilter } from './types';
import { useEcho } from './use-echo';
import { MemberName, MemberPicker } from '@/components/member-picker';
import { StackedField } from '../stacked-field';

/** How long the search box waits after the last keystroke before the list follows it. */
export const searchDebounceMs = 250;

const inputClass = `rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ${focusRing}`;

/**
 * The search box: what is typed goes to the list after a short pause. It follows the URL when
 * the URL changes from elsewhere (clearing the filters, going back).
 */
export function SearchBox({
  label,
  placeholder,
  q,
  onSearch,
}: {
  label: string;
  placeholder?: string;
  q: string;
  onSearch: (q: string) => void;
}) {
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
    <StackedField controlId={id} label={label} className="flex min-w-56 flex-1 flex-col gap-1">
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        // Escape clears the search at once (issue 19), in every browser alike.
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || text === '') return;
          event.preventDefault();
          setText('');
          onSearch('');
        }}
        // `/` finds the box (the list's shortcut, data-list.tsx).
        data-list-search=""
        placeholder={placeholder}
        maxLength={200}
        className={inputClass}
      />
    </StackedField>
  );
}

/** A range's end as the chip shows it: a day in the console's one date format, "3 Sep 2026". */
const rangeEnd = (end: string) => (/^\d{4}-\d{2}-\d{2}$/.test(end) ? formatDate(end) : end);

/** How a filter's value reads on its chip: "active, overdue", "1 Jan 2020 – 31 Dec 2021". */
export function describeFilter(filter: DataListFilter, value: string): string {
  if (value === filterSyntax.empty) return 'no value';
  if (filter.kind === 'range' || value.includes(filterSyntax.range)) {
    const { from, to } = rangeOf(value);
    if (from && to) return `${rangeEnd(from)} – ${rangeEnd(to)}`;
    return from ? `from ${rangeEnd(from)}` : `until ${rangeEnd(to ?? '')}`;
  }
  if (filter.kind === 'one-of') {
    return filterValues(value)
      .map((item) => filter.options.find((option) => option.value === item)?.label ?? item)
      .join(', ');
  }
  return value;
}

function OneOfEditor({
  filter,
  value,
  onChange,
}: {
  filter: Extract<DataListFilter, { kind: 'one-of' }>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [shownValue, setShownValue] = useEcho(value);
  const isEmpty = shownValue === filterSyntax.empty;
  const selected = isEmpty ? [] : filterValues(shownValue);
  const change = (next: string | undefined) => {
    setShownValue(next);
    onChange(next);
  };
  return (
    <div className="flex flex-col gap-1.5">
      {filter.options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={selected.includes(option.value)}
            onChange={() => onChange(toggleFilterValue(isEmpty ? undefined : value, option.value))}
            className="size-4 accent-sky-700"
          />
          {option.label}
        </label>
      ))}
      {filter.allowsEmpty ? (
        <label className="flex items-center gap-2 border-t border-slate-100 pt-1.5 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={isEmpty}
            onChange={() => change(isEmpty ? undefined : filterSyntax.empty)}
            className="size-4 accent-sky-700"
          />
          No value
        </label>
      ) : null}
    </div>
  );
}

function RangeEditor({
  filter,
  value,
  onChange,
}: {
  filter: Extract<DataListFilter, { kind: 'range' }>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const initial = rangeOf(value);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const fromId = useId();
  const toId = useId();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(formatRange(from, to));
      }}
    >
      <div className="flex gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={fromId} className="text-xs font-medium text-slate-700">
            From
          </label>
          <input
            id={fromId}
            type={filter.input}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            className={`${inputClass} w-36`}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={toId} className="text-xs font-medium text-slate-700">
            To
          </label>
          <input
            id={toId}
            type={filter.input}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            className={`${inputClass} w-36`}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit">Apply</Button>
        {filter.allowsEmpty ? (
          <Button variant="secondary" onClick={() => onChange(filterSyntax.empty)}>
            No value
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function TextEditor({
  filter,
  value,
  onChange,
}: {
  filter: Extract<DataListFilter, { kind: 'text' }>;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const id = useId();
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(text.trim() || undefined);
      }}
    >
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {filter.label} is one of (comma-separated)
      </label>
      <input
        id={id}
        value={text}
        placeholder={filter.placeholder}
        onChange={(event) => setText(event.target.value)}
        className={inputClass}
      />
      <Button type="submit">Apply</Button>
    </form>
  );
}

/**
 * A filter as a chip: its name, and its value when set; the chip opens the editor, the ✕ next
 * to a set chip removes it.
 */
export function FilterChip({
  filter,
  value,
  onChange,
}: {
  filter: DataListFilter;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const isSet = value !== undefined;
  return (
    <div className="flex items-center">
      <Dropdown
        isActive={isSet}
        panelLabel={`${filter.label} filter`}
        label={
          isSet ? (
            <span className="truncate">
              {filter.label}:{' '}
              <strong>
                {filter.kind === 'member' && value !== filterSyntax.empty ? (
                  <MemberName mid={value} />
                ) : (
                  describeFilter(filter, value)
                )}
              </strong>
            </span>
          ) : (
            filter.label
          )
        }
      >
        {filter.kind === 'one-of' ? (
          <OneOfEditor filter={filter} value={value} onChange={onChange} />
        ) : filter.kind === 'member' ? (
          <MemberPicker
            label={filter.label}
            autoFocus
            onChoose={(member) => onChange(member.mid)}
          />
        ) : filter.kind === 'range' ? (
          // A new value (from the URL) starts the editor afresh.
          <RangeEditor key={value ?? ''} filter={filter} value={value} onChange={onChange} />
        ) : (
          <TextEditor key={value ?? ''} filter={filter} value={value} onChange={onChange} />
        )}
      </Dropdown>
      {isSet ? (
        <button
          type="button"
          aria-label={`Remove the ${filter.label} filter`}
          onClick={() => onChange(undefined)}
          className={`ml-0.5 rounded-full px-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 ${focusRing}`}
        >
          ✕
        </button>
      ) : null}
    </div>
  );
}

/** Which columns show, in the list's order; at least one stays. */
export function ColumnChooser<Row>({
  columns,
  visible,
  onChange,
  onReset,
}: {
  columns: readonly DataListColumn<Row>[];
  visible: readonly string[];
  onChange: (visible: string[]) => void;
  onReset: () => void;
}) {
  const [shown, setShown] = useEcho(visible);
  return (
    <Dropdown label="Columns" panelLabel="Columns shown">
      <div className="flex flex-col gap-1.5">
        {columns.map((column) => {
          const isShown = shown.includes(column.id);
          const isLast = isShown && shown.length === 1;
          return (
            <label key={column.id} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={isShown}
                disabled={isLast || column.isPrimary}
                onChange={() => {
                  const next = columns
                    .map((item) => item.id)
                    .filter((id) => (id === column.id ? !isShown : shown.includes(id)));
                  setShown(next);
                  onChange(next);
                }}
                className="size-4 accent-sky-700"
              />
              {column.label}
            </label>
          );
        })}
        <Button variant="secondary" className="mt-1" onClick={onReset}>
          Reset columns
        </Button>
      </div>
    </Dropdown>
  );
}
