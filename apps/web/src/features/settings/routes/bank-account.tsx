import type { TBankAccount } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@/components/button';
import {
  ConfirmDialog,
  DetailScreen,
  DetailTabs,
  FieldList,
  RecordHistory,
  formatDateTime,
  isVersionConflict,
  useDetailTab,
} from '@/components/detail';
import { Screen } from '@/components/screen';
import { getErrorMessage } from '@/lib/error-message';
import { useCan } from '@/lib/permissions';
import {
  useBankAccount,
  useMakeDefaultBankAccount,
  useUpdateBankAccount,
} from '../api/bank-accounts';
import { DefaultBadge, YesNoBadge } from '../components/badges';
import { EditBankAccountForm } from '../components/bank-account-form';
import { currencyLabel, formatIban } from '../utils/format';

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

type PendingAction = 'make-default' | 'deactivate' | 'reactivate' | null;

export function BankAccountRoute({ id }: { id: string }) {
  const account = useBankAccount(id);
  return (
    <DetailScreen
      query={account}
      noun="bank account"
      missingDescription={`No bank account has the id ${id}.`}
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
  const makeDefault = useMakeDefaultBankAccount(data.id);
  const update = useUpdateBankAccount(data.id);
  const [pending, setPending] = useState<PendingAction>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const run = async () => {
    setActionError(null);
    try {
      if (pending === 'make-default') await makeDefault.mutateAsync(data.version);
      else await update.mutateAsync({ version: data.version, active: pending === 'reactivate' });
      setPending(null);
    } catch (error) {
      setActionError(
        isVersionConflict(error)
          ? `${getErrorMessage(error)} It has been reloaded: check it and try again.`
          : getErrorMessage(error),
      );
      if (isVersionConflict(error)) void onReload();
    }
  };

  const dialogs: Record<
    Exclude<PendingAction, null>,
    { title: string; text: string; confirm: string; busy: string }
  > = {
    'make-default': {
      title: `Make “${data.label}” the ${data.currency} default?`,
      text: `New ${data.currency} invoices will be paid to ${formatIban(data.iban)}. The current ${data.currency} default stops being the default.`,
      confirm: 'Make default',
      busy: 'Making default…',
    },
    deactivate: {
      title: `Deactivate “${data.label}”?`,
      text: 'It is no longer offered for invoices. Invoices already naming it keep it; you can reactivate it later.',
      confirm: 'Deactivate',
      busy: 'Deactivating…',
    },
    reactivate: {
      title: `Reactivate “${data.label}”?`,
      text: 'It can be chosen for invoices again (it does not become the default).',
      confirm: 'Reactivate',
      busy: 'Reactivating…',
    },
  };
  const dialog = pending ? dialogs[pending] : null;
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
      actions={
        canEdit ? (
          <>
            {!data.isDefault && data.active ? (
              <Button onClick={() => setPending('make-default')}>Make default</Button>
            ) : null}
            {data.active && !data.isDefault ? (
              <Button variant="secondary" onClick={() => setPending('deactivate')}>
                Deactivate
              </Button>
            ) : null}
            {!data.active ? (
              <Button variant="secondary" onClick={() => setPending('reactivate')}>
                Reactivate
              </Button>
            ) : null}
          </>
        ) : null
      }
    >
      <DetailTabs
        label={`${data.label} sections`}
        tabs={[
          {
            id: 'overview',
            label: 'Overview',
            content: (
              <div className="pt-4">
                <FieldList
                  groups={[
                    {
                      title: 'Payment details',
                      fields: [
                        {
                          label: 'IBAN',
                          value: formatIban(data.iban),
                          copyValue: data.iban,
                          copyLabel: 'IBAN',
                          isCode: true,
                        },
                        {
                          label: 'QR-IBAN',
                          value: formatIban(data.qrIban),
                          copyValue: data.qrIban,
                          copyLabel: 'QR-IBAN',
                          isCode: true,
                        },
                        {
                          label: 'BIC',
                          value: data.bic,
                          copyValue: data.bic,
                          copyLabel: 'BIC',
                          isCode: true,
                        },
                        {
                          label: 'Currency',
                          value: currencyLabel(data.currency),
                        },
                      ],
                    },
                    {
                      title: 'Bank and holder',
                      fields: [
                        { label: 'Bank', value: data.bankName },
                        { label: 'Holder', value: data.holderName },
                        {
                          label: 'Holder address',
                          value: <span className="whitespace-pre-line">{data.holderAddress}</span>,
                        },
                      ],
                    },
                    {
                      title: 'Use',
                      fields: [
                        {
                          label: `Default for ${data.currency}`,
                          value: <YesNoBadge value={data.isDefault} />,
                        },
                        { label: 'Active', value: <YesNoBadge value={data.active} /> },
                        {
                          label: 'Invoices',
                          value: data.hasInvoices
                            ? 'Invoices are payable to it: IBAN, QR-IBAN and currency are fixed'
                            : 'No invoice names it yet',
                        },
                      ],
                    },
                    {
                      title: 'Record',
                      fields: [
                        {
                          label: 'Id',
                          value: data.id,
                          copyValue: data.id,
                          isCode: true,
                          copyLabel: 'bank account id',
                        },
                        {
                          label: 'Added',
                          value: `${formatDateTime(data.createdAt)}${data.createdBy ? ` by ${data.createdBy}` : ''}`,
                        },
                        {
                          label: 'Last changed',
                          value: `${formatDateTime(data.updatedAt)}${data.updatedBy ? ` by ${data.updatedBy}` : ''}`,
                        },
                        { label: 'Version', value: String(data.version) },
                      ],
                    },
                  ]}
                />
              </div>
            ),
          },
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
      <ConfirmDialog
        isOpen={dialog !== null}
        title={dialog?.title ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        busyLabel={dialog?.busy ?? ''}
        tone={pending === 'deactivate' ? 'danger' : 'primary'}
        isBusy={makeDefault.isPending || update.isPending}
        error={actionError}
        onConfirm={() => void run()}
        onClose={() => {
          setPending(null);
          setActionError(null);
        }}
      >
        {dialog?.text}
      </ConfirmDialog>
    </Screen>
  );
}
