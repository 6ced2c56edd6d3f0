import type { bankAccountsList, TBankAccountListItem } from '@ops/contract';
import type { DataListDefinition } from '@/components/data-list';
import { paths } from '@/config/paths';
import { formatIban } from '../utils/format';
import { DefaultBadge, YesNoBadge } from './badges';
import { bankAccountQueryOptions } from '../api/get-bank-account';
import { yesNoFilter } from '@/components/data-list/yes-no-filter';

/** The federation's bank accounts, for the list kit. */
export const bankAccountsListDefinition: DataListDefinition<
  TBankAccountListItem,
  typeof bankAccountsList
> = {
  name: 'bank-accounts',
  noun: { one: 'bank account', many: 'bank accounts' },
  apiPath: '/api/bank-accounts',
  exportPath: '/api/bank-accounts/export',
  liveTables: ['bank_accounts'],
  rowKey: (account) => account.id,
  rowHref: (account) => paths.bankAccount.getHref({ id: account.id }),
  // Fetched ahead for the open record's neighbours (`[`/`]`, issue 19).
  detailQuery: (account) => bankAccountQueryOptions(account.id),
  rowLabel: (account) => account.label,
  defaultSort: 'currency',
  searchLabel: 'Search bank accounts',
  searchPlaceholder: 'Label, bank, holder, IBAN or BIC',
  columns: [
    {
      id: 'label',
      label: 'Label',
      width: 'minmax(9rem,1.5fr)',
      sortable: true,
      isPrimary: true,
      render: (account) => account.label,
    },
    {
      id: 'bankName',
      label: 'Bank',
      width: 'minmax(7rem,1.5fr)',
      sortable: true,
      render: (account) => account.bankName,
    },
    {
      id: 'holderName',
      label: 'Holder',
      width: 'minmax(8rem,1fr)',
      isHiddenByDefault: true,
      render: (account) => account.holderName,
    },
    {
      id: 'iban',
      label: 'IBAN',
      width: 'minmax(13.5rem,1fr)',
      render: (account) => <span className="font-mono text-xs">{formatIban(account.iban)}</span>,
    },
    {
      id: 'qrIban',
      label: 'QR-IBAN',
      width: 'minmax(13.5rem,1fr)',
      // Issue 19: chosen from Columns; hidden by default so that the defaults fit 1440 px.
      isHiddenByDefault: true,
      render: (account) => <span className="font-mono text-xs">{formatIban(account.qrIban)}</span>,
    },
    {
      id: 'bic',
      label: 'BIC',
      width: '7rem',
      render: (account) => <span className="font-mono text-xs">{account.bic ?? ''}</span>,
    },
    {
      id: 'currency',
      label: 'Currency',
      width: '7rem',
      sortable: true,
      render: (account) => <span className="font-mono text-xs">{account.currency}</span>,
    },
    {
      id: 'isDefault',
      label: 'Default',
      width: '6rem',
      render: (account) => (account.isDefault ? <DefaultBadge /> : ''),
    },
    {
      id: 'active',
      label: 'Active',
      width: '5.5rem',
      render: (account) => <YesNoBadge value={account.active} />,
    },
  ],
  filters: [
    { name: 'currency', label: 'Currency', kind: 'text', placeholder: 'CHF, EUR' },
    yesNoFilter('isDefault', 'Default'),
    yesNoFilter('active', 'Active'),
  ],
  emptyMessage: 'No bank accounts yet. Add the account invoices are paid to.',
};
