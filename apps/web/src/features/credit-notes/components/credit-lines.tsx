import { formatMinorPlain, type TCreditableLine } from '@ops/contract';
import { formatMoney } from '@ops/ui/format';
import { focusRing } from '@ops/ui/button';

/** One line's choice: credited or not, and how much of what is left (major units, as typed). */
export type LineChoice = { isChosen: boolean; amount: string };

/** The choices a dialog starts with: every line with something left, all of it. */
export function initialChoices(lines: readonly TCreditableLine[]): LineChoice[] {
  return lines.map((line) => ({
    isChosen: line.leftMinor > 0,
    amount: formatMinorPlain(line.leftMinor),
  }));
}

/** The invoice's lines as a table of choices: tick a line, and change the amount to credit part. */
export function CreditLines({
  lines,
  currency,
  choices,
  errors,
  onChange,
}: {
  lines: readonly TCreditableLine[];
  currency: string;
  choices: readonly LineChoice[];
  errors: readonly (string | null)[];
  onChange: (index: number, choice: LineChoice) => void;
}) {
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-xs text-slate-500">
          <th className="py-1 font-medium">Line</th>
          <th className="py-1 text-right font-medium">Left to credit</th>
          <th className="py-1 text-right font-medium">Credit ({currency}, before VAT)</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => {
          const choice = choices[index] ?? { isChosen: false, amount: '' };
          const isSpent = line.leftMinor <= 0;
          const error = errors[index];
          return (
            <tr key={line.lineIndex} className="border-t border-slate-100 align-top">
              <td className="py-2 pr-2">
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    className={`mt-0.5 ${focusRing}`}
                    checked={choice.isChosen}
                    disabled={isSpent}
                    onChange={(event) =>
                      onChange(index, { ...choice, isChosen: event.target.checked })
                    }
                  />
                  <span>
                    {line.description}
                    <span className="block text-xs text-slate-500">
                      {line.quantity} × {formatMoney(line.unitAmountMinor, currency)}
                      {line.creditedMinor > 0
                        ? ` · ${formatMoney(line.creditedMinor, currency)} credited before`
                        : ''}
                    </span>
                  </span>
                </label>
              </td>
              <td className="py-2 text-right tabular-nums">
                {isSpent ? 'Credited' : formatMoney(line.leftMinor, currency)}
              </td>
              <td className="py-2 text-right">
                <input
                  aria-label={`Amount to credit of ${line.description}`}
                  className={`w-28 rounded-md border border-slate-300 px-2 py-1 text-right tabular-nums ${focusRing}`}
                  inputMode="decimal"
                  value={choice.amount}
                  disabled={isSpent || !choice.isChosen}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => onChange(index, { ...choice, amount: event.target.value })}
                />
                {error ? <span className="block text-xs text-red-700">{error}</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
