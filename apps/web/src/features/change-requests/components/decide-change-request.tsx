import type { TChangeRequestDecision, TChangeRequestDetail } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog } from '@ops/ui/confirm-dialog';
import { auditReason } from '@/components/detail/audit-reason';
import { ConflictNotice, isVersionConflict } from '@ops/ui/conflict-notice';
import { getErrorMessage } from '@ops/ui/error-message';
import { useReload } from '@/components/detail/use-reload';
import { useApproveChangeRequest } from '../api/approve-change-request';
import { useDeclineChangeRequest } from '../api/decline-change-request';
import { fieldLabelsOf } from '../utils/field-values';
import { EditThenApproveForm } from './edit-then-approve-form';
import { DismissibleOutcome } from '@/components/dismissible-outcome';

type Choice = 'approve' | 'edit' | 'decline' | null;

/** The sentence of the approve dialog: what is written, and what changed since the request. */
function ApproveConsequence({ request }: { request: TChangeRequestDetail }) {
  if (request.kind === 'close-account') {
    return (
      <p>
        {request.memberName} ({request.memberNumber}) resigns as of today, with the member’s note as
        the reason. Its invoices and certificates stay; the member sees the decision in the portal.
        An overdue or suspended member cannot resign: settle its invoices, or terminate it from its
        record.
      </p>
    );
  }
  const changed = request.fields.filter((row) => row.changedSince);
  return (
    <div className="flex flex-col gap-2">
      <p>
        {request.memberName} ({request.memberNumber}) gets the values the member asked for:{' '}
        {fieldLabelsOf(request.fields.map((row) => row.field))}. The change is audited as yours and
        the member sees the decision in the portal.
      </p>
      {changed.length > 0 ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-950">
          Changed since the request: {fieldLabelsOf(changed.map((row) => row.field))}. Approving
          replaces the current values shown in the table.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The decision of a pending request, for operators allowed `members.edit` (the caller
 * decides): Approve (the values asked for), Edit then approve (a form of the asked fields),
 * Decline (with the reason the member reads). Approving a request to close the account records
 * the member's resignation (the server's life-cycle rules apply). What the
 * server answered stays above until dismissed; a 409 names who changed what and offers Reload.
 */
export function DecideChangeRequest({
  request,
  canDecide,
  onReload,
}: {
  request: TChangeRequestDetail;
  canDecide: boolean;
  /** Fetches the request again (after a version conflict); answers it as it now is. */
  onReload: () => Promise<TChangeRequestDetail | undefined>;
}) {
  const approve = useApproveChangeRequest(request.id);
  const decline = useDeclineChangeRequest(request.id);
  const [choice, setChoice] = useState<Choice>(null);
  const [message, setMessage] = useState<string | null>(null);
  const conflictError = [approve.error, decline.error].find((error) => isVersionConflict(error));
  const reloading = useReload(async () => {
    await onReload();
    approve.reset();
    decline.reset();
  });
  const isPending = request.status === 'pending';
  const isCompanyData = request.kind === 'company-data';

  const decided = (decision: TChangeRequestDecision) => {
    setChoice(null);
    setMessage(decision.message);
  };
  const close = () => {
    setChoice(null);
    approve.reset();
    decline.reset();
  };
  const start = (next: Choice) => {
    setMessage(null);
    approve.reset();
    decline.reset();
    setChoice(next);
  };
  // A conflict closes the dialog: its notice asks to look at the request as it now is first.
  const failed = (error: Error) => {
    if (isVersionConflict(error)) setChoice(null);
  };
  const dialogError = (error: Error | null) =>
    error && !isVersionConflict(error) ? getErrorMessage(error) : null;

  return (
    <div className="flex flex-col gap-3">
      {message ? <DismissibleOutcome message={message} onDismiss={() => setMessage(null)} /> : null}
      {conflictError ? (
        <ConflictNotice
          message={getErrorMessage(conflictError)}
          isReloading={reloading.isReloading}
          onReload={() => void reloading.reload()}
        />
      ) : null}
      {isPending && !canDecide ? (
        <p className="text-sm text-slate-700">
          Your operator roles do not allow deciding change requests (it needs members.edit).
        </p>
      ) : null}
      {isPending && canDecide && choice !== 'edit' ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label="Decision">
          <Button onClick={() => start('approve')}>Approve</Button>
          {isCompanyData ? (
            <Button variant="secondary" onClick={() => start('edit')}>
              Edit then approve
            </Button>
          ) : null}
          <Button variant="secondary" className="text-red-800" onClick={() => start('decline')}>
            Decline
          </Button>
        </div>
      ) : null}
      {isPending && canDecide && isCompanyData && choice === 'edit' ? (
        <EditThenApproveForm
          request={request}
          onApproved={decided}
          onCancel={() => setChoice(null)}
          onReload={onReload}
        />
      ) : null}
      <ConfirmDialog
        isOpen={choice === 'approve'}
        title="Approve the change request?"
        confirmLabel="Approve"
        busyLabel="Approving…"
        isBusy={approve.isPending}
        error={dialogError(approve.error)}
        onClose={close}
        onConfirm={() =>
          approve.mutate(
            { version: request.version, memberVersion: request.memberVersion },
            { onSuccess: decided, onError: failed },
          )
        }
      >
        <ApproveConsequence request={request} />
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={choice === 'decline'}
        title="Decline the change request?"
        confirmLabel="Decline"
        busyLabel="Declining…"
        tone="danger"
        reason={auditReason('The member reads it in the portal, with the request.')}
        isBusy={decline.isPending}
        error={dialogError(decline.error)}
        onClose={close}
        onConfirm={(reason) =>
          decline.mutate(
            { version: request.version, reason },
            { onSuccess: decided, onError: failed },
          )
        }
      >
        {isCompanyData
          ? `${request.memberName}’s record stays as it is.`
          : `${request.memberName}’s account stays open.`}
      </ConfirmDialog>
    </div>
  );
}
