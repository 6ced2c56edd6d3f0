import type { TBankAccount } from '@ops/contract';
import { useState } from 'react';
import { DetailScreen, DetailTabs, RecordHistory, useDetailTab } from '@/components/detail';
import { Screen } from '@/components/screen';
import { useCan } from '@/lib/permissions';
import { useBankAccount } from '../api/get-bank-account';
import { DefaultBadge, YesNoBadge } from '../components/badges';
import { EditBankAccountForm } from '../components/bank-account-form';
import {
  BankAccountMoveButtons,
  BankAccountMoveDialog,
  type PendingMove,
} from '../components/bank-account-moves';
import { BankAccountOverview } from '../components/bank-account-overview';

const tabIds = ['overview', 'edit', 'history'];

const fieldLabels = {
  bank_name: 'Bank',
  holder_name: 'Holder',
  holder_address: 'Holder address',
  iban: 'IBAN',
  qr_iban: 'QR-IBAN',
  bic: 'BIC',
  is_default: 'Default for its currency',
};

export function BankAccountRoute({ id }: { id: string }) {
  const account = useBankAccount(id);
  return (
    <DetailScreen
      query={account}
      noun="bank account"
      recordId={{ label: 'Bank account id', value: id }}
    >
      {(data) => (
        <BankAccountDetail account={data} onReload={async () => (await account.refetch()).data} />
      )}
    </DetailScreen>
  );
}

/** The loaded account: its fields, Edit and History tabs, and the default/active moves. */
function BankAccountDetail({
  account: data,
  onReload,
}: {
  account: TBankAccount;
  /** Fetches the account again; answers it as it now is. */
  onReload: () => Promise<TBankAccount | undefined>;
}) {
  const canEdit = useCan('bank-accounts.edit');
  const [, openTab] = useDetailTab(tabIds);
  const [pending, setPending] = useState<PendingMove>(null);
  return (
    <Screen
      title={data.label}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          {data.bankName} · {data.currency}
          {data.isDefault ? <DefaultBadge /> : null}
          {data.active ? null : <YesNoBadge value={false} />}
          {data.active ? null : <span>inactive</span>}
        </span>
      }
      actions={canEdit ? <BankAccountMoveButtons account={data} onChoose={setPending} /> : null}
    >
      <DetailTabs
        label={`${data.label} sections`}
        tabs={[
          { id: 'overview', label: 'Overview', content: <BankAccountOverview account={data} /> },
          {
            id: 'edit',
            label: 'Edit',
            isHidden: !canEdit,
            content: (
              <EditBankAccountForm
                key={data.id}
                account={data}
                onSaved={() => openTab('overview')}
                onReload={onReload}
              />
            ),
          },
          {
            id: 'history',
            label: 'History',
            content: (
              <div className="pt-4">
                <RecordHistory table="bank_accounts" id={data.id} fieldLabels={fieldLabels} />
              </div>
            ),
          },
        ]}
      />
      <BankAccountMoveDialog
        account={data}
        pending={pending}
        onClose={() => setPending(null)}
        onReload={onReload}
      />
    </Screen>
  );
}
