import { SendAgainAction } from '@/components/send-again';
import { useCan } from '@/lib/permissions';
import { useSendCreditNote } from '../api/send-credit-note';

/**
 * "Send CN-2026-000001 again" (issue 32): a credit note e-mailed once more with its PDF, to the
 * member's address or another, for operators allowed to issue credit notes. The invoice screen
 * places one per credit note of the invoice.
 */
export function SendCreditNoteAction({
  creditNote,
  memberEmail,
}: {
  creditNote: { cnid: string; number: string };
  memberEmail: string | null;
}) {
  const canSend = useCan('credit-notes.issue');
  const send = useSendCreditNote(creditNote.cnid);
  if (!canSend) return null;
  return (
    <SendAgainAction
      documentName={`credit note ${creditNote.number}`}
      label={`Send ${creditNote.number} again`}
      memberEmail={memberEmail}
      send={send}
    />
  );
}
