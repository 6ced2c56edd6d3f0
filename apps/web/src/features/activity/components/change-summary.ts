import type { TAuditFieldChange } from '@ops/contract';
import { formatAuditValue, humanizeName } from '@/components/detail';
import { historyValueLabels } from '@/lib/labels';

/** A long value (a template's body, an address) is cut here in the one-line summary. */
const maxValueLength = 60;

type ValueLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

function valueText(value: unknown, labels: Readonly<Record<string, string>> | undefined): string {
  const text =
    labels && typeof value === 'string' && value in labels
      ? (labels[value] ?? value)
      : formatAuditValue(value);
  if (text === null) return 'empty';
  return text.length > maxValueLength ? `${text.slice(0, maxValueLength - 1)}…` : text;
}

/**
 * An entry's changes in one line, as the History tab words them: "Legal name: Acme → Acme
 * Logistics; Status: Active → Suspended". Coded values read as words where the record type has
 * them (`historyValueLabels`). The server sends no secret field, so none can show here.
 */
export function summarizeChanges(recordType: string, changes: readonly TAuditFieldChange[]) {
  const labels: ValueLabels | undefined = (historyValueLabels as Record<string, ValueLabels>)[
    recordType
  ];
  return changes
    .map(
      (change) =>
        `${humanizeName(change.field)}: ${valueText(change.before, labels?.[change.field])} → ${valueText(change.after, labels?.[change.field])}`,
    )
    .join('; ');
}
