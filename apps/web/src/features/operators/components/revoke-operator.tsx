import type { TOperatorDetail } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { getErrorMessage } from '@ops/ui/error-message';
import { useOperatorWrite } from '../api/write-operator';
import { SuccessNote } from '@/components/success-note';

/**
 * Revoke access, confirmed. The server refuses revoking yourself or the last admin; its
 * message shows in the dialog.
 */
export function RevokeOperator({ operator }: { operator: TOperatorDetail }) {
  const write = useOperatorWrite(operator.uid);
  const [isOpen, setIsOpen] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const close = () => {
    setIsOpen(false);
    write.reset();
  };
  const error = write.error
    ? isVersionConflict(write.error)
      ? `${getErrorMessage(write.error)} The operator has been reloaded: check, then confirm again.`
      : getErrorMessage(write.error)
    : null;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          className="text-red-800"
          onClick={() => {
            setOutcome(null);
            setIsOpen(true);
          }}
        >
          Revoke access
        </Button>
        {outcome ? <SuccessNote>{outcome}</SuccessNote> : null}
      </div>
      <ConfirmDialog
        isOpen={isOpen}
        title={`Revoke operator access of ${operator.email}?`}
        confirmLabel="Revoke access"
        busyLabel="Revoking…"
        tone="danger"
        isBusy={write.isPending}
        error={error}
        onConfirm={() =>
          write.mutate(
            { kind: 'revoke', version: operator.version },
            {
              onSuccess: () => {
                setOutcome(`${operator.email} is no longer an operator.`);
                close();
              },
            },
          )
        }
        onClose={close}
      >
        <p>
          {operator.isSelf
            ? 'This is your own access.'
            : `${operator.email} loses access to this console at once, even in a console already open.`}{' '}
          The user account stays; access can be granted again.
        </p>
      </ConfirmDialog>
    </>
  );
}
