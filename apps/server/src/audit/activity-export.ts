import { listExportColumns, type TAuditFieldChange } from '@ops/contract';
import { activityList, type TActivityListQuery } from '@ops/contract/activity';
import type { ListDefinition } from '../lists';
import { activityListFor } from './list';

type ExportRow = Record<string, string | null>;

/** A value of a change as a spreadsheet cell reads it: text as is, nothing as "empty". */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length === 0) return 'empty';
  return JSON.stringify(value);
}

/** "legal_name: Acme → Acme AG; city: empty → Bern": every changed field, secrets never among them. */
export function describeChanges(changes: readonly TAuditFieldChange[]): string {
  return changes
    .map((change) => `${change.field}: ${valueText(change.before)} → ${valueText(change.after)}`)
    .join('; ');
}

/** Who made a change, in words: name and e-mail, or the system, or the command line. */
function actorText(actor: {
  kind: string;
  uid: string | null;
  email: string | null;
  displayName: string | null;
}): string {
  if (actor.displayName && actor.email) return `${actor.displayName} (${actor.email})`;
  if (actor.email) return actor.email;
  if (actor.kind === 'cli') return 'Command line';
  if (actor.kind === 'system') return 'System';
  if (actor.kind === 'endorsement-link') return 'Endorsement link';
  return actor.uid ?? actor.kind;
}

/** The log as a spreadsheet reads it: one line per entry, the changes as one text. */
export function activityExportListFor(
  query: Pick<TActivityListQuery, 'at'>,
  viewerUid: string,
): ListDefinition<Parameters<ReturnType<typeof activityListFor>['toItem']>[0], ExportRow> {
  const list = activityListFor(query, viewerUid);
  return {
    ...list,
    toItem: (row) => {
      const item = list.toItem(row);
      return {
        at: item.at,
        actorUid: item.actor.uid,
        actorName: actorText(item.actor),
        recordType: item.recordType,
        recordId: item.record.id,
        recordLabel: item.record.label,
        action: item.action,
        changes: describeChanges(item.changes),
        reason: item.reason,
        id: item.id,
      };
    },
  };
}

/** The export's columns, as a person reads them in a spreadsheet (the contract's headers). */
export const activityExportColumns = listExportColumns(activityList);
