import { Button } from '@ops/ui/button';
import { FailureText } from '@/components/success-note';

/**
 * The end of a form that sends one write: why the last attempt failed (announced), then the
 * submit button (its busy words while the write runs) and Cancel, which waits for the write too.
 */
export function FormSubmitRow({
  error,
  write,
  labels,
  onCancel,
}: {
  error: string | null;
  /** The form's write (its mutation): while it runs, the buttons wait. */
  write: { isPending: boolean };
  /** The submit button's words, and its words while the write runs. */
  labels: { submit: string; busy: string };
  onCancel: () => void;
}) {
  const isBusy = write.isPending;
  return (
    <>
      {error ? <FailureText>{error}</FailureText> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={isBusy}>
          {isBusy ? labels.busy : labels.submit}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
      </div>
    </>
  );
}
