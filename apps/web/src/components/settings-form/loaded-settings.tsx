import type { ReactNode } from 'react';
import { getErrorMessage } from '@ops/ui/error-message';

/** What the screen reads of a TanStack query. */
type SettingsQuery<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: unknown;
};

/**
 * A settings screen's query: "Loading…" until it answers, its error if it failed, otherwise the
 * screen drawn from the data.
 */
export function LoadedSettings<T>({
  query,
  children,
}: {
  query: SettingsQuery<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p className="pt-4 text-sm text-slate-600">Loading…</p>;
  if (query.isError || query.data === undefined) {
    return (
      <p role="alert" className="pt-4 text-sm text-red-700">
        {getErrorMessage(query.error)}
      </p>
    );
  }
  return children(query.data);
}

/**
 * A settings screen of one section: its heading and what it does, then what `children` draws
 * from the loaded query (see `LoadedSettings`).
 */
export function SettingsScreen<T>({
  query,
  headingId,
  title,
  intro,
  children,
}: {
  query: SettingsQuery<T>;
  /** The heading's id, which names the section. */
  headingId: string;
  title: string;
  intro: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <LoadedSettings query={query}>
      {(data) => (
        <section aria-labelledby={headingId} className="flex flex-col gap-3 pt-4">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          <p className="text-sm text-slate-600">{intro}</p>
          {children(data)}
        </section>
      )}
    </LoadedSettings>
  );
}
