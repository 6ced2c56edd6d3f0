import type { ReactNode } from 'react';
import type { ConfirmDialogReason } from '@ops/ui/confirm-dialog';

/**
 * The reason box of a confirmation that changes a record (revoke, decline, delete, reverse…).
 * Every such dialog of the console asks in the same words, "Reason", and keeps the text in the
 * record's history; only what the reason is used for (`help`) and whether it may stay empty
 * differ, so the dialogs name just those.
 */
export function auditReason(help: ReactNode, isRequired = true): ConfirmDialogReason {
  return { label: 'Reason', isRequired, help };
}
