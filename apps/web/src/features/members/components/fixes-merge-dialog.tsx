import { haveDifferentVatNumbers, type TDuplicateFinding } from '@ops/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/button';
import { RepairError, inputClass } from './fixes-panel';

export type DuplicateMember = TDuplicateFinding['members'][number];

/** The fields shown side by side, as a person compares two records. */
const rows: { label: string; value: (member: DuplicateMember) => string | null }[] = [
  { label: 'Number', value: (m) => m.number },
  { label: 'Legal name', value: (m) => m.legalName },
  { label: 'Trade name', value: (m) => m.tradeName },
  { label: 'Category', value: (m) => m.category },
  { label: 'Status', value: (m) => m.status },
  {
    label: 'Country',
    value: (m) => (m.countryName ? `${m.countryName} (${m.countryIso2})` : null),
  },
  { label: 'City', value: (m) => m.city },
  { label: 'VAT number', value: (m) => m.vatNumber },
  { label: 'E-mail', value: (m) => m.email },
  { label: 'Phone', value: (m) => m.phone },
  { label: 'Website', value: (m) => m.website },
  { label: 'Joined', value: (m) => m.joinedOn },
  {
    label: 'Paid through',
    value: (m) => (m.paidThroughYear === null ? null : String(m.paidThroughYear)),
  },
  {
    label: 'Invoices',
    value: (m) => `${m.related.invoices} (${m.related.paidInvoices} paid)`,
  },
  { label: 'Users', value: (m) => String(m.related.users) },
  { label: 'Certificates', value: (m) => String(m.related.certificates) },
  { label: 'Applications', value: (m) => String(m.related.applications) },
  { label: 'E-mails', value: (m) => String(m.related.emails) },
  { label: 'Association links', value: (m) => String(m.related.associationLinks) },
];

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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const pairId = useId();
  const members = finding.members;
  const [survivorMid, setSurvivorMid] = useState(finding.proposedSurvivorMid);
  const [otherMid, setOtherMid] = useState(
    members.find((member) => member.mid !== finding.proposedSurvivorMid)?.mid ?? '',
  );
  const [isVatDifferenceConfirmed, setIsVatDifferenceConfirmed] = useState(false);
  const vatWarningId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      returnFocus.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-cancel]')?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

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
      onClose={() => {
        returnFocus.current?.focus();
        returnFocus.current = null;
      }}
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
            <div className="flex flex-col gap-1">
              <label htmlFor={pairId} className="text-sm font-medium text-slate-800">
                Compare {first.number} with
              </label>
              <select
                id={pairId}
                value={second.mid}
                onChange={(event) => {
                  setOtherMid(event.target.value);
                  setSurvivorMid(first.mid);
                  setIsVatDifferenceConfirmed(false);
                }}
                className={inputClass}
              >
                {members
                  .filter((member) => member.mid !== first.mid)
                  .map((member) => (
                    <option key={member.mid} value={member.mid}>
                      {member.number} {member.legalName}
                    </option>
                  ))}
              </select>
            </div>
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-800">
              Which record survives?
            </legend>
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="w-32 p-1 text-left font-normal text-slate-500">
                      <span className="sr-only">Field</span>
                    </th>
                    {pair.map((member) => (
                      <th
                        key={member.mid}
                        scope="col"
                        className={[
                          'rounded-t-md p-2 text-left',
                          member.mid === survivor.mid ? 'bg-sky-50' : 'bg-slate-50',
                        ].join(' ')}
                      >
                        <label className="flex items-center gap-2 font-semibold">
                          <input
                            type="radio"
                            name="survivor"
                            value={member.mid}
                            checked={member.mid === survivor.mid}
                            onChange={() => setSurvivorMid(member.mid)}
                          />
                          Keep {member.number}
                        </label>
                        <span className="text-xs font-normal text-slate-600">
                          {member.mid === survivor.mid ? 'survives' : 'merged, then deleted'}
                          {member.mid === finding.proposedSurvivorMid ? ' · proposed' : ''}
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const values = pair.map((member) => row.value(member));
                    const differs = values[0] !== values[1];
                    return (
                      <tr key={row.label} className="border-t border-slate-100">
                        <th scope="row" className="p-1 text-left font-normal text-slate-500">
                          {row.label}
                        </th>
                        {pair.map((member, i) => {
                          const value = values[i];
                          const isFilled =
                            member.mid === survivor.mid &&
                            (value === null || value === '') &&
                            row.value(merged) !== null;
                          return (
                            <td
                              key={member.mid}
                              className={[
                                'p-1 break-all',
                                member.mid === survivor.mid ? 'bg-sky-50/60' : '',
                                differs ? 'font-medium' : 'text-slate-600',
                              ].join(' ')}
                            >
                              {value ?? <span className="text-slate-400">—</span>}
                              {isFilled ? (
                                <span className="block text-xs text-sky-800">
                                  filled from {merged.number}
                                </span>
                              ) : null}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </fieldset>
          <p className="text-sm text-slate-700">
            {merged.number} is merged into {survivor.number} and deleted: its users, invoices,
            certificates, applications, e-mails and association links move to {survivor.number}, and{' '}
            {survivor.number}&apos;s empty fields are filled from it. Paid invoices keep everything
            but their member link. Every change is recorded in the history of both.
          </p>
          {hasDifferentVat ? (
            <div
              id={vatWarningId}
              role="alert"
              className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
            >
              <p className="font-semibold">These members have different VAT numbers</p>
              <p>
                {survivor.number} has {survivor.vatNumber} and {merged.number} has{' '}
                {merged.vatNumber}. Different VAT numbers usually mean different companies: compare
                the two records above before merging.
              </p>
              <label className="flex items-start gap-2 font-medium">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={isVatDifferenceConfirmed}
                  onChange={(event) => setIsVatDifferenceConfirmed(event.target.checked)}
                />
                I have checked: they are the same member despite the different VAT numbers
              </label>
            </div>
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
