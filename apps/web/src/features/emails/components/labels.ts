import type { EmailStateName } from '@ops/contract';
import { paths } from '@/config/paths';
import {
  emailDeliveryModeLabels,
  emailKindLabels,
  emailStateLabels,
  emailSuccessFilterLabel,
  optionsOf,
} from '@/lib/labels';

/**
 * The state filter, in life-cycle order. SUCCESS holds sent and logged e-mails alike, so it does
 * not claim "Sent"; the delivery filter tells them apart (the server records how each left).
 */
export const emailStateOptions: readonly { value: EmailStateName; label: string }[] = optionsOf(
  { ...emailStateLabels, SUCCESS: emailSuccessFilterLabel },
  ['PENDING', 'PROCESSING', 'RETRY', 'SUCCESS', 'ERROR'],
);

/** How delivered e-mails left: accepted by the mail server, or only written to the server log. */
export const emailDeliveryModeOptions = optionsOf(emailDeliveryModeLabels);

/** The kinds the system sends (contract `emailKinds`), in words. */
export const emailKindOptions = optionsOf(emailKindLabels);

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
