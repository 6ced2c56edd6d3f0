import { useState, type ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { auditReason } from '@/components/detail/audit-reason';
import { getErrorMessage } from '@ops/ui/error-message';

/**
 * A repair's button and its confirmation: what will happen, and a reason (required where the
 * repair voids an invoice or touches a paid one; optional otherwise, kept in the audit trail).
 */
export function RepairAction({
  label,
  busyLabel,
  title,
  description,
  confirmLabel,
  isReasonRequired,
  reasonHelp,
  tone = 'primary',
  variant = 'primary',
  isBusy,
  error,
  onConfirm,
}: {
  label: string;
  busyLabel: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  isReasonRequired: boolean;
  reasonHelp?: string;
  tone?: 'danger' | 'primary';
  variant?: 'primary' | 'secondary';
  isBusy: boolean;
  error: unknown;
  /** Runs the repair; resolves when it is done (the dialog closes), rejects to stay open. */
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant={variant} isBusy={isBusy} onClick={() => setIsOpen(true)}>
        {isBusy ? busyLabel : label}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        title={title}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        tone={tone}
        isBusy={isBusy}
        error={isOpen && error ? getErrorMessage(error) : null}
        reason={auditReason(
          reasonHelp ?? 'Kept with the change in the invoice’s history.',
          isReasonRequired,
        )}
        onConfirm={(reason) => {
          onConfirm(reason).then(
            () => setIsOpen(false),
            () => undefined,
          );
        }}
        onClose={() => setIsOpen(false)}
      >
        {description}
      </ConfirmDialog>
    </>
  );
}
