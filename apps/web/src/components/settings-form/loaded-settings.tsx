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
