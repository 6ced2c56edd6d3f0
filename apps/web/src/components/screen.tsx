import { createContext, use, useId, type ReactNode } from 'react';
import { useOutlet } from 'react-router';

type HeadingLevel = 2 | 3 | 4 | 5 | 6;

// The shell's "Operations" is the h1; a screen nested in another screen's outlet (a detail
// beside its list) takes the next heading level, so the outline follows the nesting.
const HeadingLevelContext = createContext<HeadingLevel>(2);

export type ScreenProps = {
  title: string;
  /** One line: what the screen is for. */
  description: ReactNode;
  /** Links or buttons shown next to the title. */
  actions?: ReactNode;
  children?: ReactNode;
};

/** A titled region of the console: a list, a detail, an upload form. */
export function Screen({ title, description, actions, children }: ScreenProps) {
  const level = use(HeadingLevelContext);
  const headingId = useId();
  const Heading = `h${level}` as const;
  const nextLevel = Math.min(level + 1, 6) as HeadingLevel;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </Heading>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </header>
      <HeadingLevelContext value={nextLevel}>{children}</HeadingLevelContext>
    </section>
  );
}

/** A list screen's body: the list, and beside it the child route (detail, upload, fixes). */
export function ListWithDetail({ children }: { children: ReactNode }) {
  const detail = useOutlet();
  return (
    <div className={detail ? 'grid gap-4 xl:grid-cols-2' : undefined}>
      <div className="min-w-0">{children}</div>
      {detail ? <div className="min-w-0">{detail}</div> : null}
    </div>
  );
}

/** Stands in for a list that a later issue builds; says so instead of showing made-up rows. */
export function ListPlaceholder({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500">
      {children}
    </p>
  );
}

/** The identifier a detail screen was opened with. */
export function RecordId({ label, value }: { label: string; value: string }) {
  return (
    <dl className="flex items-baseline gap-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800">{value}</code>
      </dd>
    </dl>
  );
}
