import type { ReactNode } from 'react';
import { ActionLink } from '@/components/action-link';
import { Button } from '@ops/ui/button';
import { Screen } from '@/components/screen';
import { getErrorMessage } from '@ops/ui/error-message';

export type FixesSummaryQuery = {
  isPending: boolean;
  error: unknown;
  hasData: boolean;
  refetch: () => unknown;
};

/**
 * The frame of an area's fixes screen (members, invoices): the checks' loading and failure, the
 * note for operators whose roles cannot repair, and the last repair's result (announced politely
 * and dismissable). The area renders its panels as children once the checks have run.
 */
export function FixesScreen({
  title,
  description,
  closeHref,
  canEdit,
  repairingRoles,
  summary,
  result,
  onDismissResult,
  children,
}: {
  title: string;
  description: string;
  closeHref: string;
  canEdit: boolean;
  /** Who may repair, for the read-only note: "the finance or admin role". */
  repairingRoles: string;
  summary: FixesSummaryQuery;
  result: string | null;
  onDismissResult: () => void;
  children: ReactNode;
}) {
  return (
    <Screen
      title={title}
      description={description}
      actions={<ActionLink to={closeHref}>Close</ActionLink>}
    >
      {!canEdit ? (
        <p className="rounded-md bg-slate-100 p-2 text-sm text-slate-700">
          Your operator roles let you see the findings; repairing them needs {repairingRoles}.
        </p>
      ) : null}
      <div role="status" aria-label="Repair result" aria-live="polite" className="empty:hidden">
        {result ? (
          <p className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-emerald-200 bg-emerald-50 p-2 text-sm text-emerald-950">
            <span>{result}</span>
            <button
              type="button"
              className="text-xs text-emerald-900 underline"
              onClick={onDismissResult}
            >
              Dismiss
            </button>
          </p>
        ) : null}
      </div>
      {summary.isPending ? <p className="text-sm text-slate-500">Running the checks…</p> : null}
      {summary.error && !summary.hasData ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-900">
          The checks could not be run: {getErrorMessage(summary.error)}
          <Button variant="secondary" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {summary.hasData ? <div className="flex flex-col gap-3">{children}</div> : null}
    </Screen>
  );
}
