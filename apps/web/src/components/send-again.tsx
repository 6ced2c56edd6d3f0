import type { TDocumentSendRequest } from '@ops/contract';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, focusRing } from '@ops/ui/button';
import { Modal } from '@ops/ui/modal';
import { TextField } from '@ops/ui/text-field';
import { isApiError } from '@ops/ui/api-client';
import { getErrorMessage } from '@ops/ui/error-message';
import { SuccessNote } from '@/components/success-note';

/** What a send answers: the sentence that says where it went. */
export type SendAgainResult = { message: string };

export type SendAgainActionProps = {
  /** The document as the dialog's title names it: "invoice 2026-000123". */
  documentName: string;
  /** The button's label: "Send again", or "Send CN-2026-000001 again" beside another. */
  label?: string;
  /** The member's address (its billing address); null when it has none. */
  memberEmail: string | null;
  /** The feature's send, answered with the server's message. */
  send: UseMutationResult<SendAgainResult, Error, TDocumentSendRequest>;
};

/**
 * "Send again" (issue 32): a secondary button opening a small dialog that e-mails an issued
 * document with its PDF once more, to the member's address or to another one. The server's
 * message is the dialog's status once sent; a refusal shows beside the Send button, a bad
 * address under its field. The invoice and the credit note screens place it, each with its
 * own send (`POST …/send`).
 */
export function SendAgainAction({
  documentName,
  label = 'Send again',
  memberEmail,
  send,
}: SendAgainActionProps) {
  const [isOpen, setIsOpen] = useState(false);
  const close = () => {
    setIsOpen(false);
    send.reset();
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        {label}
      </Button>
      <Modal isOpen={isOpen} title={`Send ${documentName} again`} onClose={close}>
        <SendAgainForm memberEmail={memberEmail} send={send} onClose={close} />
      </Modal>
    </>
  );
}

function SendAgainForm({
  memberEmail,
  send,
  onClose,
}: Pick<SendAgainActionProps, 'memberEmail' | 'send'> & { onClose: () => void }) {
  const [target, setTarget] = useState<'member' | 'other'>(memberEmail ? 'member' : 'other');
  const [other, setOther] = useState('');
  const groupName = useId();
  // A bad address is the field's to show; anything else (a repeat within the minute, a status
  // that cannot be sent, no connection) is shown beside the button.
  const error = send.error;
  const fieldError =
    error && isApiError(error) && target === 'other'
      ? (error.issues?.find((issue) => issue.path === 'body.to')?.message ?? null)
      : null;
  const formError = error && !fieldError ? getErrorMessage(error) : null;

  if (send.isSuccess) {
    return (
      <>
        <SuccessNote>{send.data.message}</SuccessNote>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(target === 'member' ? {} : { to: other });
  };
  const otherField = (
    <TextField
      label="E-mail address"
      type="email"
      autoComplete="off"
      value={other}
      error={fieldError}
      onChange={(event) => setOther(event.target.value)}
    />
  );
  return (
    // Checked by the server (one rule for the address), so the browser's own bubble stays off.
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        It is e-mailed with its PDF, in the member’s language. The send is kept in its history.
      </p>
      {memberEmail ? (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-medium text-slate-800">Send to</legend>
          {(
            [
              ['member', `The member’s address (${memberEmail})`],
              ['other', 'Another address'],
            ] as const
          ).map(([choice, words]) => (
            <label key={choice} className="flex items-center gap-2">
              <input
                type="radio"
                name={groupName}
                className={focusRing}
                checked={target === choice}
                onChange={() => setTarget(choice)}
              />
              {words}
            </label>
          ))}
          {target === 'other' ? <div className="pl-6">{otherField}</div> : null}
        </fieldset>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            The member has no e-mail address: give the address to send it to.
          </p>
          {otherField}
        </>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {formError ? (
          <p role="alert" className="mr-auto text-sm text-red-700">
            {formError}
          </p>
        ) : null}
        <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button type="submit" isBusy={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
