import { isInvoiceSendable, type TInvoiceDetail } from '@ops/contract';
import { SendAgainAction } from '@/components/send-again';
import { SendCreditNoteAction } from '@/features/credit-notes';
import { useCan } from '@/lib/permissions';
import { useSendInvoiceAgain } from '../api/send-invoice-again';

/**
 * Send again (issue 32): an issued or paid invoice (the contract's `isInvoiceSendable`, the
 * server's rule) e-mailed once more with its PDF, for operators who may edit invoices; and each
 * of its credit notes, for those who may issue them.
 */
export function SendInvoiceAgainActions({ invoice }: { invoice: TInvoiceDetail }) {
  const canSend = useCan('invoices.edit');
  const send = useSendInvoiceAgain(invoice.iid);
  const memberEmail = invoice.member?.email ?? null;
  return (
    <>
      {canSend && isInvoiceSendable(invoice.status) ? (
        <SendAgainAction
          documentName={`invoice ${invoice.number}`}
          memberEmail={memberEmail}
          send={send}
        />
      ) : null}
      {invoice.creditNotes.map((note) => (
        <SendCreditNoteAction key={note.cnid} creditNote={note} memberEmail={memberEmail} />
      ))}
    </>
  );
}
