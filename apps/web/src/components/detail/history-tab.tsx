import type { AuditTable } from '@ops/contract';
import { historyValueLabels } from '@/lib/labels';
import type { DetailTab } from './detail-tabs';
import { RecordHistory } from './record-history';

/**
 * A record's History tab: its audit trail, with the words of the table's coded values
 * (`historyValueLabels`) where the contract has them. `isPadded` sets it off from the tab bar
 * on the records whose other tabs are padded the same way.
 */
export function historyTab(
  table: AuditTable & keyof typeof historyValueLabels,
  id: string,
  fieldLabels: Readonly<Record<string, string>>,
  { isPadded = false }: { isPadded?: boolean } = {},
): DetailTab {
  const history = (
    <RecordHistory
      table={table}
      id={id}
      fieldLabels={fieldLabels}
      valueLabels={historyValueLabels[table]}
    />
  );
  return {
    id: 'history',
    label: 'History',
    content: isPadded ? <div className="pt-4">{history}</div> : history,
  };
}
