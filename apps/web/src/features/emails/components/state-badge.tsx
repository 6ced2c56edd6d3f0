import type { EmailDeliveryModeName, EmailStateName } from '@ops/contract';
import { emailStatusLabel } from '@/lib/labels';

const tones: Record<EmailStateName, string> = {
  PENDING: 'bg-slate-100 text-slate-800',
  PROCESSING: 'bg-sky-100 text-sky-900',
  RETRY: 'bg-amber-100 text-amber-900',
  SUCCESS: 'bg-emerald-100 text-emerald-900',
  ERROR: 'bg-red-100 text-red-900',
};

/** Delivered without SMTP_URL: done, but it reached no mailbox, so not the green of a sent one. */
const loggedTone = 'bg-amber-50 text-amber-900 ring-1 ring-amber-200';

/**
 * An e-mail's delivery status as a small coloured badge: "Sent" only when a mail server accepted
 * it, "Logged (not delivered)" when the worker only wrote it to the server log.
 */
export function EmailStateBadge({
  state,
  deliveryMode,
}: {
  state: EmailStateName;
  deliveryMode: EmailDeliveryModeName | null;
}) {
  const isLogged = state === 'SUCCESS' && deliveryMode === 'log';
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${isLogged ? loggedTone : tones[state]}`}
    >
      {emailStatusLabel(state, deliveryMode)}
    </span>
  );
}
