import type { AuditTable, TAuditEntry, TAuditHistoryPage } from '@ops/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { apiRequest } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { areaKeys } from '@/lib/query-keys';
import { formatDate, formatDateTime, humanizeName } from '@ops/ui/format';
import { TableHeaderRow } from '@ops/ui/table-header-row';

const auditKeys = areaKeys('audit');

/** Cache keys of record histories: invalidate `record(table, id)` when the record changes. */
export const auditQueryKeys = {
  all: auditKeys.all,
  /** Every history of a table's records. */
  table: (table: AuditTable) => auditKeys.of(table),
  record: (table: AuditTable, id: string) => auditKeys.of(table, id),
};

const pageSize = 20;

export function auditHistoryPath(table: AuditTable, id: string, cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (cursor) query.set('cursor', cursor);
  return `/api/audit/${encodeURIComponent(table)}/${encodeURIComponent(id)}?${query}`;
}

export function auditHistoryQueryOptions(table: AuditTable, id: string) {
  return infiniteQueryOptions({
    queryKey: auditQueryKeys.record(table, id),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TAuditHistoryPage>(auditHistoryPath(table, id, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

const actionLabels: Record<string, string> = {
  create: 'Created',
  update: 'Edited',
  status: 'Status changed',
  delete: 'Deleted',
  restore: 'Restored',
  // Issue 19: a change to many records at once, and the Undo of a bulk action.
  'bulk-edit': 'Edited in bulk',
  undo: 'Undone',
  // Issue 34: the applicant's answer to a request for information, from the member portal.
  'answer-information': 'Answered',
};

/** "update" → "Edited"; an action without a label of its own is humanized ("set-password"). */
export function describeAction(action: string): string {
  return actionLabels[action] ?? humanizeName(action);
}

/** Who made a change, as a person reads it. */
export function describeActor(actor: TAuditEntry['actor']): string {
  if (actor.displayName && actor.email) return `${actor.displayName} (${actor.email})`;
  if (actor.email) return actor.email;
  if (actor.kind === 'cli') return 'Command line';
  if (actor.kind === 'system') return 'System';
  if (actor.kind === 'endorsement-link') return 'The national association, by its endorsement link';
  return actor.uid ? `Unknown ${actor.kind} ${actor.uid}` : `Unknown ${actor.kind}`;
}

/** A value of an audit entry as text; null for none (shown as "empty"). */
export function formatAuditValue(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') {
    // Times and dates as every screen shows them ("24 Nov 2026, 14:05", "24 Nov 2026").
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value)) return formatDateTime(value);
    return /^\d{4}-\d\d-\d\d$/.test(value) ? formatDate(value) : value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    return value.length === 0
      ? null
      : value.map((item) => formatAuditValue(item) ?? '—').join(', ');
  }
  return JSON.stringify(value);
}

/** The words of a field's coded values, e.g. `{status: {'pending-payment': 'Pending payment'}}`. */
export type HistoryValueLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

function Value({ value, labels }: { value: unknown; labels?: Readonly<Record<string, string>> }) {
  const text =
    labels && typeof value === 'string' && value in labels
      ? (labels[value] ?? value)
      : formatAuditValue(value);
  return text === null ? (
    <span className="text-slate-500 italic">empty</span>
  ) : (
    <span className="break-words whitespace-pre-wrap">{text}</span>
  );
}

export type RecordHistoryProps = {
  /** The record's table, as the audit API names it ("members"). */
  table: AuditTable;
  /** The record's id. */
  id: string;
  /** Labels of columns ("vat_number" → "VAT number"); others are humanized from the name. */
  fieldLabels?: Readonly<Record<string, string>>;
  /** Words for coded values (statuses, kinds), so a change reads "Active → Suspended". */
  valueLabels?: HistoryValueLabels;
};

function HistoryEntry({
  entry,
  fieldLabels,
  valueLabels,
}: {
  entry: TAuditEntry;
  fieldLabels: Readonly<Record<string, string>>;
  valueLabels: HistoryValueLabels;
}) {
  return (
    <li className="py-3">
      <p className="text-sm text-slate-900">
        <span className="font-medium">{describeAction(entry.action)}</span>
        <span className="text-slate-600">
          {' by '}
          {describeActor(entry.actor)}
          {' · '}
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
        </span>
      </p>
      {entry.reason ? (
        <p className="mt-1 text-sm text-slate-700">
          <span className="text-slate-500">Reason: </span>
          {entry.reason}
        </p>
      ) : null}
      {entry.changes.length > 0 ? (
        // Fixed columns, words broken anywhere: a long value (an address, an id) wraps in its cell
        // rather than widening the record past a phone's screen.
        <table className="mt-2 w-full table-fixed text-left text-sm [overflow-wrap:anywhere]">
          <caption className="sr-only">
            Fields changed: {describeAction(entry.action)}, {formatDateTime(entry.at)}
          </caption>
          <thead className="text-xs text-slate-500">
            <TableHeaderRow
              columns={[{ label: 'Field', className: 'w-1/4' }, 'Before', 'After']}
              padding="py-1"
              gap="pr-2"
            />
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {entry.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row" className="py-1 pr-2 font-normal text-slate-600">
                  {fieldLabels[change.field] ?? humanizeName(change.field)}
                </th>
                <td className="py-1 pr-2 text-slate-700">
                  <Value value={change.before} labels={valueLabels[change.field]} />
                </td>
                <td className="py-1 text-slate-900">
                  <Value value={change.after} labels={valueLabels[change.field]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </li>
  );
}

/**
 * A record's history from the audit trail, newest first: who did what, when, with the reason
 * given, and every changed field before → after; older entries load on demand. It fetches when
 * shown; a screen that follows live changes invalidates `auditQueryKeys.record(table, id)`.
 */
export function RecordHistory({
  table,
  id,
  fieldLabels = {},
  valueLabels = {},
}: RecordHistoryProps) {
  const history = useInfiniteQuery(auditHistoryQueryOptions(table, id));
  const entries = history.data?.pages.flatMap((page) => page.data) ?? [];

  if (history.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Loading the history…
      </p>
    );
  }
  if (history.isError && entries.length === 0) {
    return (
      <ErrorCard title="The history could not be loaded" message={getErrorMessage(history.error)}>
        <Button variant="secondary" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </ErrorCard>
    );
  }
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">No change has been recorded yet.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <ol aria-label="Changes, newest first" className="divide-y divide-slate-200">
        {entries.map((entry) => (
          <HistoryEntry
            key={entry.id}
            entry={entry}
            fieldLabels={fieldLabels}
            valueLabels={valueLabels}
          />
        ))}
      </ol>
      {history.isFetchNextPageError ? (
        <ErrorCard
          title="Older changes could not be loaded"
          message={getErrorMessage(history.error)}
        />
      ) : null}
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-start"
          isBusy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Loading older changes…' : 'Load older changes'}
        </Button>
      ) : null}
    </div>
  );
}
