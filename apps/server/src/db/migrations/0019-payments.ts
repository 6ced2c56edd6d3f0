import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';

/** The tables the change feed follows here, with their key column (as migration 0004 does). */
const followedTables = [
  ['stripe_invoices', 'sid'],
  ['stripe_events', 'event_id'],
] as const;

/**
 * Payments (issue 6): the card-payment provider's invoices as its webhooks describe them, and
 * every webhook event received (each id once: a repeated delivery finds its row and does nothing).
 * The list's indexes: one per sort and filter the Payments list offers, each `(expression, sid)`
 * so that keyset pages read them in order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
CREATE TABLE stripe_invoices (
  sid text PRIMARY KEY,
  provider_invoice_id text NOT NULL UNIQUE,
  number text,
  customer_id text,
  customer_email text,
  customer_name text,
  status text NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'uncollectible', 'void')),
  amount_due_minor bigint NOT NULL DEFAULT 0,
  amount_paid_minor bigint NOT NULL DEFAULT 0,
  amount_remaining_minor bigint NOT NULL DEFAULT 0,
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  hosted_invoice_url text,
  invoice_pdf_url text,
  provider_created_at timestamptz NOT NULL,
  -- The day it was created at headquarters: the list's "created" filter takes whole days.
  created_on date GENERATED ALWAYS AS ((provider_created_at AT TIME ZONE 'Europe/Zurich')::date) STORED,
  due_date date,
  paid_at timestamptz,
  status_transitions jsonb NOT NULL DEFAULT '{}',
  member_mid text REFERENCES members (mid),
  invoice_iid text REFERENCES invoices (iid),
  metadata jsonb NOT NULL DEFAULT '{}',
  livemode boolean NOT NULL DEFAULT false,
  -- A draft deleted at the provider (invoice.deleted): kept, with its events, and marked.
  deleted_at timestamptz,
  last_event_id text,
  last_event_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The operator of the last change (a link); null when a webhook made it.
  updated_by text
);

-- A log: rows are only ever added (the outcome once), and sid points at a card invoice, which
-- is never deleted; no foreign key, so that loading many events (the demo seed) stays cheap.
CREATE TABLE stripe_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  provider_invoice_id text,
  sid text,
  provider_created_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  payload jsonb NOT NULL,
  outcome text
);
-- A card-payment invoice's timeline.
CREATE INDEX stripe_events_sid_idx ON stripe_events (sid, provider_created_at, received_at);

-- The Payments list: sorts (created, amount due, due date, status, currency, linked, customer
-- e-mail, member) and filters (the same, created by day), each with the id after it.
CREATE INDEX stripe_invoices_list_created_idx ON stripe_invoices (provider_created_at, sid);
CREATE INDEX stripe_invoices_list_created_on_idx ON stripe_invoices (created_on, sid);
CREATE INDEX stripe_invoices_list_amount_due_idx ON stripe_invoices (amount_due_minor, sid);
CREATE INDEX stripe_invoices_list_due_date_idx
  ON stripe_invoices ((coalesce(due_date, '9999-12-31'::date)), sid);
CREATE INDEX stripe_invoices_list_status_idx ON stripe_invoices (status, sid);
CREATE INDEX stripe_invoices_list_currency_idx ON stripe_invoices (currency, sid);
CREATE INDEX stripe_invoices_list_linked_idx
  ON stripe_invoices ((CASE WHEN invoice_iid IS NULL THEN 'no' ELSE 'yes' END), sid);
CREATE INDEX stripe_invoices_list_customer_email_idx
  ON stripe_invoices ((lower(customer_email)), sid);
CREATE INDEX stripe_invoices_list_customer_email_sort_idx
  ON stripe_invoices ((coalesce(lower(customer_email), '~~')), sid);
CREATE INDEX stripe_invoices_list_member_idx ON stripe_invoices (member_mid, sid);
CREATE INDEX stripe_invoices_list_member_sort_idx
  ON stripe_invoices ((coalesce(member_mid, '~~')), sid);
CREATE INDEX stripe_invoices_invoice_idx ON stripe_invoices (invoice_iid);
-- The search box: a number, an e-mail, a customer's name or a provider id, anywhere in them.
CREATE INDEX stripe_invoices_search_idx ON stripe_invoices USING gin (
  (lower(coalesce(number, '') || ' ' || coalesce(customer_email, '') || ' ' ||
         coalesce(customer_name, '') || ' ' || provider_invoice_id)) gin_trgm_ops);

${changeFeedTriggers(followedTables)}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE stripe_events, stripe_invoices;').execute(db);
}
