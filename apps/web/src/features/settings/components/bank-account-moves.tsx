import type { TBankAccount } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog, isVersionConflict } from '@/components/detail';
import { getErrorMessage } from '@ops/ui/error-message';
import { useMakeDefaultBankAccount } from '../api/make-default-bank-account';
import { useUpdateBankAccount } from '../api/update-bank-account';
import { formatIban } from '../utils/format';

/** A move of an account the operator is confirming, or none. */
export type PendingMove = 'make-default' | 'deactivate' | 'reactivate' | null;

function moveDialogs(
  data: TBankAccount,
): Record<
  Exclude<PendingMove, null>,
  { title: string; text: string; confirm: string; busy: string }
> {
  return {
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
}

/** The moves the account's state allows: make default, deactivate (not the default), reactivate. */
export function BankAccountMoveButtons({
  account: data,
  onChoose,
}: {
  account: TBankAccount;
  onChoose: (move: Exclude<PendingMove, null>) => void;
}) {
  return (
    <>
      {!data.isDefault && data.active ? (
        <Button onClick={() => onChoose('make-default')}>Make default</Button>
      ) : null}
      {data.active && !data.isDefault ? (
        <Button variant="secondary" onClick={() => onChoose('deactivate')}>
          Deactivate
        </Button>
      ) : null}
      {!data.active ? (
        <Button variant="secondary" onClick={() => onChoose('reactivate')}>
          Reactivate
        </Button>
      ) : null}
    </>
  );
}

/**
 * Confirms the pending move and makes it (version checked); a 409 reloads the account and says
 * so in the dialog.
 */
export function BankAccountMoveDialog({
  account: data,
  pending,
  onClose,
  onReload,
}: {
  account: TBankAccount;
  pending: PendingMove;
  onClose: () => void;
  /** Fetches the account again; answers it as it now is. */
  onReload: () => Promise<TBankAccount | undefined>;
}) {
  const makeDefault = useMakeDefaultBankAccount(data.id);
  const update = useUpdateBankAccount(data.id);
  const [actionError, setActionError] = useState<string | null>(null);

  const run = async () => {
    setActionError(null);
    try {
      if (pending === 'make-default') await makeDefault.mutateAsync(data.version);
      else await update.mutateAsync({ version: data.version, active: pending === 'reactivate' });
      onClose();
    } catch (error) {
      setActionError(
        isVersionConflict(error)
          ? `${getErrorMessage(error)} It has been reloaded: check it and try again.`
          : getErrorMessage(error),
      );
      if (isVersionConflict(error)) void onReload();
    }
  };

  const dialog = pending ? moveDialogs(data)[pending] : null;
  return (
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
        onClose();
        setActionError(null);
      }}
    >
      {dialog?.text}
    </ConfirmDialog>
  );
}
