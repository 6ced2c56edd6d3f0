import type { TBankAccount } from '@ops/contract';
import { useEffect, useId, useRef } from 'react';
import { NewBankAccountForm } from './bank-account-form';

/**
 * "New bank account" as a native modal `<dialog>`: the page behind is inert, Escape cancels,
 * and the focus goes back to the button that opened it.
 */
export function NewBankAccountDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (account: TBankAccount) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    dialog?.querySelector<HTMLInputElement>('input')?.focus();
    return () => opener?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(48rem,calc(100vw-2rem))] rounded-xl bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      <h3 id={titleId} className="mb-4 text-lg font-semibold">
        New bank account
      </h3>
      <NewBankAccountForm onCancel={onClose} onCreated={onCreated} />
    </dialog>
  );
}
