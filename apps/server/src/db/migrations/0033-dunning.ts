import { sql, type Kysely } from 'kysely';
import { changeFeedTriggers } from './change-feed-triggers';

import { createdAudit } from './0023-invoice-upload-audit';
import { moneyFields, replaceAuditFunction } from './0028-invoice-balance-list';
import { recordColumns } from './record-columns';
import { settingsTable } from './settings-table';

/** The new tables the change feed follows, with their key column (as migration 0004 does). */
const followedTables = [
  ['dunning_settings', 'id'],
  ['dunning_levels', 'level'],
  ['dunning_minimums', 'currency'],
  ['dunning_notices', 'id'],
  ['dunning_runs', 'id'],
] as const;

/**
 * Issue 17, dunning: issued invoices with an open balance are chased level by level.
 *
 * - `dunning_levels` (four rows, edited in settings): days after the due date, the e-mail
 *   template, whether the invoice PDF goes along, whether the level suspends the member (the
 *   last one only). `dunning_settings` (one row: the recent-payment days, and the version the
 *   settings screen writes with) and `dunning_minimums` (per currency: a smaller balance is not
 *   chased).
 * - `dunning_notices`: one row per level sent for an invoice. UNIQUE (invoice_iid, level) is the
 *   idempotency guarantee: a run inserts with ON CONFLICT DO NOTHING and queues the e-mail only
 *   for the rows it actually inserted, so two runs (or two instances) never send a level twice.
 * - `dunning_runs`: every real run (previews are not stored) with its counts.
 * - `invoices.dunning_level` (highest level sent, 0 none) and `dunning_level_on` (when), with
 *   the list's index `(dunning_level, iid)`; and the run's own index: the open issued invoices
 *   by due date, carrying what the level rule reads, so a run walks only the chased invoices of
 *   a million (a tenth are issued, fewer still open) without touching the table for the rule.
 * - `members.dunning_exempt_until` / `dunning_exempt_reason`: a payment plan.
 * - The bank entries that could pay an invoice (unmatched or suggested credits) are few; their
 *   partial index answers "is there one of this amount in this currency?" by one probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `
ALTER TABLE invoices
  ADD COLUMN dunning_level smallint NOT NULL DEFAULT 0 CHECK (dunning_level BETWEEN 0 AND 4),
  ADD COLUMN dunning_level_on date;
CREATE INDEX invoices_list_dunning_level_idx ON invoices (dunning_level, iid);
CREATE INDEX invoices_dunning_open_idx ON invoices (due_date)
  INCLUDE (iid, dunning_level, dunning_level_on, member_mid, currency, balance_minor)
  WHERE status = 'issued' AND balance_minor > 0 AND due_date IS NOT NULL;

ALTER TABLE members
  ADD COLUMN dunning_exempt_until date,
  ADD COLUMN dunning_exempt_reason text;

CREATE INDEX bank_entries_dunning_idx ON bank_entries (currency, amount_minor)
  WHERE direction = 'credit' AND state IN ('unmatched', 'suggested');

${settingsTable('dunning_settings', 'dunning', [
  'recent_payment_days integer NOT NULL DEFAULT 14 CHECK (recent_payment_days BETWEEN 0 AND 365)',
])}

CREATE TABLE dunning_levels (
  level smallint PRIMARY KEY CHECK (level BETWEEN 1 AND 4),
  name text NOT NULL,
  days_after_due integer NOT NULL CHECK (days_after_due > 0),
  template_kind text NOT NULL CHECK (template_kind IN
    ('dunning-reminder-1', 'dunning-reminder-2', 'dunning-final-notice', 'dunning-suspension')),
  attach_pdf boolean NOT NULL DEFAULT false,
  suspends boolean NOT NULL DEFAULT false CHECK (NOT suspends OR level = 4),
  enabled boolean NOT NULL DEFAULT true,
  ${recordColumns}
);
INSERT INTO dunning_levels (level, name, days_after_due, template_kind, attach_pdf, suspends) VALUES
  (1, 'Reminder 1', 10, 'dunning-reminder-1', false, false),
  (2, 'Reminder 2', 30, 'dunning-reminder-2', true, false),
  (3, 'Final notice', 60, 'dunning-final-notice', false, false),
  (4, 'Suspension', 90, 'dunning-suspension', false, true);

CREATE TABLE dunning_minimums (
  currency char(3) PRIMARY KEY CHECK (currency ~ '^[A-Z]{3}$'),
  minimum_minor bigint NOT NULL CHECK (minimum_minor >= 0)
);
INSERT INTO dunning_minimums (currency, minimum_minor)
  VALUES ('CHF', 1000), ('EUR', 1000), ('USD', 1000);

CREATE TABLE dunning_runs (
  id text PRIMARY KEY,
  as_of date NOT NULL,
  dry_run boolean NOT NULL DEFAULT false CHECK (NOT dry_run),
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'manual', 'cli')),
  operator_uid text,
  state text NOT NULL CHECK (state IN ('running', 'succeeded', 'failed')),
  counts jsonb,
  error text,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX dunning_runs_started_idx ON dunning_runs (started_at DESC);

CREATE TABLE dunning_notices (
  id text PRIMARY KEY,
  invoice_iid text NOT NULL REFERENCES invoices (iid),
  member_mid text NOT NULL REFERENCES members (mid),
  level smallint NOT NULL CHECK (level BETWEEN 1 AND 4),
  as_of date NOT NULL,
  channel text NOT NULL CHECK (channel IN ('email', 'postal')),
  email_id text,
  run_id text REFERENCES dunning_runs (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_iid, level)
);
CREATE INDEX dunning_notices_member_idx ON dunning_notices (member_mid);
CREATE INDEX dunning_notices_run_idx ON dunning_notices (run_id);

${changeFeedTriggers(followedTables)}
`,
    )
    .execute(db);
  // A CSV-uploaded invoice arrives with no dunning level sent: its audit entry says so, as it
  // says every other column of the row (migrations 0023 and 0028).
  await replaceAuditFunction(
    db,
    createdAudit.replace('%money%', `${moneyFields},\n  'dunning_level', 0`),
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceAuditFunction(db, createdAudit.replace('%money%', moneyFields));
  await sql
    .raw(
      `DROP TABLE dunning_notices, dunning_runs, dunning_minimums, dunning_levels, dunning_settings;
       DROP INDEX bank_entries_dunning_idx;
       ALTER TABLE members DROP COLUMN dunning_exempt_until, DROP COLUMN dunning_exempt_reason;
       DROP INDEX invoices_dunning_open_idx, invoices_list_dunning_level_idx;
       ALTER TABLE invoices DROP COLUMN dunning_level, DROP COLUMN dunning_level_on;`,
    )
    .execute(db);
}
