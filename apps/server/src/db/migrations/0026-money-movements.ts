import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';
import { recordColumns } from './record-columns';

/** The new tables the change feed follows, with their key column (as migration 0004 does). */
const followedTables = [
  ['money_movements', 'id'],
  ['credit_notes', 'cnid'],
  ['bank_statements', 'bsid'],
  ['bank_entries', 'beid'],
  ['payment_tolerances', 'currency'],
] as const;

/**
 * The trigger function that books an invoice's recorded payment as a money movement, as of
 * migration 0026; `fallbackDay` is the day when the invoice names neither a payment moment nor
 * an issue date (migration 0048 replaces CURRENT_DATE with headquarters' day).
 */
export const recordedPaymentsFunction = (fallbackDay: string) =>
  `invoices_add_recorded_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO money_movements (id, member_mid, invoice_iid, currency, kind, method, source,
                               booked_on, amount_minor, settles_minor, reference, reason)
  SELECT 'paid-' || n.iid, n.member_mid, n.iid, n.currency, 'payment',
         coalesce(n.paid_method, 'other'),
         CASE WHEN n.source = 'csv-import' THEN 'csv' ELSE 'recorded' END,
         coalesce((n.paid_at AT TIME ZONE 'Europe/Zurich')::date, n.issue_date, ${fallbackDay}),
         n.paid_minor, n.paid_minor, n.paid_reference, 'Recorded as paid'
    FROM new_rows n
   WHERE n.status = 'paid' AND n.paid_minor > 0
     AND NOT EXISTS (SELECT 1 FROM money_movements m WHERE m.invoice_iid = n.iid)
  ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END
$$`;

/**
 * Issue 16, the money loop. Until now an invoice knew one payment (`paid_*` columns) and any
 * amount closed it. Now every movement of money is a row, and the invoice's balance follows:
 *
 * - `money_movements`: payments (bank, card, CSV, by hand), write-offs (bank charges within the
 *   tolerance), credit notes, member credit applied to an invoice, refunds, and reversals. Rows are
 *   only ever added: a booking is undone by a reversal row naming it (`reverses_id`, once), never
 *   by a deletion. Each row says what it does to the invoice (`settles_minor`, taken off its
 *   balance) and to the member's credit (`credit_minor`, an overpayment's surplus or a credit
 *   note on a paid invoice adds, applying or refunding credit takes away). What the member owes
 *   moves by −(settles + credit), so the ledger's running balance is a sum of rows.
 * - `invoices`: `paid_minor` (payments and credit applied), `credited_minor` (credit notes),
 *   `written_off_minor` (bank charges), kept current by the writes that add movements, and the
 *   generated `balance_minor` = total − those three (0 for drafts and void invoices) and
 *   `is_partially_paid`, with their list indexes. New status `credited`: an issued invoice credited in full.
 * - A paid invoice that arrives by another road (demo data, invoice history, CSV imports, which
 *   insert or update rows set-based) brings its payment: a trigger settles it in full, as such
 *   rows always meant, and adds the movement. No insert path can forget it, and
 *   `invoices_paid_is_settled` makes sure no paid invoice has a balance left.
 * - `payment_tolerances`: per currency, the short payment written off as bank charges (default:
 *   10.00 of the currency or 1 % of the invoice, whichever is smaller).
 * - `credit_notes`: own gapless series `CN-{year}-000001` (counter `credit-note-{year}`).
 * - `bank_statements` and `bank_entries`: imported camt.053/054 statements and one row per
 *   transaction (a batch booking's details are rows of their own). An entry is known by its
 *   identity (the bank's reference, else a stable hash); a second sighting is kept with
 *   `duplicate_of` so that its statement can show it, and only the first can be booked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
ALTER TABLE invoices DROP CONSTRAINT invoices_status_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check
  CHECK (status IN ('draft', 'issued', 'paid', 'void', 'uncollectible', 'credited'));
ALTER TABLE invoices
  ADD COLUMN paid_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN credited_minor bigint NOT NULL DEFAULT 0,
  ADD COLUMN written_off_minor bigint NOT NULL DEFAULT 0;
UPDATE invoices SET paid_minor = total_minor WHERE status = 'paid';
ALTER TABLE invoices ADD COLUMN balance_minor bigint GENERATED ALWAYS AS (
  CASE WHEN status IN ('draft', 'void') THEN 0
       ELSE total_minor - paid_minor - credited_minor - written_off_minor END) STORED;
-- "Partially paid" as a column of its own: written as two conditions, the planner takes them for
-- independent (a tenth issued, most with money) and guesses tens of thousands of rows where there
-- are a handful; a column has its own statistics.
ALTER TABLE invoices ADD COLUMN is_partially_paid boolean
  GENERATED ALWAYS AS (status = 'issued' AND paid_minor > 0) STORED;
ALTER TABLE invoices ADD CONSTRAINT invoices_paid_is_settled
  CHECK (status <> 'paid' OR total_minor <= paid_minor + credited_minor + written_off_minor);
-- The invoices list: sort by balance; "partially paid" (issued with money received) is few rows.
CREATE INDEX invoices_list_balance_idx ON invoices (balance_minor, iid);
CREATE INDEX invoices_partially_paid_idx ON invoices (iid) WHERE is_partially_paid;

CREATE TABLE payment_tolerances (
  currency char(3) PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  max_minor bigint NOT NULL CHECK (max_minor >= 0),
  percent_basis_points integer NOT NULL CHECK (percent_basis_points BETWEEN 0 AND 10000),
  ${recordColumns}
);
INSERT INTO payment_tolerances (currency, max_minor, percent_basis_points)
  VALUES ('CHF', 1000, 100), ('EUR', 1000, 100), ('USD', 1000, 100);

CREATE TABLE money_movements (
  id text PRIMARY KEY,
  member_mid text REFERENCES members (mid),
  invoice_iid text REFERENCES invoices (iid),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  kind text NOT NULL CHECK (kind IN
    ('payment', 'write-off', 'credit-note', 'credit-applied', 'refund', 'reversal')),
  method text CHECK (method IN ('bank-transfer', 'card', 'cash', 'other')),
  source text NOT NULL CHECK (source IN ('bank', 'card', 'csv', 'manual', 'credit', 'recorded')),
  booked_on date NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  settles_minor bigint NOT NULL DEFAULT 0,
  credit_minor bigint NOT NULL DEFAULT 0,
  reference text,
  reason text,
  -- The payment a write-off belongs to (bank charges): reversed with it.
  related_id text REFERENCES money_movements (id),
  reverses_id text UNIQUE REFERENCES money_movements (id),
  bank_entry_id text,
  credit_note_id text,
  card_invoice_sid text,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text
);
CREATE INDEX money_movements_member_idx ON money_movements (member_mid, currency, booked_on, created_at);
CREATE INDEX money_movements_invoice_idx ON money_movements (invoice_iid, created_at);
CREATE INDEX money_movements_related_idx ON money_movements (related_id) WHERE related_id IS NOT NULL;

-- Paid invoices before this migration: settled in full, as they were.
INSERT INTO money_movements (id, member_mid, invoice_iid, currency, kind, method, source, booked_on,
                             amount_minor, settles_minor, reference, reason, created_at)
SELECT 'paid-' || iid, member_mid, iid, currency, 'payment', coalesce(paid_method, 'other'),
       CASE WHEN source = 'csv-import' THEN 'csv' ELSE 'recorded' END,
       coalesce((paid_at AT TIME ZONE 'Europe/Zurich')::date, issue_date, CURRENT_DATE),
       total_minor, total_minor, paid_reference, 'Recorded as paid', coalesce(paid_at, now())
  FROM invoices WHERE status = 'paid';

-- A row that becomes paid without the movements that pay it (set-based imports, demo data):
-- settled in full here, its payment movement added after the statement.
CREATE FUNCTION invoices_settle_when_paid() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'paid'
     AND NEW.total_minor > NEW.paid_minor + NEW.credited_minor + NEW.written_off_minor THEN
    NEW.paid_minor := NEW.total_minor - NEW.credited_minor - NEW.written_off_minor;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER invoices_settle_when_paid BEFORE INSERT OR UPDATE OF status ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_settle_when_paid();

CREATE FUNCTION ${recordedPaymentsFunction('CURRENT_DATE')};
CREATE TRIGGER invoices_add_recorded_payments_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_add_recorded_payments();
CREATE TRIGGER invoices_add_recorded_payments_update AFTER UPDATE ON invoices
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoices_add_recorded_payments();

CREATE TABLE credit_notes (
  cnid text PRIMARY KEY,
  number text NOT NULL UNIQUE,
  year integer NOT NULL,
  invoice_iid text NOT NULL REFERENCES invoices (iid),
  member_mid text REFERENCES members (mid),
  currency char(3) NOT NULL,
  issue_date date NOT NULL,
  -- The credited lines: [{lineIndex, description, quantity, unitAmountMinor, vatRate, amountMinor}]
  lines jsonb NOT NULL DEFAULT '[]',
  total_minor bigint NOT NULL CHECK (total_minor > 0),
  reason text NOT NULL,
  -- Crediting a paid membership invoice: the membership year stays paid ('keep') or not ('revoke').
  membership_decision text CHECK (membership_decision IN ('keep', 'revoke')),
  movement_id text REFERENCES money_movements (id),
  ${recordColumns}
);
CREATE INDEX credit_notes_invoice_idx ON credit_notes (invoice_iid);
CREATE INDEX credit_notes_member_idx ON credit_notes (member_mid, issue_date);
ALTER TABLE money_movements ADD CONSTRAINT money_movements_credit_note_fk
  FOREIGN KEY (credit_note_id) REFERENCES credit_notes (cnid);

CREATE TABLE bank_statements (
  bsid text PRIMARY KEY,
  bank_account_id text NOT NULL REFERENCES bank_accounts (id),
  -- As the file names the account: its IBAN or its QR-IBAN.
  account_iban text NOT NULL,
  message_kind text NOT NULL CHECK (message_kind IN ('camt.053', 'camt.054')),
  message_version text NOT NULL,
  message_id text NOT NULL,
  statement_id text NOT NULL,
  file_name text,
  file_sha256 text NOT NULL,
  created_at_bank timestamptz,
  from_date date,
  to_date date,
  currency char(3),
  -- Counts kept current by the writes (import, confirm, assign, reverse): the list reads them.
  entries integer NOT NULL DEFAULT 0,
  credits integer NOT NULL DEFAULT 0,
  debits integer NOT NULL DEFAULT 0,
  booked integer NOT NULL DEFAULT 0,
  suggested integer NOT NULL DEFAULT 0,
  unmatched integer NOT NULL DEFAULT 0,
  ignored integer NOT NULL DEFAULT 0,
  duplicates integer NOT NULL DEFAULT 0,
  credited_minor bigint NOT NULL DEFAULT 0,
  imported_at timestamptz NOT NULL DEFAULT now(),
  imported_by text,
  ${recordColumns},
  UNIQUE (bank_account_id, message_id, statement_id)
);

CREATE TABLE bank_entries (
  beid text PRIMARY KEY,
  statement_bsid text NOT NULL REFERENCES bank_statements (bsid),
  bank_account_id text NOT NULL REFERENCES bank_accounts (id),
  entry_position integer NOT NULL,
  transaction_position integer NOT NULL,
  identity text NOT NULL,
  duplicate_of text REFERENCES bank_entries (beid),
  direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  currency char(3) NOT NULL,
  booking_date date,
  value_date date,
  -- The entry's own reference when it is a batch booking of several transactions.
  batch_reference text,
  account_servicer_reference text,
  end_to_end_id text,
  structured_reference text,
  unstructured_text text,
  payer_name text,
  payer_iban text,
  state text NOT NULL CHECK (state IN ('booked', 'suggested', 'unmatched', 'ignored', 'debit', 'duplicate')),
  -- What the booking did to its invoice.
  outcome text CHECK (outcome IN ('paid', 'partial', 'overpaid')),
  invoice_iid text REFERENCES invoices (iid),
  member_mid text REFERENCES members (mid),
  match_rule text CHECK (match_rule IN
    ('qr-reference', 'creditor-reference', 'invoice-number', 'known-iban', 'operator')),
  match_reason text,
  unmatched_reason text,
  ignored_reason text,
  -- Deferred: an import writes its entries with their bookings' ids, then the bookings.
  movement_id text REFERENCES money_movements (id) DEFERRABLE INITIALLY DEFERRED,
  ${recordColumns}
);
-- One booking per bank transaction, whatever the number of files that report it.
CREATE UNIQUE INDEX bank_entries_identity_idx ON bank_entries (bank_account_id, identity)
  WHERE duplicate_of IS NULL;
CREATE INDEX bank_entries_statement_idx
  ON bank_entries (statement_bsid, entry_position, transaction_position);
-- Rule 3: the payer's IBAN seen on booked payments of one member.
CREATE INDEX bank_entries_known_iban_idx ON bank_entries (payer_iban, member_mid)
  WHERE state = 'booked' AND payer_iban IS NOT NULL;
CREATE INDEX bank_entries_invoice_idx ON bank_entries (invoice_iid) WHERE invoice_iid IS NOT NULL;
ALTER TABLE money_movements ADD CONSTRAINT money_movements_bank_entry_fk
  FOREIGN KEY (bank_entry_id) REFERENCES bank_entries (beid);
CREATE INDEX money_movements_bank_entry_idx ON money_movements (bank_entry_id)
  WHERE bank_entry_id IS NOT NULL;

${changeFeedTriggers(followedTables)}
`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
ALTER TABLE money_movements DROP CONSTRAINT money_movements_bank_entry_fk;
ALTER TABLE money_movements DROP CONSTRAINT money_movements_credit_note_fk;
DROP TABLE bank_entries, bank_statements, credit_notes;
DROP TRIGGER invoices_add_recorded_payments_insert ON invoices;
DROP TRIGGER invoices_add_recorded_payments_update ON invoices;
DROP TRIGGER invoices_settle_when_paid ON invoices;
DROP FUNCTION invoices_add_recorded_payments();
DROP FUNCTION invoices_settle_when_paid();
DROP TABLE money_movements, payment_tolerances;
ALTER TABLE invoices DROP CONSTRAINT invoices_paid_is_settled;
ALTER TABLE invoices DROP COLUMN is_partially_paid, DROP COLUMN balance_minor, DROP COLUMN paid_minor,
  DROP COLUMN credited_minor, DROP COLUMN written_off_minor;
ALTER TABLE invoices DROP CONSTRAINT invoices_status_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_status_check
  CHECK (status IN ('draft', 'issued', 'paid', 'void', 'uncollectible'));
`,
    )
    .execute(db);
}
