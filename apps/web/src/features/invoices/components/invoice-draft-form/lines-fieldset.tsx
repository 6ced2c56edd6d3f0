import { Button } from '@ops/ui/button';
import { draftInputClass as inputClass } from './input-class';
import { emptyLine, vatChoices, type LineDraft, type ParsedLine } from './line-draft';

/** One line: description, quantity, unit amount, VAT, donation, exemption and its problem. */
function LineRow({
  line,
  index,
  parsed,
  canRemove,
  isDisabled,
  onChange,
  onRemove,
}: {
  line: LineDraft;
  index: number;
  parsed: ParsedLine | undefined;
  canRemove: boolean;
  isDisabled: boolean;
  onChange: (change: Partial<LineDraft>) => void;
  onRemove: () => void;
}) {
  const number = index + 1;
  return (
    <div
      role="group"
      aria-label={`Line ${number}`}
      className="grid gap-2 rounded-md border border-slate-200 bg-white p-2 sm:grid-cols-[minmax(10rem,3fr)_4rem_7rem_minmax(9rem,2fr)_auto]"
    >
      <input
        aria-label={`Line ${number} description`}
        placeholder="Description"
        className={inputClass}
        value={line.description}
        disabled={isDisabled}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <input
        aria-label={`Line ${number} quantity`}
        className={inputClass}
        inputMode="numeric"
        value={line.quantity}
        disabled={isDisabled}
        onChange={(event) => onChange({ quantity: event.target.value })}
      />
      <input
        aria-label={`Line ${number} unit amount`}
        placeholder="0.00"
        className={`${inputClass} text-right tabular-nums`}
        inputMode="decimal"
        value={line.amount}
        disabled={isDisabled}
        onChange={(event) => onChange({ amount: event.target.value })}
      />
      <select
        aria-label={`Line ${number} VAT`}
        className={inputClass}
        value={line.isDonation ? 'exempt-other' : line.vat}
        disabled={isDisabled || line.isDonation}
        onChange={(event) => onChange({ vat: event.target.value })}
      >
        {vatChoices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        aria-label={`Remove line ${number}`}
        disabled={isDisabled || !canRemove}
        onClick={onRemove}
      >
        Remove
      </Button>
      <label className="flex items-center gap-2 text-xs text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          checked={line.isDonation}
          disabled={isDisabled}
          onChange={(event) => onChange({ isDonation: event.target.checked })}
        />
        Donation (outside VAT, shown apart)
      </label>
      {line.vat === 'exempt-other' && !line.isDonation ? (
        <input
          aria-label={`Line ${number} exemption`}
          placeholder="Why no VAT (shown on the invoice)"
          className={`${inputClass} sm:col-span-3`}
          value={line.exemption}
          disabled={isDisabled}
          onChange={(event) => onChange({ exemption: event.target.value })}
        />
      ) : null}
      {parsed?.problem && line.amount.trim() !== '' ? (
        <p className="text-xs text-red-700 sm:col-span-5">{parsed?.problem}</p>
      ) : null}
    </div>
  );
}

/** The draft's lines, each with its problem once an amount is typed, and "Add line". */
export function LinesFieldset({
  lines,
  parsed,
  onLinesChange,
  isDisabled,
}: {
  lines: LineDraft[];
  parsed: ParsedLine[];
  onLinesChange: (update: (current: LineDraft[]) => LineDraft[]) => void;
  isDisabled: boolean;
}) {
  const setLine = (key: number, change: Partial<LineDraft>) =>
    onLinesChange((current) =>
      current.map((line) => (line.key === key ? { ...line, ...change } : line)),
    );
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Lines</legend>
      {lines.map((line, i) => (
        <LineRow
          key={line.key}
          line={line}
          index={i}
          parsed={parsed[i]}
          canRemove={lines.length !== 1}
          isDisabled={isDisabled}
          onChange={(change) => setLine(line.key, change)}
          onRemove={() =>
            onLinesChange((current) => current.filter((other) => other.key !== line.key))
          }
        />
      ))}
      <div>
        <Button
          variant="secondary"
          disabled={isDisabled}
          onClick={() => onLinesChange((current) => [...current, emptyLine()])}
        >
          Add line
        </Button>
      </div>
    </fieldset>
  );
}
