import { focusRing } from '@ops/ui/button';
import { todayAtHeadquarters } from '@/lib/clock';

/** The small text box of the console's dialogs (amounts, references, dates). */
export const dialogInputClass = `rounded-md border border-slate-300 px-2 py-1.5 text-sm ${focusRing}`;

/**
 * The day money moved (paid on, paid out on): a date no later than today at headquarters, where
 * the books are kept, so a payment is never booked in the future.
 */
export function BookedOnInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <input
      type="date"
      className={dialogInputClass}
      value={value}
      max={todayAtHeadquarters()}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
