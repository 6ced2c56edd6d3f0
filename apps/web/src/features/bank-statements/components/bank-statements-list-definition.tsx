import type { TBankStatementListItem } from '@ops/contract/bank-statements';
import { bankStatementKinds, type bankStatementsList } from '@ops/contract/lists/bank-statements';
import type { DataListDefinition } from '@/components/data-list';
import { formatCount, formatMoney } from '@/components/detail';
import { paths } from '@/config/paths';
import { bankStatementKindLabels } from './labels';
import { bankStatementQueryOptions } from '../api/get-bank-statement';
import { dateCell, dateTimeCell } from '@/components/data-list/date-cells';
import { yesNoFilter } from '@/components/data-list/yes-no-filter';

const count = (value: number) => <span className="tabular-nums">{formatCount(value)}</span>;

/** The bank statements list: its columns and filters, for the list kit. */
export const bankStatementsListDefinition: DataListDefinition<
  TBankStatementListItem,
  typeof bankStatementsList
> = {
  name: 'bank-statements',
  noun: { one: 'bank statement', many: 'bank statements' },
  apiPath: '/api/bank-statements',
  liveTables: ['bank_statements'],
  rowKey: (statement) => statement.bsid,
  rowHref: (statement) => paths.bankStatement.getHref({ bsid: statement.bsid }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (statement) => bankStatementQueryOptions(statement.bsid),
  rowLabel: (statement) => `${statement.bankAccount.label} ${statement.statementId}`,
  defaultSort: '-importedAt',
  searchLabel: 'Search bank statements',
  searchPlaceholder: 'Statement id, IBAN or file name',
  emptyMessage: 'No bank statements yet: import the camt.054 or camt.053 files of your e-banking.',
  columns: [
    {
      id: 'account',
      label: 'Account',
      width: 'minmax(10rem,3fr)',
      isPrimary: true,
      render: (statement) => (
        <span className="flex min-w-0 flex-col">
          <span className="truncate">{statement.bankAccount.label}</span>
          <span className="truncate font-mono text-xs text-slate-600">{statement.accountIban}</span>
        </span>
      ),
    },
    {
      id: 'kind',
      label: 'Kind',
      width: '6rem',
      render: (statement) => (
        <span title={bankStatementKindLabels[statement.kind]}>{statement.kind}</span>
      ),
    },
    {
      id: 'statementId',
      label: 'Statement id',
      width: '9rem',
      isHiddenByDefault: true,
      render: (statement) => <span className="font-mono text-xs">{statement.statementId}</span>,
    },
    {
      id: 'fromDate',
      label: 'From',
      ...dateCell((statement) => statement.fromDate),
    },
    {
      id: 'toDate',
      label: 'To',
      sortable: true,
      ...dateCell((statement) => statement.toDate),
    },
    {
      id: 'entries',
      label: 'Entries',
      width: '5.5rem',
      isNumeric: true,
      render: (statement) => count(statement.entries),
    },
    {
      id: 'booked',
      label: 'Matched',
      width: '5.5rem',
      isNumeric: true,
      render: (statement) => count(statement.booked),
    },
    {
      id: 'open',
      label: 'Open',
      width: '5rem',
      isNumeric: true,
      render: (statement) =>
        statement.open > 0 ? (
          <span className="font-medium text-amber-800 tabular-nums">
            {formatCount(statement.open)}
          </span>
        ) : (
          count(0)
        ),
    },
    {
      id: 'duplicates',
      label: 'Duplicates',
      width: '6.5rem',
      isNumeric: true,
      render: (statement) => count(statement.duplicates),
    },
    {
      id: 'creditedMinor',
      label: 'Credits',
      width: '9rem',
      isNumeric: true,
      isHiddenByDefault: true,
      render: (statement) =>
        statement.currency ? (
          <span className="tabular-nums">
            {formatMoney(statement.creditedMinor, statement.currency)}
          </span>
        ) : (
          ''
        ),
    },
    {
      id: 'importedAt',
      label: 'Imported at',
      sortable: true,
      ...dateTimeCell((statement) => statement.importedAt),
    },
  ],
  filters: [
    yesNoFilter('hasOpen', 'Open entries', 'With payments waiting', 'All done'),
    {
      name: 'kind',
      label: 'Kind',
      kind: 'one-of',
      options: bankStatementKinds.map((kind) => ({
        value: kind,
        label: bankStatementKindLabels[kind] ?? kind,
      })),
    },
  ],
};
