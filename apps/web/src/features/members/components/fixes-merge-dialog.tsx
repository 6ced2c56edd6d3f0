import { haveDifferentVatNumbers, type TDuplicateFinding } from '@ops/contract';
import { useId, useState } from 'react';
import { Button } from '@ops/ui/button';
import { MergeComparison, type DuplicateMember } from './fixes-merge-comparison';
import { MergePairSelect } from './fixes-merge-pair-select';
import { VatDifferenceWarning } from './fixes-merge-vat-warning';
import { RepairError } from './fixes-panel';
import { useModalDialog } from './use-modal-dialog';

export type { DuplicateMember } from './fixes-merge-comparison';

export type MergeDialogProps = {
  isOpen: boolean;
  finding: TDuplicateFinding;
  isBusy: boolean;
  error: unknown;
  /** `confirmDifferentVatNumbers` is true only when the person ticked the VAT warning. */
  onConfirm: (
    survivor: DuplicateMember,
    merged: DuplicateMember,
    confirmDifferentVatNumbers: boolean,
  ) => void;
  onClose: () => void;
};

/**
 * Asks which record survives a merge, showing the two side by side (a group of more than two
 * merges one pair at a time: the person picks the second record). A native modal `<dialog>`:
 * Escape cancels and the focus goes back to the button that opened it.
 */
export function MergeDialog({
  isOpen,
  finding,
  isBusy,
  error,
  onConfirm,
  onClose,
}: MergeDialogProps) {
  const { dialogRef, restoreFocus } = useModalDialog(isOpen);
  const titleId = useId();
  const members = finding.members;
  const [survivorMid, setSurvivorMid] = useState(finding.proposedSurvivorMid);
  const [otherMid, setOtherMid] = useState(
    members.find((member) => member.mid !== finding.proposedSurvivorMid)?.mid ?? '',
  );
  const [isVatDifferenceConfirmed, setIsVatDifferenceConfirmed] = useState(false);
  const vatWarningId = useId();

  const first = members.find((member) => member.mid === finding.proposedSurvivorMid) ?? members[0];
  const second = members.find((member) => member.mid === otherMid) ?? members[1];
  if (!first || !second) return null;
  const pair = [first, second];
  const survivor = pair.find((member) => member.mid === survivorMid) ?? first;
  const merged = pair.find((member) => member.mid !== survivor.mid) ?? second;
  // Different VAT numbers usually mean two companies: the server refuses such a merge unless
  // it is confirmed, so the person must tick the warning first.
  const hasDifferentVat = haveDifferentVatNumbers(survivor.vatNumber, merged.vatNumber);
  const canMerge = !hasDifferentVat || isVatDifferenceConfirmed;

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!isBusy) onClose();
      }}
      onClose={restoreFocus}
      className="m-auto w-[min(52rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      {isOpen ? (
        <form
          method="dialog"
          className="flex max-h-[calc(100vh-4rem)] flex-col gap-4 overflow-y-auto p-5"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isBusy && canMerge) onConfirm(survivor, merged, hasDifferentVat);
          }}
        >
          <h2 id={titleId} className="text-lg font-semibold">
            Merge duplicate members
          </h2>
          {members.length > 2 ? (
            <MergePairSelect
              members={members}
              first={first}
              second={second}
              onSelect={(mid) => {
                setOtherMid(mid);
                setSurvivorMid(first.mid);
                setIsVatDifferenceConfirmed(false);
              }}
            />
          ) : null}
          <MergeComparison
            pair={pair}
            survivor={survivor}
            merged={merged}
            proposedSurvivorMid={finding.proposedSurvivorMid}
            onChooseSurvivor={setSurvivorMid}
          />
          <p className="text-sm text-slate-700">
            {merged.number} is merged into {survivor.number} and deleted: its users, invoices,
            certificates, applications, e-mails and association links move to {survivor.number}, and{' '}
            {survivor.number}&apos;s empty fields are filled from it. Paid invoices keep everything
            but their member link. Every change is recorded in the history of both.
          </p>
          {hasDifferentVat ? (
            <VatDifferenceWarning
              id={vatWarningId}
              survivor={survivor}
              merged={merged}
              isConfirmed={isVatDifferenceConfirmed}
              onConfirmedChange={setIsVatDifferenceConfirmed}
            />
          ) : null}
          <RepairError error={error} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" data-cancel onClick={onClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button
              type="submit"
              isBusy={isBusy}
              disabled={!canMerge}
              aria-describedby={hasDifferentVat ? vatWarningId : undefined}
            >
              {isBusy ? 'Merging…' : `Merge ${merged.number} into ${survivor.number}`}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
