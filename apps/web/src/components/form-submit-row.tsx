import { Button } from '@ops/ui/button';

/**
 * The end of a form that sends one write: why the last attempt failed (announced), then the
 * submit button (its busy words while the write runs) and Cancel, which waits for the write too.
 */
export function FormSubmitRow({
  error,
  isBusy,
  submitLabel,
  busyLabel,
  onCancel,
}: {
  error: string | null;
  isBusy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={isBusy}>
          {isBusy ? busyLabel : submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
      </div>
    </>
  );
}
