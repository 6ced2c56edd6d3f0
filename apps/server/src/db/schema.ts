import type { Language, OperatorRole } from '@ops/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A column the database fills (default or trigger) but that may be written too. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateOnly = ColumnType<string, string, string>;
/** pg returns bigint as a string; we keep minor units exact and convert at the edge. */
type Money = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

type Tracked = {
  version: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: string | null;
  updated_by: string | null;
};

export type Region = 'africa-middle-east' | 'americas' | 'asia-pacific' | 'europe';
export type IncomeGroup = 'low' | 'lower-middle' | 'upper-middle' | 'high';
export type MemberCategory = 'individual' | 'association' | 'group' | 'honorary';
export type MemberStatus =
  'pending-payment' | 'active' | 'overdue' | 'suspended' | 'terminated' | 'resigned';
export type ApplicationStatus =
  | 'draft'
  | 'submitted'
  | 'awaiting-endorsement'
  | 'endorsed'
  | 'under-review'
  | 'information-requested'
  | 'approved'
  | 'rejected'
  | 'endorsement-declined'
  | 'withdrawn';
export type InvoiceStatus = 'draft' | 'issued' | 'paid' | 'void' | 'uncollectible' | 'credited';
export type EmailState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR' | 'RETRY';
export type { OperatorRole };

export type CountriesTable = Tracked & {
  iso2: string;
  iso3: string;
  name: string;
  official_name: string;
  region: Region;
  income_group: IncomeGroup | null;
  fee_category: string | null;
  default_currency: string | null;
  national_association_mid: string | null;
  active: Defaulted<boolean>;
  /** The language its members default to (migration 0030). */
  language: Defaulted<Language>;
};

/** Reference values world-countries lacks (migration 0012): income group, fee category, currency fixes. */
export type CountryReferenceTable = {
  iso2: string;
  income_group: IncomeGroup | null;
  fee_category: string | null;
  default_currency: string | null;
};

export type UsersTable = Tracked & {
  uid: string;
  email: string;
  display_name: string | null;
  photo_url: string | null;
  password_hash: string | null;
  member_mid: string | null;
  member_role: 'owner' | 'admin' | 'staff' | null;
  disabled: Defaulted<boolean>;
  sign_in_methods: Defaulted<string[]>;
  /** Generated from sign_in_methods (migration 0014): never written. */
  has_password_sign_in: ColumnType<boolean, never, never>;
  has_email_link_sign_in: ColumnType<boolean, never, never>;
  has_microsoft_sign_in: ColumnType<boolean, never, never>;
  last_sign_in_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** The member's legal name, kept by triggers (migration 0011) for the users list's sort. */
  member_name: Generated<string | null>;
  /** Defaults to the member's language on insert (migration 0030). */
  preferred_language: Defaulted<Language>;
};

export type OperatorsTable = Tracked & {
  uid: string;
  roles: Defaulted<OperatorRole[]>;
  active: Defaulted<boolean>;
};

/** The product's two faces (issue 34): the staff's console and the members' portal. */
export type Audience = 'console' | 'portal';

export type SessionsTable = {
  token_hash: string;
  uid: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
  revoked_at: Timestamp | null;
  /** Which face the session is for (issue 34): each face accepts only its own. */
  audience: Generated<Audience>;
  /** The member a portal session switched to (migration 0066); null: the user's first. */
  portal_member_mid: Defaulted<string | null>;
};

/** A user's further member, with their role there (migration 0066: groups). */
export type MemberUserLinksTable = {
  uid: string;
  member_mid: string;
  role: 'owner' | 'admin' | 'staff';
  created_at: Timestamp;
  created_by: string | null;
};

export type BankAccountsTable = Tracked & {
  id: string;
  label: string;
  bank_name: string;
  holder_name: string;
  holder_address: string;
  iban: string;
  qr_iban: string | null;
  bic: string | null;
  currency: string;
  is_default: Defaulted<boolean>;
  active: Defaulted<boolean>;
};

/**
 * A member's trade name, address and contact columns, all nullable: on `members`, and staged on
 * `member_upload_rows` as the commit will write them.
 */
type MemberContactColumns = {
  trade_name: string | null;
  country_iso2: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  vat_number: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
};

export type MembersTable = Tracked &
  MemberContactColumns & {
    mid: string;
    number: string;
    category: MemberCategory;
    status: MemberStatus;
    legal_name: string;
    national_association_mid: string | null;
    joined_on: DateOnly | null;
    paid_through_year: number | null;
    terminated_on: DateOnly | null;
    termination_reason: string | null;
    billing_currency: Defaulted<string>;
    card_customer_id: string | null;
    directory_visible: Defaulted<boolean>;
    deleted_at: Timestamp | null;
    /** Defaults to the country's language on insert (migration 0030). */
    preferred_language: Defaulted<Language>;
    /** Not chased by dunning until this day (a payment plan), with why (migration 0033). */
    dunning_exempt_until: DateOnly | null;
    dunning_exempt_reason: string | null;
    /** Where invoices and reminders go when set, else `email` (migration 0063). */
    billing_email: string | null;
  };

export type ApplicationsTable = Tracked & {
  aid: string;
  number: string;
  category: 'individual' | 'association';
  status: ApplicationStatus;
  legal_name: string;
  country_iso2: string | null;
  company: Json<Record<string, unknown>>;
  address: Json<Record<string, unknown>>;
  contacts: Json<unknown[]>;
  documents: Json<unknown[]>;
  endorsing_association_mid: string | null;
  submitted_by_uid: string | null;
  reviewer_uid: string | null;
  decision_reason: string | null;
  member_mid: string | null;
  submitted_at: Timestamp | null;
  decided_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** `online` from the member portal (issue 34), `imported` otherwise. */
  source: Generated<'online' | 'imported'>;
  /** Stamped by a trigger when the status becomes awaiting-endorsement (migration 0059). */
  endorsement_requested_at: ColumnType<Date | null, never, never>;
  /** 30 days without the association's answer: moved on to headquarters (migration 0060). */
  endorsement_overdue_at: Timestamp | null;
  /** Staff decided the application needs no endorsement (migration 0060). */
  endorsement_waived_at: Timestamp | null;
  /** The applicant's latest answer to a request for information, from the portal (0061). */
  applicant_answer: string | null;
  /** When the applicant sent it (0061). */
  applicant_answered_at: Timestamp | null;
};

/** An endorsement request by link (migration 0060): the token only as its sha256. */
export type EndorsementLinksTable = {
  id: string;
  aid: string;
  association_mid: string;
  token_hash: string;
  /** The token sealed with the outbox key, for the reminders (never in clear). */
  sealed_token: string;
  sent_to: Defaulted<string[]>;
  created_at: Defaulted<Date>;
  expires_at: Timestamp;
  reminders_sent: Defaulted<number>;
  last_reminder_at: Timestamp | null;
  answered_at: Timestamp | null;
  decision: 'endorse' | 'decline' | null;
  reason: string | null;
  letter_document_id: string | null;
  answered_by: string | null;
  superseded_at: Timestamp | null;
  waived_at: Timestamp | null;
  waived_reason: string | null;
};

/** One company-data field a member asked to change: as the member saw it, and what it asked. */
export type StoredFieldChange = { field: string; from: unknown; to: unknown };

/** What a member's owner or admin asked of staff from the portal (migration 0063). */
export type MemberChangeRequestsTable = Tracked & {
  id: string;
  member_mid: string;
  kind: 'company-data' | 'close-account';
  requested_by: string;
  member_version: number;
  changes: Json<StoredFieldChange[]>;
  note: string | null;
  status: Defaulted<'pending' | 'approved' | 'declined' | 'withdrawn'>;
  decided_at: Timestamp | null;
  decided_by: string | null;
  decision_reason: string | null;
  applied: Json<StoredFieldChange[]> | null;
  document_file_name: string | null;
  document_content_type: string | null;
  document_size_bytes: number | null;
};

/** The bytes of a change request's attached document (migration 0063). */
export type ChangeRequestDocumentsTable = {
  request_id: string;
  sha256: string;
  content: Buffer;
};

/** A member's entry in the public directory, its own choice (migration 0064). */
export type MemberDirectoryEntriesTable = Tracked & {
  member_mid: string;
  listed: Defaulted<boolean>;
  fields: Defaulted<string[]>;
  services: Defaulted<string[]>;
};

/** A member's data export (migration 0065): its state, progress and, while ready, the ZIP. */
export type MemberDataExportsTable = {
  id: string;
  member_mid: string;
  /** Null when the CLI asked for it. */
  requested_by: string | null;
  requested_at: Timestamp;
  state: Defaulted<'queued' | 'running' | 'ready' | 'failed'>;
  done: Defaulted<number>;
  total: Defaulted<number>;
  job_run_id: string | null;
  ready_at: Timestamp | null;
  expires_at: Timestamp | null;
  size_bytes: number | null;
  counts: Json<Record<string, number>> | null;
  error: string | null;
  content: Buffer | null;
};

/** The portal's settings (migration 0063): which company-data fields members change at once. */
export type MemberPortalSettingsTable = Tracked & {
  id: Defaulted<string>;
  direct_fields: Defaulted<string[]>;
};

/** A colleague invited from the member portal (migration 0062): 7 days to answer. */
export type MemberInvitationsTable = Tracked & {
  id: string;
  member_mid: string;
  email: string;
  role: 'owner' | 'admin' | 'staff';
  invited_by: string;
  expires_at: Timestamp;
  answered_at: Timestamp | null;
  answer: 'accepted' | 'declined' | 'withdrawn' | null;
  answered_by: string | null;
};

export type InvoiceLine = {
  description: string;
  quantity: number;
  unitAmountMinor: number;
  vatRate: number | null;
  vatExemption: string | null;
  /** A voluntary donation line: outside VAT, carried in donation_minor (contract invoices.ts). */
  isDonation?: boolean;
};

export type InvoicesTable = Tracked & {
  iid: string;
  number: string;
  member_mid: string | null;
  kind: 'membership' | 'licence' | 'application' | 'other';
  year: number;
  issue_date: DateOnly | null;
  due_date: DateOnly | null;
  currency: string;
  lines: Json<InvoiceLine[]>;
  subtotal_minor: Money;
  vat_minor: Money;
  donation_minor: Money;
  total_minor: Money;
  bank_account_id: string | null;
  payment_reference: string | null;
  status: InvoiceStatus;
  paid_at: Timestamp | null;
  paid_amount_minor: Money | null;
  paid_method: 'bank-transfer' | 'card' | 'cash' | 'other' | null;
  /** The payment's own reference: bank transaction, card payment, receipt (migration 0015). */
  paid_reference: Defaulted<string | null>;
  pdf_file: string | null;
  source: Defaulted<'generated' | 'csv-import' | 'manual'>;
  import_batch: string | null;
  card_invoice_sid: string | null;
  /** Payments and member credit applied; credit notes; bank charges written off (migration 0026). */
  paid_minor: Money;
  credited_minor: Money;
  written_off_minor: Money;
  /** total − paid − credited − written off (0 for drafts and void invoices): generated. */
  balance_minor: Generated<string>;
  /** Issued with money received (generated): the list's "Partially paid" filter. */
  is_partially_paid: Generated<boolean>;
  /** The highest dunning level sent (0: none) and the day it was (migration 0033). */
  dunning_level: Defaulted<number>;
  dunning_level_on: DateOnly | null;
};

/** A renewal run of membership invoices and its progress (migration 0016). */
export type InvoiceRenewalRunsTable = {
  id: string;
  year: number;
  status: 'running' | 'succeeded' | 'failed';
  total: Defaulted<number>;
  processed: Defaulted<number>;
  issued: Defaulted<number>;
  already_invoiced: Defaulted<number>;
  /** Whether the run e-mails its invoices, and how many it queued (migration 0022). */
  send_emails: Defaulted<boolean>;
  emails_queued: Defaulted<number>;
  /** The last member of the last committed batch: a run taken over resumes after it (0035). */
  resume_after: Defaulted<string | null>;
  /** Members left out, by reason: `{"<reason>": count}`. */
  skipped: Json<Record<string, number>>;
  /** Issued invoices per currency: `{"CHF": {"count": n, "totalMinor": "…"}}`. */
  totals: Json<Record<string, { count: number; totalMinor: string }>>;
  error: string | null;
  started_by: string | null;
  started_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
};

export type CertificatesTable = Tracked & {
  cid: string;
  number: string;
  member_mid: string;
  type: 'membership' | 'document-licence' | 'diploma';
  document_code: string | null;
  year: number;
  valid_from: DateOnly;
  valid_to: DateOnly;
  status: 'pending' | 'issued' | 'expired' | 'revoked' | 'superseded';
  invoice_iid: string | null;
  issued_at: Timestamp | null;
  issued_by: string | null;
  pdf_file: string | null;
  verification_code: string;
  revocation_reason: string | null;
  /** The member's legal name as the certificate states it (filled from the member if omitted). */
  member_name: Defaulted<string>;
};

/** Next certificate number per year (migration 0010). */
export type CertificateSequencesTable = { year: number; last_number: number };

/** The PDF of a certificate exactly as issued (migration 0010). */
/** An uploaded PDF attached to its invoice (migration 0017); at most one per invoice. */
export type InvoiceFilesTable = {
  iid: string;
  content: Buffer;
  sha256: string;
  byte_size: number;
  original_name: string;
  uploaded_at: Defaulted<Date>;
  uploaded_by: string | null;
};

export type CertificateFilesTable = {
  cid: string;
  content: Buffer;
  sha256: string;
  byte_size: number;
  created_at: Defaulted<Date>;
};

export type EmailsTable = {
  eid: string;
  to_addresses: string[];
  cc_addresses: Defaulted<string[]>;
  bcc_addresses: Defaulted<string[]>;
  from_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  template: string | null;
  template_data: Json<Record<string, unknown>> | null;
  kind: string;
  related_table: string | null;
  related_id: string | null;
  state: Defaulted<EmailState>;
  attempts: Defaulted<number>;
  lease_expires_at: Timestamp | null;
  next_attempt_at: Timestamp;
  error: string | null;
  provider_message_id: string | null;
  accepted: Defaulted<string[]>;
  rejected: Defaulted<string[]>;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Migration 0020: the holder of the current lease (new token at every claim). */
  lease_token: string | null;
  worker_id: string | null;
  /** Every delivery attempt ever made (numbers the history); `attempts` is the current budget. */
  delivery_count: Defaulted<number>;
  last_attempt_at: Timestamp | null;
  /**
   * Migration 0024: the single-use code of a sign-in or reset link, encrypted with the outbox key
   * (`emails/sealed-secrets.ts`); the stored bodies carry `oobCode=[redacted]` in its place.
   */
  sealed_secret: string | null;
  /** Migration 0025: how the e-mail left, 'smtp' or 'log' (not delivered); NULL until it has. */
  delivery_mode: EmailDeliveryMode | null;
};

/** How a successful attempt left: accepted by a mail server, or only written to the server log. */
export type EmailDeliveryMode = 'smtp' | 'log';

export type EmailDeliveryOutcome =
  'success' | 'temporary-failure' | 'permanent-failure' | 'lease-expired';

/** One delivery attempt of an e-mail (migration 0020); `outcome` is NULL while it runs. */
export type EmailDeliveriesTable = {
  id: Generated<string>;
  eid: string;
  attempt: number;
  lease_token: string;
  worker_id: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  outcome: EmailDeliveryOutcome | null;
  smtp_response: string | null;
  error: string | null;
  provider_message_id: string | null;
  accepted: Defaulted<string[]>;
  rejected: Defaulted<string[]>;
  /** Migration 0025: how a successful attempt left; NULL for any other outcome. */
  delivery_mode: EmailDeliveryMode | null;
};

/** A file sent with an e-mail (migration 0020), in `position` order. */
export type EmailAttachmentsTable = {
  eid: string;
  position: number;
  filename: string;
  content_type: string;
  content: Buffer;
  byte_size: number;
};

export type AuditLogTable = {
  id: Generated<string>;
  at: Timestamp;
  actor_uid: string | null;
  actor_kind: 'operator' | 'user' | 'system' | 'cli' | 'endorsement-link';
  table_name: string;
  record_id: string;
  action: string;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
};

export type ActionCodesTable = {
  code_hash: string;
  kind: 'sign-in' | 'password-reset';
  /** Null for a portal sign-in of an address no user has yet (issue 34): created on use. */
  uid: string | null;
  email: string;
  continue_url: string;
  /** Where the link went (issue 20): only a terminal's link may name its e-mail. */
  issued_to: Generated<'email' | 'terminal'>;
  /** The face whose sign-in page asked for the code (issue 34); it signs in only there. */
  audience: Generated<Audience>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type UserIdentitiesTable = {
  provider: string;
  subject: string;
  uid: string;
  email: string | null;
  created_at: Timestamp;
  last_sign_in_at: Timestamp | null;
};

export type RedirectSignInsTable = {
  binding_hash: string;
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  continue_url: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  result: Json<Record<string, unknown>> | null;
};

export type SearchDocumentsTable = {
  type: 'profile' | 'application' | 'member' | 'invoice';
  record_id: string;
  name: string | null;
  description: string;
  sort_name: string;
  keys: string[];
  /** tsvector, written by search_index_records() only. */
  name_terms: string;
  all_terms: string;
  updated_at: Timestamp;
  change_xid: Defaulted<string>;
};

export type SearchTasksTable = {
  uid: Generated<string>;
  index_name: string;
  kind: Defaulted<'rebuild'>;
  status: Defaulted<'enqueued' | 'processing' | 'succeeded' | 'failed'>;
  requested_by: string | null;
  processed: Defaulted<number>;
  total: Defaulted<number>;
  per_type: Json<Record<string, number>>;
  error: string | null;
  enqueued_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  duration_ms: number | null;
};

export type ServerSecretsTable = {
  name: string;
  value: string;
  created_at: Timestamp;
};

/** An uploaded document's bytes (migration 0009); applications.documents lists it. */
export type ApplicationDocumentsTable = {
  id: string;
  aid: string;
  type: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  content: Buffer;
  uploaded_at: Timestamp;
  uploaded_by: string | null;
};

/** Number counters ('member', 'invoice-2026', ...), taken under a row lock (migration 0009). */
export type NumberCountersTable = {
  name: string;
  last_value: ColumnType<string, string | number, string | number>;
};

/** Member CSV uploads (migration 0007): the upload, its file, its staged rows, its progress. */
export type MemberUploadsTable = {
  id: string;
  filename: string;
  byte_size: number;
  encoding: 'utf-8' | 'windows-1252';
  has_bom: Defaulted<boolean>;
  separator: ',' | ';' | '\t';
  header: string[];
  sample: Json<string[][]>;
  mapping: Json<Record<string, number>>;
  status: Defaulted<'uploaded' | 'validating' | 'validated' | 'committing' | 'committed'>;
  validation: Json<Record<string, number>> | null;
  result: Json<Record<string, unknown>> | null;
  error: string | null;
  created_at: Timestamp;
  created_by: string | null;
  updated_at: Timestamp;
  validated_at: Timestamp | null;
  committed_at: Timestamp | null;
  committed_by: string | null;
  search_indexed_at: Timestamp | null;
};

export type MemberUploadChunksTable = { upload_id: string; seq: number; data: Buffer };

export type MemberUploadRowsTable = MemberContactColumns & {
  upload_id: string;
  line: number;
  reason: string | null;
  cells: string[] | null;
  number: string | null;
  new_mid: string | null;
  action: 'insert' | 'update' | 'unchanged' | null;
  is_renamed: Defaulted<boolean>;
  legal_name: string | null;
  category: string | null;
  status: string | null;
  joined_on: DateOnly | null;
  paid_through_year: number | null;
  billing_currency: string | null;
  directory_visible: boolean | null;
  /** Staged from the CSV's language column (migration 0034). */
  preferred_language: string | null;
};

export type MemberUploadProgressTable = {
  upload_id: string;
  progress: Json<Record<string, unknown>>;
  updated_at: Timestamp;
};

/** Invoice CSV uploads (migration 0018): the members' upload shape, with its own follow-up. */
export type InvoiceUploadsTable = Omit<MemberUploadsTable, 'search_indexed_at'> & {
  /** When the search index and the year's certificates caught up with the commit. */
  followed_up_at: Timestamp | null;
};

export type InvoiceUploadRowsTable = {
  upload_id: string;
  line: number;
  reason: string | null;
  cells: string[] | null;
  number: string | null;
  new_iid: string | null;
  action: 'insert' | 'update' | 'refused' | null;
  member_number: string | null;
  member_mid: string | null;
  kind: string | null;
  year: number | null;
  issue_date: DateOnly | null;
  due_date: DateOnly | null;
  currency: string | null;
  lines: Json<InvoiceLine[]> | null;
  subtotal_minor: Money | null;
  vat_minor: Money | null;
  donation_minor: Money | null;
  total_minor: Money | null;
  bank_account: string | null;
  bank_account_id: string | null;
  payment_reference: string | null;
  status: string | null;
  paid_at: Timestamp | null;
  paid_amount_minor: Money | null;
  paid_method: string | null;
  paid_reference: string | null;
  /** The `after` of the audit entry creating its invoice writes, set by a trigger (0023). */
  created_audit: Json<Record<string, unknown>> | null;
};

/** Live members per country (migration 0013), kept by triggers on members. */
export type CountryMemberCountsTable = { country_iso2: string; members: number };

/** The card-payment provider's invoices as its webhooks describe them (migration 0019). */
export type StripeInvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export type StripeInvoicesTable = {
  sid: string;
  provider_invoice_id: string;
  number: string | null;
  customer_id: string | null;
  customer_email: string | null;
  customer_name: string | null;
  status: StripeInvoiceStatus;
  amount_due_minor: Money;
  amount_paid_minor: Money;
  amount_remaining_minor: Money;
  currency: string;
  hosted_invoice_url: string | null;
  invoice_pdf_url: string | null;
  provider_created_at: Timestamp;
  /** Generated: the creation day at headquarters. */
  created_on: ColumnType<string, never, never>;
  due_date: DateOnly | null;
  paid_at: Timestamp | null;
  status_transitions: Json<Record<string, number | null>>;
  member_mid: string | null;
  invoice_iid: string | null;
  metadata: Json<Record<string, string>>;
  livemode: Defaulted<boolean>;
  deleted_at: Timestamp | null;
  last_event_id: string | null;
  last_event_at: Timestamp | null;
  version: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The operator of the last change (a link); null when a webhook made it. */
  updated_by: Defaulted<string | null>;
};

/** Every webhook event received, once per id, with what it did (migration 0019). */
export type StripeEventsTable = {
  event_id: string;
  type: string;
  provider_invoice_id: string | null;
  sid: string | null;
  provider_created_at: Timestamp;
  received_at: Timestamp;
  payload: Json<Record<string, unknown>>;
  outcome: string | null;
};

/** Issue 17: a periodic task's schedule (migration 0031). */
export type JobSchedulesTable = {
  name: string;
  title: string;
  description: string;
  cron: string;
  time_zone: Defaulted<string>;
  paused: Defaulted<boolean>;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
  last_outcome: 'succeeded' | 'failed' | null;
  last_run_id: string | null;
  version: Defaulted<number>;
  updated_at: Timestamp;
  updated_by: string | null;
};

export type JobRunState = 'queued' | 'running' | 'succeeded' | 'failed';
export type JobRunTrigger = 'schedule' | 'manual' | 'system';

/** One execution of a job (migration 0031). */
export type JobRunsTable = {
  id: string;
  task: string;
  trigger: JobRunTrigger;
  occurrence: Timestamp | null;
  job_id: string | null;
  attempt: Defaulted<number>;
  state: JobRunState;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  progress_done: number | null;
  progress_total: number | null;
  result: Json<Record<string, unknown>> | null;
  error: string | null;
  instance_id: string | null;
  worker_id: string | null;
  started_by: string | null;
  heartbeat_at: Timestamp | null;
  updated_at: Timestamp;
};

/** A running job runner's heartbeat (migration 0031). */
export type JobInstancesTable = {
  instance_id: string;
  worker_ids: Defaulted<string[]>;
  host: string;
  pid: number;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
};

/** Issue 17: an operator's override of one e-mail template in one language (migration 0032). */
export type EmailTemplatesTable = Tracked & {
  /** `kind:language`. */
  id: string;
  kind: string;
  language: Language;
  subject: string;
  text_body: string;
  html_body: string;
  /** Issue 31: the last time the template could not be used at send (the default went). */
  last_fallback_at: Timestamp | null;
  last_fallback_reason: string | null;
  /**
   * Issue 32: true, `text_body` is the plain text's template; false, the plain text is made
   * from the HTML at every render (`text_body` empty). Rows saved before keep true.
   */
  text_separate: Generated<boolean>;
};

export type Database = {
  dunning_settings: DunningSettingsTable;
  dunning_levels: DunningLevelsTable;
  dunning_minimums: DunningMinimumsTable;
  dunning_notices: DunningNoticesTable;
  dunning_runs: DunningRunsTable;
  email_templates: EmailTemplatesTable;
  country_member_counts: CountryMemberCountsTable;
  countries: CountriesTable;
  country_reference: CountryReferenceTable;
  users: UsersTable;
  operators: OperatorsTable;
  sessions: SessionsTable;
  bank_accounts: BankAccountsTable;
  members: MembersTable;
  applications: ApplicationsTable;
  endorsement_links: EndorsementLinksTable;
  member_invitations: MemberInvitationsTable;
  member_change_requests: MemberChangeRequestsTable;
  change_request_documents: ChangeRequestDocumentsTable;
  member_portal_settings: MemberPortalSettingsTable;
  member_directory_entries: MemberDirectoryEntriesTable;
  member_data_exports: MemberDataExportsTable;
  member_user_links: MemberUserLinksTable;
  application_documents: ApplicationDocumentsTable;
  number_counters: NumberCountersTable;
  invoices: InvoicesTable;
  invoice_renewal_runs: InvoiceRenewalRunsTable;
  certificates: CertificatesTable;
  certificate_sequences: CertificateSequencesTable;
  certificate_files: CertificateFilesTable;
  invoice_files: InvoiceFilesTable;
  emails: EmailsTable;
  email_deliveries: EmailDeliveriesTable;
  email_attachments: EmailAttachmentsTable;
  audit_log: AuditLogTable;
  action_codes: ActionCodesTable;
  user_identities: UserIdentitiesTable;
  redirect_sign_ins: RedirectSignInsTable;
  search_documents: SearchDocumentsTable;
  search_words: { word: string };
  search_deletions: {
    type: string;
    record_id: string;
    change_xid: Defaulted<string>;
    deleted_at: Timestamp;
  };
  search_tasks: SearchTasksTable;
  member_uploads: MemberUploadsTable;
  member_upload_chunks: MemberUploadChunksTable;
  member_upload_rows: MemberUploadRowsTable;
  member_upload_progress: MemberUploadProgressTable;
  invoice_uploads: InvoiceUploadsTable;
  invoice_upload_chunks: MemberUploadChunksTable;
  invoice_upload_rows: InvoiceUploadRowsTable;
  invoice_upload_progress: MemberUploadProgressTable;
  server_secrets: ServerSecretsTable;
  stripe_invoices: StripeInvoicesTable;
  stripe_events: StripeEventsTable;
  money_movements: MoneyMovementsTable;
  payment_tolerances: PaymentTolerancesTable;
  membership_billing_settings: MembershipBillingSettingsTable;
  credit_notes: CreditNotesTable;
  bank_statements: BankStatementsTable;
  bank_entries: BankEntriesTable;
  job_schedules: JobSchedulesTable;
  job_runs: JobRunsTable;
  job_instances: JobInstancesTable;
  exchange_rates: ExchangeRatesTable;
  report_counts: ReportCountsTable;
  bulk_operations: BulkOperationsTable;
  bulk_operation_rows: BulkOperationRowsTable;
  saved_views: SavedViewsTable;
  saved_view_defaults: SavedViewDefaultsTable;
  operator_preferences: OperatorPreferencesTable;
  notes: NotesTable;
  note_mentions: NoteMentionsTable;
  backup_settings: BackupSettingsTable;
  backups: BackupsTable;
};

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Operator = Selectable<OperatorsTable>;

// --- The money loop (issue 16, migration 0026) ---------------------------------------------------

export type MoneyMovementKind =
  'payment' | 'write-off' | 'credit-note' | 'credit-applied' | 'refund' | 'reversal';
export type MoneyMovementSource = 'bank' | 'card' | 'csv' | 'manual' | 'credit' | 'recorded';

/** Every movement of money; only ever added (a reversal names what it undoes). */
export type MoneyMovementsTable = {
  id: string;
  member_mid: string | null;
  invoice_iid: string | null;
  currency: string;
  kind: MoneyMovementKind;
  method: 'bank-transfer' | 'card' | 'cash' | 'other' | null;
  source: MoneyMovementSource;
  booked_on: DateOnly;
  amount_minor: Money;
  /** Taken off the invoice's balance. */
  settles_minor: Money;
  /** Added to (or, negative, taken from) the member's credit. */
  credit_minor: Money;
  reference: string | null;
  reason: string | null;
  related_id: string | null;
  reverses_id: string | null;
  bank_entry_id: string | null;
  credit_note_id: string | null;
  card_invoice_sid: string | null;
  created_at: Timestamp;
  created_by: string | null;
};

/** Issue 32: how a new member's first year is billed (one row, migration 0053). */
export type MembershipBillingSettingsTable = Tracked & {
  id: Defaulted<string>;
  first_year_rule: Defaulted<'full-year' | 'next-year-from-cutoff' | 'pro-rata-by-month'>;
  cutoff_month: Defaulted<number>;
};

export type PaymentTolerancesTable = Tracked & {
  currency: string;
  max_minor: Money;
  percent_basis_points: number;
};

export type CreditNoteLine = {
  lineIndex: number;
  description: string;
  quantity: number;
  unitAmountMinor: number;
  vatRate: number | null;
  amountMinor: number;
};

export type CreditNotesTable = Tracked & {
  cnid: string;
  number: string;
  year: number;
  invoice_iid: string;
  member_mid: string | null;
  currency: string;
  issue_date: DateOnly;
  lines: Json<CreditNoteLine[]>;
  total_minor: Money;
  reason: string;
  membership_decision: 'keep' | 'revoke' | null;
  movement_id: string | null;
};

export type BankStatementsTable = Tracked & {
  bsid: string;
  bank_account_id: string;
  account_iban: string;
  message_kind: 'camt.053' | 'camt.054';
  message_version: string;
  message_id: string;
  statement_id: string;
  file_name: string | null;
  file_sha256: string;
  created_at_bank: Timestamp | null;
  from_date: DateOnly | null;
  to_date: DateOnly | null;
  currency: string | null;
  entries: Defaulted<number>;
  credits: Defaulted<number>;
  debits: Defaulted<number>;
  booked: Defaulted<number>;
  suggested: Defaulted<number>;
  unmatched: Defaulted<number>;
  ignored: Defaulted<number>;
  duplicates: Defaulted<number>;
  credited_minor: Money;
  imported_at: Timestamp;
  imported_by: string | null;
};

export type BankEntryState =
  'booked' | 'suggested' | 'unmatched' | 'ignored' | 'debit' | 'duplicate';
export type BankMatchRule =
  'qr-reference' | 'creditor-reference' | 'invoice-number' | 'known-iban' | 'operator';

export type BankEntriesTable = Tracked & {
  beid: string;
  statement_bsid: string;
  bank_account_id: string;
  entry_position: number;
  transaction_position: number;
  identity: string;
  duplicate_of: string | null;
  direction: 'credit' | 'debit';
  amount_minor: Money;
  currency: string;
  booking_date: DateOnly | null;
  value_date: DateOnly | null;
  batch_reference: string | null;
  account_servicer_reference: string | null;
  end_to_end_id: string | null;
  structured_reference: string | null;
  unstructured_text: string | null;
  payer_name: string | null;
  payer_iban: string | null;
  state: BankEntryState;
  outcome: 'paid' | 'partial' | 'overpaid' | null;
  invoice_iid: string | null;
  member_mid: string | null;
  match_rule: BankMatchRule | null;
  match_reason: string | null;
  unmatched_reason: string | null;
  ignored_reason: string | null;
  movement_id: string | null;
};

// --- Dunning (issue 17, migration 0033) -------------------------------------------------------

export type DunningSettingsTable = Tracked & {
  id: Defaulted<string>;
  recent_payment_days: Defaulted<number>;
};

export type DunningLevelsTable = Tracked & {
  level: number;
  name: string;
  days_after_due: number;
  template_kind: string;
  attach_pdf: Defaulted<boolean>;
  suspends: Defaulted<boolean>;
  enabled: Defaulted<boolean>;
};

export type DunningMinimumsTable = { currency: string; minimum_minor: Money };

// --- Nightly backups (issue 20, migration 0045) ----------------------------------------------

/** The one row of the backup settings: how many days the job's backups are kept. */
export type BackupSettingsTable = Tracked & {
  id: Defaulted<string>;
  retention_days: Defaulted<number>;
};

export type BackupStatus = 'running' | 'succeeded' | 'failed' | 'deleted';

/** One backup the nightly job (or its Run now) made; bigint `bytes` is read as a string. */
export type BackupsTable = {
  id: string;
  file_name: string;
  directory: string;
  format: 'base-backup' | 'pg-dump' | null;
  bytes: ColumnType<string | null, number | null | undefined, number | null>;
  sha256: string | null;
  trigger: JobRunTrigger;
  job_run_id: string | null;
  operator_uid: string | null;
  status: BackupStatus;
  error: string | null;
  /** Issue 31: the failure's code (`backupFailureOf`); the full error is in the server log. */
  error_code: string | null;
  started_at: Timestamp;
  duration_ms: number | null;
  deleted_at: Timestamp | null;
  updated_at: Timestamp;
};

/**
 * Issue 18: CHF for one unit of `currency` in `month` (the first of the month; migration 0036).
 * `chf_per_unit` is numeric(18, 6), read as a string ("0.941200"), never a float. `id`
 * ("EUR-2026-05") is generated from the key for the records store, the audit and the feed.
 */
export type ExchangeRatesTable = Tracked & {
  currency: string;
  month: DateOnly;
  chf_per_unit: string;
  source: 'entered' | 'csv';
  id: ColumnType<string, never, never>;
};

/** One level sent for one invoice: UNIQUE (invoice_iid, level), the idempotency guarantee. */
export type DunningNoticesTable = {
  id: string;
  invoice_iid: string;
  member_mid: string;
  level: number;
  as_of: DateOnly;
  channel: 'email' | 'postal';
  email_id: string | null;
  run_id: string | null;
  created_at: Timestamp;
  /** A postal notice's letter: when it was confirmed posted, and by whom (migration 0054). */
  letter_posted_at: Timestamp | null;
  /** The operator's uid; null for the CLI (the audit entry names the actor). */
  letter_posted_by: string | null;
};

export type DunningRunsTable = {
  id: string;
  as_of: DateOnly;
  dry_run: Defaulted<boolean>;
  trigger: 'schedule' | 'manual' | 'cli';
  operator_uid: string | null;
  state: 'running' | 'succeeded' | 'failed';
  counts: Json<Record<string, unknown>> | null;
  error: string | null;
  started_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
};

/** Facts per day for the reports (issue 18, migration 0038), kept current by triggers. */
export type ReportCountsTable = {
  fact: string;
  day: DateOnly;
  year: number;
  detail: string;
  country_iso2: string;
  category: string;
  currency: string;
  n: ColumnType<string, string | number, string | number>;
  amount_minor: ColumnType<string, string | number, string | number>;
};

/** A bulk action that may be undone (issue 19, migration 0042). */
export type BulkOperationsTable = {
  id: string;
  table_name: string;
  action: string;
  operator_uid: string;
  created_at: Timestamp;
  undo_until: Timestamp;
  undone_at: Timestamp | null;
  undone_by: string | null;
};

/** What a bulk action changed on one row: the changed columns as they were (migration 0042). */
export type BulkOperationRowsTable = {
  operation_id: string;
  record_id: string;
  before: Json<Record<string, unknown>>;
  /** The version the action left (versioned tables), or a fingerprint (e-mails). */
  version_after: number | null;
  fingerprint: string | null;
};

/** The operator's own list preferences (issue 19, migration 0043); no row means the defaults. */
export type OperatorPreferencesTable = {
  uid: string;
  density: 'comfortable' | 'compact';
  split_percent: number;
  is_record_full_width: boolean;
  updated_at: Timestamp;
};

/** A saved view of a list (issue 19, migration 0040): personal, or shared with every operator. */
export type SavedViewsTable = Tracked & {
  id: string;
  owner_uid: string;
  list: string;
  name: string;
  /** The view as the list's URL carries it, without "?" (never cursor or selected). */
  params: string;
  is_shared: Defaulted<boolean>;
};

/** An operator's default view of a list (issue 19, migration 0040). */
export type SavedViewDefaultsTable = {
  uid: string;
  list: string;
  view_id: string;
};

/** A note on a member, an application or an invoice (issue 19, migration 0041). */
export type NotesTable = Tracked & {
  id: string;
  record_table: 'members' | 'applications' | 'invoices';
  record_id: string;
  body: string;
  author_uid: string;
  edited_at: Timestamp | null;
  /** The follow-up: a due day and an assignee together, or neither. */
  follow_up_due_on: DateOnly | null;
  follow_up_assignee_uid: string | null;
  follow_up_done_at: Timestamp | null;
  follow_up_done_by: string | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
};

/** An operator a note mentions, with their own read mark (issue 19, migration 0041). */
export type NoteMentionsTable = {
  note_id: string;
  uid: string;
  /** The note's `created_at`, copied: "my mentions, newest first" reads one index. */
  note_created_at: Timestamp;
  read_at: Timestamp | null;
};
