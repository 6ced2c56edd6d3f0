import type { TInvoiceActionResult, TInvoiceDetail } from '@ops/contract';
import { useState } from 'react';
import { Button } from '@ops/ui/button';
import { CreditNoteAction } from '@/features/credit-notes';
import { ConfirmDialog, ConflictNotice, auditReason, isVersionConflict } from '@/components/detail';
import { getErrorMessage } from '@ops/ui/error-message';
import { useInvoiceAction } from '../api/run-invoice-action';
import { IssueInvoiceDialog } from './issue-invoice-dialog';
import { MarkInvoicePaidDialog } from './mark-invoice-paid-dialog';
import { SendInvoiceAgainActions } from './send-invoice-again-action';

type Open = null | 'issue' | 'mark-paid' | 'void' | 'uncollectible';

/**
 * The life-cycle moves the invoice's state allows (the server lists them in `actions`), each
 * behind its dialog; `onDone` receives what the move caused (rule 2's effects after a payment).
 * Then Send again, of the invoice and of its credit notes (issue 32).
 */
export function InvoiceActions({
  invoice,
  onDone,
  onReload,
}: {
  invoice: TInvoiceDetail;
  onDone: (result: TInvoiceActionResult) => void;
  onReload: () => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const action = useInvoiceAction(invoice.iid);

  const close = () => {
    setOpen(null);
    action.reset();
  };
  const finish = (result: TInvoiceActionResult) => {
    setOpen(null);
    onDone(result);
  };
  // Awaited rather than mutate's per-call onSuccess: the answer bumps the invoice's version,
  // which remounts this component (keyed by version), and TanStack Query drops the per-call
  // callbacks of an unmounted caller, so the effects of a payment went unreported now and then.
  // A failure is shown from the mutation's state (action.error).
  const run = (request: Parameters<typeof action.mutateAsync>[0]) => {
    action.mutateAsync(request).then(finish, () => undefined);
  };
  const error = action.error;
  const errorText = error && !isVersionConflict(error) ? getErrorMessage(error) : null;
  const conflict =
    error && isVersionConflict(error) ? (
      <ConflictNotice
        message={error.message}
        onReload={() => {
          close();
          onReload();
        }}
      />
    ) : null;
  const dialogState = { isPending: action.isPending, conflict, errorText, onClose: close };
  const has = (name: TInvoiceDetail['actions'][number]) => invoice.actions.includes(name);

  return (
    <>
      {has('issue') ? <Button onClick={() => setOpen('issue')}>Issue</Button> : null}
      {has('mark-paid') ? <Button onClick={() => setOpen('mark-paid')}>Mark paid</Button> : null}
      {has('void') ? (
        <Button variant="secondary" onClick={() => setOpen('void')}>
          Void
        </Button>
      ) : null}
      {has('uncollectible') ? (
        <Button variant="secondary" onClick={() => setOpen('uncollectible')}>
          Uncollectible
        </Button>
      ) : null}
      {invoice.status === 'issued' || invoice.status === 'paid' ? (
        <CreditNoteAction invoice={invoice} />
      ) : null}
      <SendInvoiceAgainActions invoice={invoice} />

      <IssueInvoiceDialog
        invoice={invoice}
        isOpen={open === 'issue'}
        state={dialogState}
        onIssue={(body) => run({ action: 'issue', body })}
      />
      <MarkInvoicePaidDialog
        invoice={invoice}
        isOpen={open === 'mark-paid'}
        state={dialogState}
        onMarkPaid={(body) => run({ action: 'mark-paid', body })}
      />

      {(['void', 'uncollectible'] as const).map((to) => (
        <ConfirmDialog
          key={to}
          isOpen={open === to}
          title={to === 'void' ? `Void ${invoice.number}` : `Write ${invoice.number} off`}
          confirmLabel={to === 'void' ? 'Void invoice' : 'Mark uncollectible'}
          busyLabel="Saving…"
          tone="danger"
          reason={auditReason('Kept in the invoice’s history.')}
          isBusy={action.isPending}
          error={error ? getErrorMessage(error) : null}
          onClose={close}
          onConfirm={(reason) => run({ action: to, body: { version: invoice.version, reason } })}
        >
          {to === 'void'
            ? 'A void invoice stays on record and can no longer be paid.'
            : 'The invoice is written off: it stays on record and is no longer expected to be paid.'}
        </ConfirmDialog>
      ))}
    </>
  );
}
