import { formatDateTime } from '@ops/ui/format';

/** "Changed 3 Dec 2026, 13:10 by Anna": when a setting was last saved, and by whom. */
export function describeChange(record: { updatedAt: string; updatedBy: string | null }): string {
  return `Changed ${formatDateTime(record.updatedAt)}${record.updatedBy ? ` by ${record.updatedBy}` : ''}`;
}
