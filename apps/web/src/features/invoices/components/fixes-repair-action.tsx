import { useState, type ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { auditReason } from '@/components/detail/audit-reason';
import { getErrorMessage } from '@ops/ui/error-message';
import type { InvoiceFixRepair, InvoiceFixRepairMutation } from '../api/repair-invoice-fix';

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
  repair,
  repairOf,
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
  /** The finding's repairs (useInvoiceFixRepair): its progress and error show here. */
  repair: InvoiceFixRepairMutation;
  /** The repair to run, with the reason given in the confirmation. */
  repairOf: (reason: string) => InvoiceFixRepair;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const { isPending: isBusy, error } = repair;
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
          // Done: the dialog closes; refused: it stays open with the error.
          repair.mutateAsync(repairOf(reason)).then(
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
