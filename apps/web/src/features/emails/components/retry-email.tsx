import type { TEmailDetail } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@/components/detail';
import { getErrorMessage } from '@ops/ui/error-message';
import { useRetryEmail } from '../api/retry-email';

/** Retry on a failed e-mail: after a confirmation, back to the outbox with fresh attempts. */
export function RetryEmail({ email }: { email: TEmailDetail }) {
  const retry = useRetryEmail(email.eid);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Retry</Button>
      <ConfirmDialog
        isOpen={isOpen}
        title="Send this e-mail again?"
        confirmLabel="Retry"
        busyLabel="Retrying…"
        isBusy={retry.isPending}
        error={retry.isError ? getErrorMessage(retry.error) : null}
        onConfirm={() => retry.mutate(undefined, { onSuccess: () => setIsOpen(false) })}
        onClose={() => {
          setIsOpen(false);
          retry.reset();
        }}
      >
        “{email.subject}” to {email.to.join(', ')} goes back to the outbox with a fresh set of{' '}
        {email.maxAttempts} delivery attempts. The retry is kept in its history.
      </ConfirmDialog>
    </>
  );
}
