import { ZMemberDunningExemption, type TMemberDetail } from '@ops/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, focusRing } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { formatDate } from '@ops/ui/format';
import { DialogFooter, Modal } from '@ops/ui/modal';
import { paths } from '@/config/paths';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useDunningExemption } from '../api/dunning-exemption';
import { todayAtHeadquarters } from '@/lib/clock';
import { StackedField } from '@/components/stacked-field';

const linkClass =
  'text-sky-800 underline decoration-sky-300 underline-offset-2 hover:decoration-sky-700';
const controlClass = (hasError: boolean) =>
  [
    'w-full rounded-md border px-3 py-2 text-sm',
    focusRing,
    hasError ? 'border-red-600' : 'border-slate-300',
  ].join(' ');

type FieldErrors = { until?: string; reason?: string };

/** What a refused save says: the field issues under their fields, anything else above. */
function errorsOf(error: unknown): { fields: FieldErrors; other: string | null } {
  if (isVersionConflict(error)) {
    return {
      fields: {},
      other: `${getErrorMessage(error)} The member has been reloaded: check it, then save again.`,
    };
  }
  if (!isApiError(error) || !error.issues?.length) {
    return { fields: {}, other: getErrorMessage(error) };
  }
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.replace(/^body\./, '');
    if (field === 'until' || field === 'reason') fields[field] ??= issue.message;
    else other.push(issue.message);
  }
  return { fields, other: other.length > 0 ? other.join(' ') : null };
}

/** Exempting the member until a day, with the reason (a payment plan); checked as the API does. */
function ExemptionDialog({
  member,
  isOpen,
  onClose,
}: {
  member: TMemberDetail;
  isOpen: boolean;
  onClose: () => void;
}) {
  const write = useDunningExemption(member.mid);
  const [until, setUntil] = useState(member.dunning.exemptUntil ?? '');
  const [reason, setReason] = useState(member.dunning.exemptReason ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [otherError, setOtherError] = useState<string | null>(null);
  const untilId = useId();
  const reasonId = useId();

  const close = () => {
    setFieldErrors({});
    setOtherError(null);
    write.reset();
    onClose();
  };
  const save = () => {
    // The version on screen now: after a conflict the member has been fetched again.
    const checked = ZMemberDunningExemption.safeParse({ until, reason, version: member.version });
    if (!checked.success) {
      const errors: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if (field === 'until' || field === 'reason') errors[field] ??= issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setOtherError(null);
    write.mutate(
      { kind: 'set', body: checked.data },
      {
        onSuccess: close,
        onError: (error) => {
          const { fields, other } = errorsOf(error);
          setFieldErrors(fields);
          setOtherError(other);
        },
      },
    );
  };

  return (
    <Modal isOpen={isOpen} title={`Exempt ${member.legalName} from dunning`} onClose={close}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <p className="text-sm text-slate-600">
          No reminder is sent to the member up to and including the day (a payment plan, a dispute
          being settled). Its open invoices are chased again from the day after.
        </p>
        <StackedField controlId={untilId} label="Exempt until" error={fieldErrors.until}>
          <input
            id={untilId}
            type="date"
            value={until}
            min={todayAtHeadquarters()}
            aria-invalid={fieldErrors.until ? true : undefined}
            aria-describedby={fieldErrors.until ? `${untilId}-error` : undefined}
            onChange={(event) => setUntil(event.target.value)}
            className={`${controlClass(Boolean(fieldErrors.until))} w-44`}
          />
        </StackedField>
        <StackedField controlId={reasonId} label="Reason" error={fieldErrors.reason}>
          <textarea
            id={reasonId}
            rows={3}
            value={reason}
            aria-invalid={fieldErrors.reason ? true : undefined}
            aria-describedby={fieldErrors.reason ? `${reasonId}-error` : undefined}
            onChange={(event) => setReason(event.target.value)}
            className={controlClass(Boolean(fieldErrors.reason))}
          />
        </StackedField>
        <DialogFooter
          errorText={otherError}
          onCancel={close}
          submit={{ label: 'Save exemption', busyLabel: 'Saving…', isBusy: write.isPending }}
        />
      </form>
    </Modal>
  );
}

/** The exemption as a sentence: until when and why, or that it ended, or none. */
function exemptionText(member: TMemberDetail): string {
  const { exemptUntil, exemptReason } = member.dunning;
  if (!exemptUntil) return 'Not exempt: its open invoices are chased.';
  const reason = exemptReason ? `: ${exemptReason}` : '';
  return exemptUntil < todayAtHeadquarters()
    ? `The exemption ended on ${formatDate(exemptUntil)}${reason}.`
    : `Exempt until ${formatDate(exemptUntil)}${reason}.`;
}

/**
 * The member's dunning (issue 17): its open invoices that got a reminder (their highest level,
 * each a link) and its exemption from dunning, which operators with `dunning.manage` set (a day
 * and a reason) or clear. Each change is in the member's history.
 */
export function MemberDunning({ member }: { member: TMemberDetail }) {
  const canManage = useCan('dunning.manage');
  const [isEditing, setIsEditing] = useState(false);
  // Each opening starts from the exemption as it then is (and survives a refetch while open).
  const [openings, setOpenings] = useState(0);
  const [isClearing, setIsClearing] = useState(false);
  const clear = useDunningExemption(member.mid);
  const { exemptUntil, openReminders } = member.dunning;
  const isDeleted = member.deletedAt !== null;

  return (
    <section aria-label="Dunning" className="flex min-w-0 flex-col gap-2">
      <h4 className="border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        Dunning
      </h4>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-sm text-slate-800" data-testid="dunning-exemption">
          {exemptionText(member)}
        </p>
        {canManage && !isDeleted ? (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setOpenings((count) => count + 1);
                setIsEditing(true);
              }}
            >
              {exemptUntil ? 'Change exemption…' : 'Exempt from dunning…'}
            </Button>
            {exemptUntil ? (
              <Button variant="secondary" onClick={() => setIsClearing(true)}>
                Clear exemption
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
      {openReminders.length === 0 ? (
        <p className="text-sm text-slate-500">No open reminder.</p>
      ) : (
        <ul aria-label="Open reminders" className="divide-y divide-slate-100">
          {openReminders.map((reminder) => (
            <li
              key={reminder.invoiceId}
              className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5 text-sm"
            >
              <Link className={linkClass} to={paths.invoice.getHref({ iid: reminder.invoiceId })}>
                {reminder.invoiceNumber}
              </Link>
              <span className="text-slate-600">
                {reminder.levelName} · {formatDate(reminder.asOf)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <ExemptionDialog
          key={openings}
          member={member}
          isOpen={isEditing}
          onClose={() => setIsEditing(false)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={isClearing}
        title={`Clear the exemption of ${member.legalName}?`}
        confirmLabel="Clear exemption"
        busyLabel="Clearing…"
        isBusy={clear.isPending}
        error={clear.error ? errorsOf(clear.error).other : null}
        onConfirm={() =>
          clear.mutate(
            { kind: 'clear', body: { version: member.version } },
            {
              onSuccess: () => {
                setIsClearing(false);
                clear.reset();
              },
            },
          )
        }
        onClose={() => {
          setIsClearing(false);
          clear.reset();
        }}
      >
        <p>Its open invoices are chased again from the next dunning run.</p>
      </ConfirmDialog>
    </section>
  );
}
