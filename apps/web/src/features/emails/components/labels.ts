import type { EmailDeliveryOutcomeName, EmailStateName } from '@ops/contract';
import { paths } from '@/config/paths';

/** The states in their life-cycle order (contract `emailStates`), as the filter offers them. */
export const emailStateOptions: readonly { value: EmailStateName; label: string }[] = [
  { value: 'PENDING', label: 'Pending' },
  { value: 'PROCESSING', label: 'Processing' },
  { value: 'RETRY', label: 'Retry' },
  { value: 'SUCCESS', label: 'Sent' },
  { value: 'ERROR', label: 'Failed' },
];

export const emailStateLabels = Object.fromEntries(
  emailStateOptions.map((option) => [option.value, option.label]),
) as Record<EmailStateName, string>;

/** The kinds the system sends (contract `emailKinds`). */
export const emailKindOptions: readonly { value: string; label: string }[] = [
  { value: 'sign-in-link', label: 'Sign-in link' },
  { value: 'password-reset', label: 'Password reset' },
  { value: 'application-approved', label: 'Application approved' },
  { value: 'application-endorsement-requested', label: 'Endorsement requested' },
  { value: 'invoice-issued', label: 'Invoice issued' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'payment-reminder', label: 'Payment reminder' },
  { value: 'certificate-issued', label: 'Certificate issued' },
  { value: 'certificate', label: 'Certificate' },
];

export const relatedTableOptions: readonly { value: string; label: string }[] = [
  { value: 'members', label: 'Member' },
  { value: 'invoices', label: 'Invoice' },
  { value: 'certificates', label: 'Certificate' },
  { value: 'applications', label: 'Application' },
  { value: 'users', label: 'User' },
  { value: 'stripe_invoices', label: 'Card payment' },
];

export const relatedTableLabels: Record<string, string> = Object.fromEntries(
  relatedTableOptions.map((option) => [option.value, option.label]),
);

export const outcomeLabels: Record<EmailDeliveryOutcomeName, string> = {
  success: 'Accepted by the mail server',
  'temporary-failure': 'Temporary failure',
  'permanent-failure': 'Refused for good',
  'lease-expired': 'Lease expired',
};

/** Where the console shows an e-mail's related record; null for a table it has no screen for. */
export function relatedHref(table: string, id: string): string | null {
  switch (table) {
    case 'members':
      return paths.member.getHref({ mid: id });
    case 'invoices':
      return paths.invoice.getHref({ iid: id });
    case 'certificates':
      return paths.certificate.getHref({ cid: id });
    case 'applications':
      return paths.application.getHref({ aid: id });
    case 'users':
      return paths.user.getHref({ uid: id });
    case 'stripe_invoices':
      return paths.stripeInvoice.getHref({ sid: id });
    default:
      return null;
  }
}

/** 1536 → "1.5 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
