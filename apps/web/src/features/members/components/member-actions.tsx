import { memberEndingStatuses, type TMemberDetail, type TMemberStatus } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { auditReason } from '@/components/detail/audit-reason';
import { isVersionConflict } from '@ops/ui/conflict-notice';
import { getErrorMessage } from '@ops/ui/error-message';
import { useMemberWrite } from '../api/write-member';
import { statusActionLabel, statusLabels } from './member-labels';

type PendingAction =
  { kind: 'status'; to: TMemberStatus } | { kind: 'delete' } | { kind: 'restore' } | null;

/** What each status move does, for the confirmation. */
function statusConsequence(member: TMemberDetail, to: TMemberStatus): string {
  const name = `${member.legalName} (${member.number})`;
  switch (to) {
    case 'terminated':
      return `${name} will be terminated today. Its membership ends; the reason is kept as the termination reason.`;
    case 'resigned':
      return `${name} will be recorded as resigned today. Its membership ends; the reason is kept as the termination reason.`;
    case 'active':
      return `${name} will be active again${member.joinedOn ? '' : ', joining today'}.`;
    case 'overdue':
      return `${name} will be marked overdue: its fee is unpaid past the due date.`;
    case 'suspended':
      return `${name} will be suspended until it pays or is terminated.`;
    case 'pending-payment':
      return `${name} will wait for its first payment.`;
  }
}

/**
 * The member's actions: the status moves its life cycle allows from here, each confirmed with a
 * reason (required when the membership ends), and delete (with a reason) or restore. Shown only
 * to operators whose roles allow `members.edit` (the caller decides).
 */
export function MemberActions({ member }: { member: TMemberDetail }) {
  const write = useMemberWrite(member.mid);
  const [pending, setPending] = useState<PendingAction>(null);

  const close = () => {
    setPending(null);
    write.reset();
  };
  const run = (reason: string) => {
    if (!pending) return;
    // The version of the member on screen now: after a conflict it has been fetched again.
    const version = member.version;
    const body =
      pending.kind === 'status'
        ? ({ kind: 'status', body: { status: pending.to, reason, version } } as const)
        : pending.kind === 'delete'
          ? ({ kind: 'delete', body: { reason, version } } as const)
          : ({ kind: 'restore', body: { reason, version } } as const);
    write.mutate(body, { onSuccess: close });
  };

  const error = write.error
    ? isVersionConflict(write.error)
      ? `${getErrorMessage(write.error)} The member has been reloaded: check it, then confirm again.`
      : getErrorMessage(write.error)
    : null;

  const isDeleted = member.deletedAt !== null;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {isDeleted ? (
          <Button variant="secondary" onClick={() => setPending({ kind: 'restore' })}>
            Restore
          </Button>
        ) : (
          <>
            {member.nextStatuses.map((to) => (
              <Button
                key={to}
                variant="secondary"
                onClick={() => setPending({ kind: 'status', to })}
              >
                {statusActionLabel(member.status, to)}
              </Button>
            ))}
            <Button
              variant="secondary"
              className="text-red-800"
              onClick={() => setPending({ kind: 'delete' })}
            >
              Delete
            </Button>
          </>
        )}
      </div>

      <ConfirmDialog
        isOpen={pending?.kind === 'status'}
        title={
          pending?.kind === 'status'
            ? `${statusActionLabel(member.status, pending.to)}: ${member.legalName}`
            : ''
        }
        confirmLabel={
          pending?.kind === 'status' ? `Change to ${statusLabels[pending.to].toLowerCase()}` : ''
        }
        busyLabel="Changing the status…"
        tone={
          pending?.kind === 'status' && memberEndingStatuses.includes(pending.to)
            ? 'danger'
            : 'primary'
        }
        reason={auditReason(
          'Kept in the history of the member.',
          pending?.kind === 'status' && memberEndingStatuses.includes(pending.to),
        )}
        isBusy={write.isPending}
        error={error}
        onConfirm={run}
        onClose={close}
      >
        {pending?.kind === 'status' ? (
          <p>
            {statusLabels[member.status]} → {statusLabels[pending.to]}.{' '}
            {statusConsequence(member, pending.to)}
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        isOpen={pending?.kind === 'delete'}
        title={`Delete ${member.legalName}?`}
        confirmLabel="Delete member"
        busyLabel="Deleting…"
        tone="danger"
        reason={auditReason(
          'Why this record should not exist, e.g. a duplicate. Kept in the history.',
        )}
        isBusy={write.isPending}
        error={error}
        onConfirm={run}
        onClose={close}
      >
        <p>
          {member.number} leaves the lists and the search; its invoices, certificates and history
          stay, and it can be restored. A membership that ends is terminated or resigned instead.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        isOpen={pending?.kind === 'restore'}
        title={`Restore ${member.legalName}?`}
        confirmLabel="Restore member"
        busyLabel="Restoring…"
        reason={auditReason('Kept in the history.', false)}
        isBusy={write.isPending}
        error={error}
        onConfirm={run}
        onClose={close}
      >
        <p>{member.number} comes back into the lists and the search.</p>
      </ConfirmDialog>
    </>
  );
}
