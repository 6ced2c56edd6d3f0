import type { ReactNode } from 'react';
import { Button } from '@ops/ui/button';

/**
 * What the issue and mark-paid dialogs show under their fields: the version conflict (with its
 * reload), any other failure as an alert, and the Cancel / confirm buttons.
 */
export function InvoiceActionFooter({
  conflict,
  errorText,
  isPending,
  onCancel,
  children,
}: {
  conflict: ReactNode;
  errorText: string | null;
  isPending: boolean;
  onCancel: () => void;
  /** The confirming button. */
  children: ReactNode;
}) {
  return (
    <>
      {conflict}
      {errorText ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={isPending}>
          Cancel
        </Button>
        {children}
      </div>
    </>
  );
}
