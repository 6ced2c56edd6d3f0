import type { ReactNode } from 'react';
import { Button } from '@ops/ui/button';
import { EmailAddress } from './email-address';

/** Spec §2 step 7: a link went to `email`; the person goes on from their mailbox. */
export function MailboxPanel({
  children,
  actionLabel,
  onAction,
}: {
  /** What the link is for and what to do with it. */
  children: ReactNode;
  actionLabel: string;
  onAction: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950"
    >
      <h2 className="text-base font-semibold">Check your mailbox!</h2>
      <p>{children}</p>
      <Button variant="secondary" onClick={onAction} className="self-start">
        {actionLabel}
      </Button>
    </div>
  );
}

/** The address the link went to, set apart so it is easy to check. */
export function SentTo({ email }: { email: string }) {
  return (
    <strong className="font-semibold">
      <EmailAddress email={email} />
    </strong>
  );
}
