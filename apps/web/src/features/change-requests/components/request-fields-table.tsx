import type { TChangeRequestDetail } from '@ops/contract';
import { Badge } from '@/components/badge';
import { RecordTable, type RecordTableColumn } from '@/components/detail';
import { emptyValueText, formatFieldValue } from '../utils/field-values';

type FieldRow = TChangeRequestDetail['fields'][number];

/** The words beside a current value that moved since the member asked. */
export const changedSinceText = 'Changed since the request';

/** A value of the table: an empty one says so, in grey. */
function Value({ row, value }: { row: FieldRow; value: string | null }) {
  const text = formatFieldValue(row.field, value);
  return text === emptyValueText ? (
    <span className="text-slate-500 italic">{text}</span>
  ) : (
    <span className="break-words">{text}</span>
  );
}

function columnsOf(isPending: boolean): RecordTableColumn<FieldRow>[] {
  return [
    { id: 'field', label: 'Field', isKey: true, render: (row) => row.label },
    {
      id: 'from',
      label: 'Member’s value when asked',
      render: (row) => <Value row={row} value={row.from} />,
    },
    {
      id: 'to',
      label: 'Asked for',
      className: 'font-medium',
      render: (row) => <Value row={row} value={row.to} />,
    },
    {
      id: 'current',
      label: 'Current value',
      render: (row) => (
        <span className="flex flex-col items-start gap-1">
          <Value row={row} value={row.current} />
          {/* Once decided, an approved value is the current one: only an open request warns. */}
          {isPending && row.changedSince ? (
            <Badge tone="amber-outlined">{changedSinceText}</Badge>
          ) : null}
        </span>
      ),
    },
  ];
}

/**
 * Each field the request asks to change: the member's value when it asked, what it asked for,
 * and the member's value now. While the request is open, a row whose value moved since the
 * request was made says so in words (someone edited the member meanwhile), so that approving
 * never overwrites a newer value unseen.
 */
export function RequestFieldsTable({ request }: { request: TChangeRequestDetail }) {
  return (
    <RecordTable
      label="Fields asked to change"
      columns={columnsOf(request.status === 'pending')}
      rows={request.fields}
      rowKey={(row) => row.field}
      rowClassName={(row) =>
        request.status === 'pending' && row.changedSince ? 'bg-amber-50/60' : ''
      }
      stackBelow="2xl"
    />
  );
}

type AppliedRow = NonNullable<TChangeRequestDetail['applied']>[number];

/** What staff wrote to the member when approving (edited values included). */
export function AppliedValuesTable({
  request,
  applied,
}: {
  request: TChangeRequestDetail;
  applied: readonly AppliedRow[];
}) {
  const labelOf = (field: AppliedRow['field']) =>
    request.fields.find((row) => row.field === field)?.label ?? field;
  const asked = new Map(request.fields.map((row) => [row.field, row.to]));
  const columns: RecordTableColumn<AppliedRow>[] = [
    { id: 'field', label: 'Field', isKey: true, render: (row) => labelOf(row.field) },
    {
      id: 'from',
      label: 'Before',
      render: (row) => formatFieldValue(row.field, row.from),
    },
    {
      id: 'to',
      label: 'Written',
      className: 'font-medium',
      render: (row) => (
        <span className="flex flex-col items-start gap-1">
          <span className="break-words">{formatFieldValue(row.field, row.to)}</span>
          {asked.has(row.field) && asked.get(row.field) !== row.to ? (
            <Badge tone="sky-light">Edited by staff</Badge>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <RecordTable
      label="Written to the member"
      columns={columns}
      rows={applied}
      rowKey={(row) => row.field}
      stackBelow="xl"
    />
  );
}
