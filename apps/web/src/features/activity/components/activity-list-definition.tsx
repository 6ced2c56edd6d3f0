import type { activityList, TActivityFacets, TActivityListItem } from '@ops/contract/activity';
import type { DataListDefinition, DataListFilter } from '@/components/data-list';
import { describeAction, describeActor, formatDateTime } from '@/components/detail';
import { activityLiveTables } from '@/lib/activity-live-tables';
import { activityRecordTypeLabels, labelOf, optionsOf } from '@/lib/labels';
import { summarizeChanges } from './change-summary';
import { recordHref } from './record-href';

const recordTypeOptions = optionsOf(activityRecordTypeLabels);

/** A one-line cell whose whole text shows on hover. */
function Line({ text, className = '' }: { text: string; className?: string }) {
  return (
    <span className={`block truncate ${className}`} title={text}>
      {text}
    </span>
  );
}

/** Who made the change as its filter lists them: name and e-mail, or the e-mail alone. */
function actorOption(actor: TActivityFacets['actors'][number]) {
  const label =
    actor.displayName && actor.email
      ? `${actor.displayName} (${actor.email})`
      : (actor.email ?? actor.uid);
  return { value: actor.uid, label };
}

/**
 * The activity log's filters. Operators and actions are the ones the trail holds (read from
 * `/api/activity/facets`); until they load, the choices are empty and a filter from the URL
 * still applies (its chip shows the value).
 */
function activityFilters(
  facets: TActivityFacets | undefined,
): DataListFilter<'operator' | 'recordType' | 'action' | 'at' | 'record'>[] {
  return [
    {
      name: 'operator',
      label: 'Who',
      kind: 'one-of',
      options: (facets?.actors ?? []).map(actorOption),
      // "No value": the system and the command line, which act without an account.
      allowsEmpty: true,
    },
    { name: 'recordType', label: 'Record type', kind: 'one-of', options: recordTypeOptions },
    {
      name: 'action',
      label: 'Action',
      kind: 'one-of',
      options: (facets?.actions ?? []).map((action) => ({
        value: action,
        label: describeAction(action),
      })),
    },
    { name: 'at', label: 'When', kind: 'range', input: 'date' },
    { name: 'record', label: 'Record id', kind: 'text', placeholder: 'An id, e.g. of a member' },
  ];
}

/**
 * The activity log: every change of the console, newest first; a row opens its record (on its
 * History tab). Read only: no selection, no bulk actions.
 */
export function activityListDefinition(
  facets: TActivityFacets | undefined,
): DataListDefinition<TActivityListItem, typeof activityList> {
  return {
    name: 'activity',
    noun: { one: 'entry', many: 'entries' },
    apiPath: '/api/activity',
    exportPath: '/api/activity/export',
    liveTables: activityLiveTables,
    rowKey: (entry) => entry.id,
    rowHref: recordHref,
    rowLabel: (entry) => `${describeAction(entry.action)} ${entry.record.label ?? entry.record.id}`,
    defaultSort: '-at',
    emptyMessage: 'Nothing has been changed yet.',
    columns: [
      {
        id: 'at',
        label: 'When',
        width: '10.5rem',
        sortable: true,
        render: (entry) => (
          <time dateTime={entry.at} className="tabular-nums">
            {formatDateTime(entry.at)}
          </time>
        ),
      },
      {
        id: 'operator',
        label: 'Who',
        width: 'minmax(8rem,1fr)',
        render: (entry) => <Line text={describeActor(entry.actor)} />,
      },
      {
        id: 'recordType',
        label: 'Record type',
        width: '8rem',
        render: (entry) => labelOf(activityRecordTypeLabels, entry.recordType),
      },
      {
        id: 'record',
        label: 'Record',
        width: 'minmax(9rem,1.5fr)',
        isPrimary: true,
        render: (entry) => entry.record.label ?? entry.record.id,
      },
      {
        id: 'action',
        label: 'Action',
        width: '8rem',
        render: (entry) => describeAction(entry.action),
      },
      {
        id: 'changes',
        label: 'What changed',
        width: 'minmax(12rem,3fr)',
        render: (entry) => (
          <Line
            text={summarizeChanges(entry.recordType, entry.changes)}
            className="text-slate-700"
          />
        ),
      },
      {
        id: 'reason',
        label: 'Reason',
        width: 'minmax(6rem,1fr)',
        render: (entry) => <Line text={entry.reason ?? ''} />,
      },
    ],
    filters: activityFilters(facets),
  };
}

/** The screen's heading. */
export const activityScreen = {
  title: 'Activity',
  description:
    'Every change made in the console, newest first: who changed which record when, the fields before → after, and the reason given.',
};
