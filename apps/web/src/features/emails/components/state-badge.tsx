import type { EmailDeliveryModeName, EmailStateName } from '@ops/contract';
import { Badge, type BadgeTone } from '@/components/badge';
import { emailStatusLabel } from '@/lib/labels';

const tones: Record<EmailStateName, BadgeTone> = {
  PENDING: 'slate',
  PROCESSING: 'sky',
  RETRY: 'amber',
  SUCCESS: 'emerald',
  ERROR: 'red',
};

/** Delivered without SMTP_URL: done, but it reached no mailbox, so not the green of a sent one. */
const loggedTone: BadgeTone = 'amber-outlined';

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
    <Badge tone={isLogged ? loggedTone : tones[state]}>
      {emailStatusLabel(state, deliveryMode)}
    </Badge>
  );
}
