import type {
  ApplicationStatus,
  CertificateStatus,
  CertificateType,
  EmailDeliveryModeName,
  EmailDeliveryOutcomeName,
  EmailStateName,
  emailKinds,
  OperatorRole,
  TInvoiceKind,
  TInvoicePaymentMethod,
  TInvoiceSource,
  TInvoiceStatus,
  TMemberCategory,
  TMemberRole,
  TMemberStatus,
  TPaymentStatus,
  UploadStatus,
} from './index';
// A value, zod-free like this module: the four working languages' names (issue 17).
import { languageLabels, type applicationSources } from './enumerations';
import type { ActivityRecordType } from './lists/activity';

/**
 * One table of words per enumeration of the contract: what every list cell, badge, filter option,
 * detail field and history entry shows instead of the stored code, in sentence case ("Pending
 * payment", never `pending-payment` or "Pending Payment"). `labels.test.ts` checks that every
 * value of the contract has its words, so a new status cannot reach the screen as a code.
 *
 * The server's messages use the same words (lower-cased inside a sentence). Types only: the web
 * imports this module alone (`@ops/contract/labels`), so its bundles get the words without zod.
 */

export type EmailKindName = (typeof emailKinds)[number];

export const memberStatusLabels: Record<TMemberStatus, string> = {
  'pending-payment': 'Pending payment',
  active: 'Active',
  overdue: 'Overdue',
  suspended: 'Suspended',
  terminated: 'Terminated',
  resigned: 'Resigned',
};

export const memberCategoryLabels: Record<TMemberCategory, string> = {
  individual: 'Individual member',
  association: 'Association member',
  group: 'Group member',
  honorary: 'Honorary member',
};

export const memberRoleLabels: Record<TMemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  staff: 'Staff',
};

export const operatorRoleLabels: Record<OperatorRole, string> = {
  admin: 'Admin',
  finance: 'Finance',
  membership: 'Membership',
  'read-only': 'Read-only',
};

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  'awaiting-endorsement': 'Awaiting endorsement',
  endorsed: 'Endorsed',
  'under-review': 'Under review',
  'information-requested': 'Information requested',
  approved: 'Approved',
  rejected: 'Rejected',
  'endorsement-declined': 'Endorsement declined',
  withdrawn: 'Withdrawn',
};

/** Where an application came from (issue 34). */
export const applicationSourceLabels: Record<(typeof applicationSources)[number], string> = {
  online: 'Online',
  imported: 'Imported',
};

export const certificateStatusLabels: Record<CertificateStatus, string> = {
  pending: 'Pending',
  issued: 'Issued',
  expired: 'Expired',
  revoked: 'Revoked',
  superseded: 'Superseded',
};

export const certificateTypeLabels: Record<CertificateType, string> = {
  membership: 'Membership',
  'document-licence': 'Document licence',
  diploma: 'Diploma',
};

export const invoiceStatusLabels: Record<TInvoiceStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
  credited: 'Credited',
};

export const invoiceKindLabels: Record<TInvoiceKind, string> = {
  membership: 'Membership',
  licence: 'Licence',
  application: 'Application',
  other: 'Other',
};

export const invoiceSourceLabels: Record<TInvoiceSource, string> = {
  generated: 'Generated',
  'csv-import': 'CSV import',
  manual: 'Manual',
};

export const paymentMethodLabels: Record<TInvoicePaymentMethod, string> = {
  'bank-transfer': 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  other: 'Other',
};

/** Card-payment provider invoices (the Payments area). */
export const paymentStatusLabels: Record<TPaymentStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

export const uploadStatusLabels: Record<UploadStatus, string> = {
  uploaded: 'Uploaded',
  validating: 'Validating',
  validated: 'Validated',
  committing: 'Committing',
  committed: 'Committed',
};

/**
 * The outbox states. SUCCESS reads "Sent" only with a mail server: an e-mail the worker merely
 * wrote to the server log (no SMTP_URL) reads "Logged (not delivered)", see `emailStatusLabel`.
 */
export const emailStateLabels: Record<EmailStateName, string> = {
  PENDING: 'Pending',
  PROCESSING: 'Sending',
  RETRY: 'Waiting to retry',
  SUCCESS: 'Sent',
  ERROR: 'Failed',
};

/** How a delivered e-mail left (the server records it; never guessed here). */
export const emailDeliveryModeLabels: Record<EmailDeliveryModeName, string> = {
  smtp: 'Sent',
  log: 'Logged (not delivered)',
};

/** What an e-mail's state filter calls SUCCESS: it holds sent and logged e-mails alike. */
export const emailSuccessFilterLabel = 'Sent or logged';

/** An e-mail's status in words, telling a logged e-mail from a sent one. */
export function emailStatusLabel(
  state: EmailStateName,
  deliveryMode: EmailDeliveryModeName | null,
): string {
  return state === 'SUCCESS' && deliveryMode
    ? emailDeliveryModeLabels[deliveryMode]
    : emailStateLabels[state];
}

export const emailKindLabels: Record<EmailKindName, string> = {
  'sign-in-link': 'Sign-in link',
  'password-reset': 'Password reset',
  'application-approved': 'Application approved',
  'application-endorsement-requested': 'Endorsement requested',
  'invoice-issued': 'Invoice issued',
  'invoice-sent-again': 'Invoice sent again',
  invoice: 'Invoice',
  'payment-reminder': 'Payment reminder',
  'dunning-reminder-1': 'Dunning: reminder 1',
  'dunning-reminder-2': 'Dunning: reminder 2',
  'dunning-final-notice': 'Dunning: final notice',
  'dunning-suspension': 'Dunning: suspension',
  'certificate-issued': 'Certificate issued',
  certificate: 'Certificate',
  'credit-note': 'Credit note',
  'statement-of-account': 'Statement of account',
  'colleague-invitation': 'Colleague invitation (member portal)',
  'template-test': 'Template test (to an operator)',
};

/** A kind the system may add later still reads as words: "renewal-notice" → "Renewal notice". */
export function emailKindLabel(kind: string): string {
  return emailKindLabels[kind as EmailKindName] ?? sentenceCase(kind);
}

/** One delivery attempt's outcome; a success says how it left (see `deliveryOutcomeLabel`). */
export const emailDeliveryOutcomeLabels: Record<EmailDeliveryOutcomeName, string> = {
  success: 'Accepted by the mail server',
  'temporary-failure': 'Temporary failure',
  'permanent-failure': 'Refused for good',
  'lease-expired': 'Lease expired',
};

/** An attempt's outcome in words; a success that was only logged says so. */
export function deliveryOutcomeLabel(
  outcome: EmailDeliveryOutcomeName,
  deliveryMode: EmailDeliveryModeName | null,
): string {
  return outcome === 'success' && deliveryMode === 'log'
    ? emailDeliveryModeLabels.log
    : emailDeliveryOutcomeLabels[outcome];
}

/** The activity log's record types (the audit trail's tables), as a person names such a record. */
export const activityRecordTypeLabels: Record<ActivityRecordType, string> = {
  members: 'Member',
  applications: 'Application',
  invoices: 'Invoice',
  notes: 'Note',
  credit_notes: 'Credit note',
  money_movements: 'Money movement',
  certificates: 'Certificate',
  stripe_invoices: 'Card payment',
  bank_statements: 'Bank statement',
  bank_entries: 'Bank payment',
  users: 'User',
  operators: 'Operator',
  emails: 'E-mail',
  email_templates: 'E-mail template',
  countries: 'Country',
  bank_accounts: 'Bank account',
  exchange_rates: 'Exchange rate',
  payment_tolerances: 'Payment tolerance',
  dunning_settings: 'Dunning settings',
  job_schedules: 'Job schedule',
  job_runs: 'Job run',
  saved_views: 'Saved view',
};

/** `pending-payment`, `under_review` or `PENDING` → "Pending payment": a code as words. */
export function sentenceCase(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `{value, label}` pairs for a filter or a select, in the table's order. */
export function optionsOf<Value extends string>(
  labels: Record<Value, string>,
  order: readonly Value[] = Object.keys(labels) as Value[],
): { value: Value; label: string }[] {
  return order.map((value) => ({ value, label: labels[value] }));
}

/**
 * The words of each table's coded columns for its History tab (`RecordHistory`'s
 * `valueLabels`), so that a change reads "Active → Suspended" rather than codes.
 */
export const historyValueLabels = {
  members: {
    status: memberStatusLabels,
    category: memberCategoryLabels,
    preferred_language: languageLabels,
  },
  applications: { status: applicationStatusLabels, source: applicationSourceLabels },
  certificates: { status: certificateStatusLabels, type: certificateTypeLabels },
  invoices: {
    status: invoiceStatusLabels,
    kind: invoiceKindLabels,
    source: invoiceSourceLabels,
    payment_method: paymentMethodLabels,
  },
  stripe_invoices: { status: paymentStatusLabels },
  users: { member_role: memberRoleLabels, preferred_language: languageLabels },
  countries: { language: languageLabels },
  emails: { state: emailStateLabels },
  // The record a note is on, as the activity log names its type ("Member").
  notes: { record_table: activityRecordTypeLabels },
} satisfies Record<string, Record<string, Readonly<Record<string, string>>>>;

/** A member status the API gives as text (another record's view of its member), in words. */
export function memberStatusLabel(status: string): string {
  return memberStatusLabels[status as TMemberStatus] ?? sentenceCase(status);
}

/**
 * A coded value the API gives as plain text (a related record's status, a method), in words
 * from its table, or as words made from the code when the table does not know it.
 */
export function labelOf(labels: Readonly<Record<string, string>>, code: string): string {
  return labels[code] ?? sentenceCase(code);
}

/**
 * The freight activities an application names (`company.activities`, free slugs: the form
 * offers these), in words (issue 32: the application showed "sea-freight"). A slug not listed
 * is written out from itself by `activityLabel`.
 */
export const freightActivityLabels: Record<string, string> = {
  'sea-freight': 'Sea freight',
  'air-freight': 'Air freight',
  'road-freight': 'Road freight',
  'rail-freight': 'Rail freight',
  'customs-brokerage': 'Customs brokerage',
  warehousing: 'Warehousing',
  'project-cargo': 'Project cargo',
  'dangerous-goods': 'Dangerous goods',
  'e-commerce-fulfilment': 'E-commerce fulfilment',
};

/** "Sea freight" for `sea-freight`; an unknown slug as words, "Cold chain" for `cold-chain`. */
export function activityLabel(slug: string): string {
  const known = freightActivityLabels[slug];
  if (known) return known;
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
