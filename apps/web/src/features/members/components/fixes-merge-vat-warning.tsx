import type { DuplicateMember } from './fixes-merge-comparison';

type VatDifferenceWarningProps = {
  /** The warning's id, which the merge button names as its description. */
  id: string;
  survivor: DuplicateMember;
  merged: DuplicateMember;
  isConfirmed: boolean;
  onConfirmedChange: (isConfirmed: boolean) => void;
};

/**
 * Different VAT numbers usually mean two companies: the server refuses such a merge unless it is
 * confirmed, so the person ticks this warning first.
 */
export function VatDifferenceWarning({
  id,
  survivor,
  merged,
  isConfirmed,
  onConfirmedChange,
}: VatDifferenceWarningProps) {
  return (
    <div
      id={id}
      role="alert"
      className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p className="font-semibold">These members have different VAT numbers</p>
      <p>
        {survivor.number} has {survivor.vatNumber} and {merged.number} has {merged.vatNumber}.
        Different VAT numbers usually mean different companies: compare the two records above before
        merging.
      </p>
      <label className="flex items-start gap-2 font-medium">
        <input
          type="checkbox"
          className="mt-1"
          checked={isConfirmed}
          onChange={(event) => onConfirmedChange(event.target.checked)}
        />
        I have checked: they are the same member despite the different VAT numbers
      </label>
    </div>
  );
}
