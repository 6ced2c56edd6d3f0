import { useId, type ReactNode } from 'react';
import { CopyButton } from './copy-button';

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export type DetailField = {
  label: string;
  /** What is shown; null, undefined or '' shows "Not set". */
  value: ReactNode;
  /** Adds a copy button for this text (identifiers, numbers, e-mail addresses). */
  copyValue?: string | null;
  /** The copy button's name, e.g. "membership number" (defaults to the label, lower-cased). */
  copyLabel?: string;
  /** Shows the value in a fixed-width font (ids, codes). */
  isCode?: boolean;
};

export type DetailFieldGroup = {
  title: string;
  fields: readonly (DetailField | false | null | undefined)[];
};

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === '' || value === false;
}

/** One labelled value of a `<dl>`: the label, the value (or "Not set") and its copy button. */
export function FieldRow({ label, value, copyValue, copyLabel, isCode = false }: DetailField) {
  return (
    <div className="grid grid-cols-[minmax(7rem,11rem)_minmax(0,1fr)] gap-x-3 gap-y-0.5 py-1.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-baseline gap-2 text-sm text-slate-900">
        {isEmpty(value) ? (
          // Italic sets it apart from values; slate-500 keeps 4.5:1 (slate-400 was 2.6:1).
          <span className="text-slate-500 italic">Not set</span>
        ) : (
          <span
            className={['min-w-0 [overflow-wrap:anywhere]', isCode ? 'font-mono' : ''].join(' ')}
          >
            {value}
          </span>
        )}
        {copyValue ? (
          <CopyButton value={copyValue} label={copyLabel ?? label.toLowerCase()} />
        ) : null}
      </dd>
    </div>
  );
}

/**
 * Groups of fields the way a person reads a record (identity, contact, address, …): each group
 * a titled section holding a `<dl>`. `headingLevel` is the level of the group titles: one below
 * the screen's own heading (a detail beside a list has an h3 title, so its groups are h4).
 */
export function FieldList({
  groups,
  headingLevel = 4,
}: {
  groups: readonly DetailFieldGroup[];
  headingLevel?: HeadingLevel;
}) {
  return (
    // Two columns only where the list of fields itself is wide (a detail beside a list is not).
    <div className="@container">
      <div className="grid gap-5 @2xl:grid-cols-2">
        {groups.map((group) => (
          <FieldGroup key={group.title} title={group.title} headingLevel={headingLevel}>
            {group.fields.map((field) =>
              field ? <FieldRow key={field.label} {...field} /> : null,
            )}
          </FieldGroup>
        ))}
      </div>
    </div>
  );
}

/** One titled group of `FieldRow`s (for screens that lay out their groups themselves). */
export function FieldGroup({
  title,
  headingLevel = 4,
  children,
}: {
  title: string;
  headingLevel?: HeadingLevel;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <Heading
        id={headingId}
        className="border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        {title}
      </Heading>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </section>
  );
}
