import type { TBankEntryListItem } from '@ops/contract/bank-statements';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { ConfirmDialog, auditReason, formatMoney } from '@/components/detail';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import { useAssignBankEntry } from '../api/assign-bank-entry';
import { useConfirmBankEntry } from '../api/confirm-bank-entry';
import { useIgnoreBankEntry } from '../api/ignore-bank-entry';
import { useReverseBankEntry } from '../api/reverse-bank-entry';
import { AssignEntryDialog } from './assign-entry-dialog';

type Dialog = 'assign' | 'ignore' | 'reverse' | null;

/**
 * What happened, in the server's words, with what it did to the member (rule 2) as one more
 * sentence: "… For the member: M-000148 is now active (was overdue); it is paid through 2026;
 * membership certificate 2026 issued." (issue 32: the effects used to run on without a stop).
 */
export function sentenceOf(result: { message: string; memberEffects?: readonly string[] }): string {
  const effects = (result.memberEffects ?? []).map((effect) => effect.replace(/[.\s]+$/, ''));
  const message = /[.!?]$/.test(result.message.trim())
    ? result.message.trim()
    : `${result.message.trim()}.`;
  return effects.length > 0 ? `${message} For the member: ${effects.join('; ')}.` : message;
}

/**
 * The operator's actions on one entry, as its state allows and the roles permit: Confirm a
 * suggestion, Assign an unmatched payment (or a suggestion, to another invoice), mark it Not a
 * member payment, and Reverse a booking (or take an ignored payment back to the queue).
 */
export function EntryActions({
  entry,
  onDone,
}: {
  entry: TBankEntryListItem;
  /** The server's sentence after an action, for the screen's status line. */
  onDone: (message: string) => void;
}) {
  const canImport = useCan('bank-statements.import');
  const canReverse = useCan('payments.reverse');
  const [dialog, setDialog] = useState<Dialog>(null);
  const confirm = useConfirmBankEntry();
  const assign = useAssignBankEntry();
  const ignore = useIgnoreBankEntry();
  const reverse = useReverseBankEntry();
  const amount = formatMoney(entry.amountMinor, entry.currency);
  const isOpen = entry.state === 'suggested' || entry.state === 'unmatched';
  const close = () => {
    setDialog(null);
    assign.reset();
    ignore.reset();
    reverse.reset();
  };
  const done = (result: { message: string; memberEffects?: readonly string[] }) => {
    close();
    onDone(sentenceOf(result));
  };

  const buttons = [
    canImport && entry.state === 'suggested' ? (
      <Button
        key="confirm"
        isBusy={confirm.isPending}
        onClick={() =>
          confirm.mutate({ beid: entry.beid, version: entry.version }, { onSuccess: done })
        }
      >
        {confirm.isPending ? 'Confirming…' : 'Confirm'}
      </Button>
    ) : null,
    canImport && isOpen ? (
      <Button key="assign" variant="secondary" onClick={() => setDialog('assign')}>
        Assign
      </Button>
    ) : null,
    canImport && isOpen ? (
      <Button key="ignore" variant="secondary" onClick={() => setDialog('ignore')}>
        Not a member payment
      </Button>
    ) : null,
    canReverse && (entry.state === 'booked' || entry.state === 'ignored') ? (
      <Button key="reverse" variant="secondary" onClick={() => setDialog('reverse')}>
        {entry.state === 'booked' ? 'Reverse' : 'Back to the queue'}
      </Button>
    ) : null,
  ].filter(Boolean);
  if (buttons.length === 0) return null;

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap gap-2">{buttons}</div>
      {confirm.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {getErrorMessage(confirm.error)}
        </p>
      ) : null}
      {isOpen ? (
        <AssignEntryDialog
          entry={entry}
          isOpen={dialog === 'assign'}
          isPending={assign.isPending}
          error={assign.isError ? getErrorMessage(assign.error) : null}
          onAssign={(choice) =>
            assign.mutate(
              { beid: entry.beid, iid: choice.iid, version: entry.version },
              { onSuccess: done },
            )
          }
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        isOpen={dialog === 'ignore'}
        title={`${amount} is not a member payment`}
        confirmLabel="Not a member payment"
        busyLabel="Saving…"
        reason={auditReason(
          'Kept with the payment and in the audit trail, e.g. "refund from the insurer".',
        )}
        isBusy={ignore.isPending}
        error={ignore.isError ? getErrorMessage(ignore.error) : null}
        onConfirm={(reason) =>
          ignore.mutate({ beid: entry.beid, reason, version: entry.version }, { onSuccess: done })
        }
        onClose={close}
      >
        The payment leaves the queue and is booked to no invoice. It can be taken back later.
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={dialog === 'reverse'}
        title={
          entry.state === 'booked'
            ? `Reverse the booking of ${amount}`
            : `Take ${amount} back to the queue`
        }
        confirmLabel={entry.state === 'booked' ? 'Reverse' : 'Back to the queue'}
        busyLabel="Reversing…"
        tone="danger"
        reason={auditReason('Kept in the audit trail.')}
        isBusy={reverse.isPending}
        error={reverse.isError ? getErrorMessage(reverse.error) : null}
        onConfirm={(reason) =>
          reverse.mutate({ beid: entry.beid, reason, version: entry.version }, { onSuccess: done })
        }
        onClose={close}
      >
        {entry.state === 'booked'
          ? `The payment is taken off ${entry.invoice ? `invoice ${entry.invoice.number}` : 'its invoice'}, which returns to its earlier state, and the payment returns to the unmatched queue.`
          : 'The payment returns to the unmatched queue.'}
      </ConfirmDialog>
    </div>
  );
}
