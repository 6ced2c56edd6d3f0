import type { ReactNode } from 'react';
import { Button } from '@ops/ui/button';

/**
 * What a step or decision just did (the server's sentence), announced as a status and kept
 * until the person dismisses it; `children` adds what it led to (links to the new records).
 */
export function DismissibleOutcome({
  message,
  onDismiss,
  children,
}: {
  message: string;
  onDismiss: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950"
    >
      <p>{message}</p>
      {children}
      <div>
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}
