import { sql, type Kysely } from 'kysely';
import { recordColumns } from './record-columns';

/**
 * The core tables of shared/design/domain.md that every later area builds on. Identifiers are
 * opaque text; money is integer minor units plus an ISO currency; times are timestamptz. Every
 * business table carries created/updated at/by and a `version` used for optimistic concurrency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE countries (
  iso2 char(2) PRIMARY KEY CHECK (iso2 ~ '^[A-Z]{2}$'),
  iso3 char(3) NOT NULL UNIQUE,
  name text NOT NULL,
  official_name text NOT NULL,
  region text NOT NULL CHECK (region IN ('africa-middle-east', 'americas', 'asia-pacific', 'europe')),
  income_group text CHECK (income_group IN ('low', 'lower-middle', 'upper-middle', 'high')),
  fee_category text,
  default_currency char(3),
  national_association_mid text,
  active boolean NOT NULL DEFAULT true,
  ${recordColumns}
);

CREATE TABLE users (
  uid text PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(btrim(email)) AND email LIKE '%_@_%'),
  display_name text,
  photo_url text,
  password_hash text,
  member_mid text,
  member_role text CHECK (member_role IN ('owner', 'admin', 'staff')),
  disabled boolean NOT NULL DEFAULT false,
  sign_in_methods text[] NOT NULL DEFAULT '{}',
  last_sign_in_at timestamptz,
  ${recordColumns},
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE INDEX users_member_mid_idx ON users (member_mid);

CREATE TABLE operators (
  uid text PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  roles text[] NOT NULL DEFAULT '{admin}'
    CHECK (roles <@ ARRAY['admin', 'finance', 'membership', 'read-only']::text[]),
  active boolean NOT NULL DEFAULT true,
  ${recordColumns}
);

-- Only the SHA-256 of a session token is stored: a leaked table opens no session.
CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  uid text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  user_agent text,
  ip text,
  revoked_at timestamptz
);
CREATE INDEX sessions_uid_idx ON sessions (uid);

CREATE TABLE bank_accounts (
  id text PRIMARY KEY,
  label text NOT NULL,
  bank_name text NOT NULL,
  holder_name text NOT NULL,
  holder_address text NOT NULL,
  iban text NOT NULL,
  qr_iban text,
  bic text,
  currency char(3) NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  ${recordColumns}
);
-- At most one default account per currency.
CREATE UNIQUE INDEX bank_accounts_default_per_currency ON bank_accounts (currency) WHERE is_default;

CREATE TABLE members (
  mid text PRIMARY KEY,
  number text NOT NULL UNIQUE,
  category text NOT NULL CHECK (category IN ('individual', 'association', 'group', 'honorary')),
  status text NOT NULL CHECK (status IN ('pending-payment', 'active', 'overdue', 'suspended', 'terminated', 'resigned')),
  legal_name text NOT NULL,
  trade_name text,
  country_iso2 char(2) REFERENCES countries (iso2),
  address_line1 text,
  address_line2 text,
  postal_code text,
  city text,
  state text,
  vat_number text,
  website text,
  email text,
  phone text,
  national_association_mid text REFERENCES members (mid),
  joined_on date,
  paid_through_year integer,
  terminated_on date,
  termination_reason text,
  billing_currency char(3) NOT NULL DEFAULT 'CHF',
  card_customer_id text,
  directory_visible boolean NOT NULL DEFAULT true,
  ${recordColumns},
  deleted_at timestamptz
);
CREATE INDEX members_country_idx ON members (country_iso2);
CREATE INDEX members_status_idx ON members (status);
CREATE INDEX members_association_idx ON members (national_association_mid);
ALTER TABLE countries ADD FOREIGN KEY (national_association_mid) REFERENCES members (mid);
ALTER TABLE users ADD FOREIGN KEY (member_mid) REFERENCES members (mid);

CREATE TABLE applications (
  aid text PRIMARY KEY,
  number text NOT NULL UNIQUE,
  category text NOT NULL CHECK (category IN ('individual', 'association')),
  status text NOT NULL CHECK (status IN ('draft', 'submitted', 'awaiting-endorsement', 'endorsed', 'under-review', 'information-requested', 'approved', 'rejected', 'endorsement-declined', 'withdrawn')),
  legal_name text NOT NULL,
  country_iso2 char(2) REFERENCES countries (iso2),
  company jsonb NOT NULL DEFAULT '{}',
  address jsonb NOT NULL DEFAULT '{}',
  contacts jsonb NOT NULL DEFAULT '[]',
  documents jsonb NOT NULL DEFAULT '[]',
  endorsing_association_mid text REFERENCES members (mid),
  submitted_by_uid text REFERENCES users (uid),
  reviewer_uid text REFERENCES operators (uid) ON DELETE SET NULL,
  decision_reason text,
  member_mid text REFERENCES members (mid),
  submitted_at timestamptz,
  decided_at timestamptz,
  ${recordColumns},
  deleted_at timestamptz
);
CREATE INDEX applications_status_idx ON applications (status, submitted_at);

CREATE TABLE invoices (
  iid text PRIMARY KEY,
  number text NOT NULL UNIQUE,
  member_mid text REFERENCES members (mid),
  kind text NOT NULL CHECK (kind IN ('membership', 'licence', 'application', 'other')),
  year integer NOT NULL,
  issue_date date,
  due_date date,
  currency char(3) NOT NULL,
  lines jsonb NOT NULL DEFAULT '[]',
  subtotal_minor bigint NOT NULL DEFAULT 0,
  vat_minor bigint NOT NULL DEFAULT 0,
  donation_minor bigint NOT NULL DEFAULT 0,
  total_minor bigint NOT NULL DEFAULT 0,
  bank_account_id text REFERENCES bank_accounts (id),
  payment_reference text,
  status text NOT NULL CHECK (status IN ('draft', 'issued', 'paid', 'void', 'uncollectible')),
  paid_at timestamptz,
  paid_amount_minor bigint,
  paid_method text CHECK (paid_method IN ('bank-transfer', 'card', 'cash', 'other')),
  pdf_file text,
  source text NOT NULL DEFAULT 'generated' CHECK (source IN ('generated', 'csv-import', 'manual')),
  import_batch text,
  card_invoice_sid text,
  ${recordColumns}
);
CREATE INDEX invoices_member_idx ON invoices (member_mid);
CREATE INDEX invoices_status_due_idx ON invoices (status, due_date);

CREATE TABLE certificates (
  cid text PRIMARY KEY,
  number text NOT NULL UNIQUE,
  member_mid text NOT NULL REFERENCES members (mid),
  type text NOT NULL CHECK (type IN ('membership', 'document-licence', 'diploma')),
  document_code text CHECK (document_code IN ('FBL', 'FWB', 'FCR', 'FCT', 'FWR', 'SDT', 'SIC', 'FFI')),
  year integer NOT NULL,
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'issued', 'expired', 'revoked', 'superseded')),
  invoice_iid text REFERENCES invoices (iid),
  issued_at timestamptz,
  issued_by text,
  pdf_file text,
  verification_code text NOT NULL UNIQUE,
  revocation_reason text,
  ${recordColumns}
);
CREATE INDEX certificates_member_idx ON certificates (member_mid);

-- The outbox: every e-mail is a row first, then delivered by a worker (states of domain.md).
CREATE TABLE emails (
  eid text PRIMARY KEY,
  to_addresses text[] NOT NULL,
  cc_addresses text[] NOT NULL DEFAULT '{}',
  bcc_addresses text[] NOT NULL DEFAULT '{}',
  from_address text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  text_body text,
  html_body text,
  template text,
  template_data jsonb,
  kind text NOT NULL,
  related_table text,
  related_id text,
  state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'PROCESSING', 'SUCCESS', 'ERROR', 'RETRY')),
  attempts integer NOT NULL DEFAULT 0,
  lease_expires_at timestamptz,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  error text,
  provider_message_id text,
  accepted text[] NOT NULL DEFAULT '{}',
  rejected text[] NOT NULL DEFAULT '{}',
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX emails_delivery_idx ON emails (next_attempt_at) WHERE state IN ('PENDING', 'RETRY');
CREATE INDEX emails_related_idx ON emails (related_table, related_id);
CREATE INDEX emails_created_idx ON emails (created_at DESC);

-- Every change to a business record: who, when, before, after.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_uid text,
  actor_kind text NOT NULL CHECK (actor_kind IN ('operator', 'user', 'system', 'cli')),
  table_name text NOT NULL,
  record_id text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_record_idx ON audit_log (table_name, record_id, at DESC);
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `DROP TABLE audit_log, emails, certificates, invoices, applications, sessions, operators, bank_accounts;
       ALTER TABLE users DROP CONSTRAINT IF EXISTS users_member_mid_fkey;
       ALTER TABLE countries DROP CONSTRAINT IF EXISTS countries_national_association_mid_fkey;
       DROP TABLE members, users, countries;`,
    )
    .execute(db);
}
