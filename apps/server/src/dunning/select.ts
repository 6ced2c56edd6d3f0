import type { TDunningChannel, TDunningSkipReason } from '@ops/contract';
import { sql, type RawBuilder } from 'kysely';
import type { DunningSettingsRows } from './settings';

/**
 * An invoice a reminder is about, with its member and bank account, as the dunning run's rows
 * and the postal letters' rows both read it (`dunnedMemberColumns` and the invoice's columns).
 */
export type DunnedInvoiceRow = {
  iid: string;
  number: string;
  member_mid: string;
  member_name: string;
  member_number: string;
  member_email: string | null;
  member_status: string;
  member_language: string;
  currency: string;
  balance_minor: string;
  total_minor: string;
  issue_date: string | null;
  due_date: string;
  payment_reference: string | null;
  card_payment_url: string | null;
  bank_holder_name: string | null;
  bank_name: string | null;
  bank_iban: string | null;
  bank_qr_iban: string | null;
  bank_bic: string | null;
};

/**
 * The member's columns of a `DunnedInvoiceRow` (members as `m`): a reminder goes to the billing
 * e-mail when there is one, in the member's language. The run and the letters read them alike.
 */
export const dunnedMemberColumns = sql.raw(`m.legal_name AS member_name, m.number AS member_number,
       coalesce(m.billing_email, m.email) AS member_email, m.status AS member_status,
       m.preferred_language AS member_language`);

/**
 * Which invoices are due for which level on `asOf`, and whom the rules skip — one set-based
 * statement, shared by the preview and the run (the rule written once).
 *
 * The level rule: an issued invoice with an open balance and a due date gets its next enabled
 * level L (above `dunning_level`, the highest sent) when `asOf ≥ due_date + days(L)` and, once a
 * level was sent, at least `days(L) − days(sent)` days have passed since it was
 * (`dunning_level_on`), so a backlog climbs one level per interval rather than firing every
 * level on consecutive days. One level per invoice per run.
 *
 * The walk starts from the partial index of open issued invoices by due date
 * (`invoices_dunning_open_idx`), bounded by the smallest enabled level's days; the skip rules
 * are probes of indexes for the invoices that are due only. The first matching reason wins, in
 * the order of `dunningSkipReasons`.
 */
export type DueRow = DunnedInvoiceRow & {
  level: number;
  level_name: string;
  days_after_due: number;
  suspends: boolean;
  template_kind: string;
  attach_pdf: boolean;
  days_overdue: number;
  skip_reason: TDunningSkipReason | null;
  channel: TDunningChannel;
};

/** The statement's rows: every invoice due for a level, skipped or not (`skip_reason`). */
export function dueInvoices(
  asOf: string,
  settings: DunningSettingsRows,
  options: { iids?: readonly string[] } = {},
): RawBuilder<DueRow> | null {
  const enabled = settings.levels.filter((level) => level.enabled);
  const first = enabled[0];
  if (!first) return null;
  // The levels as a literal table: the planner knows their four rows (no CTE to estimate).
  const levels = sql.join(
    settings.levels.map(
      (level) =>
        sql`(${level.level}::int, ${level.name}::text, ${level.days_after_due}::int, ${level.enabled}::boolean, ${level.suspends}::boolean, ${level.template_kind}::text, ${level.attach_pdf}::boolean)`,
    ),
  );
  const minimums =
    settings.minimums.length > 0
      ? sql.join(
          settings.minimums.map(
            (minimum) => sql`(${minimum.currency}::text, ${minimum.minimum_minor}::bigint)`,
          ),
        )
      : sql`(NULL::text, 0::bigint)`;
  const restrict = options.iids ? sql`AND i.iid = ANY(${[...options.iids]}::text[])` : sql``;
  return sql<DueRow>`
    WITH lv (level, name, days_after_due, enabled, suspends, template_kind, attach_pdf) AS (
      VALUES ${levels}
    ),
    minimums (currency, minimum_minor) AS (VALUES ${minimums}),
    -- Addresses whose last delivery failed: a failed e-mail with no delivered one after it.
    failed AS (
      SELECT email_first_recipient(f.to_addresses) AS address, max(f.created_at) AS failed_at
        FROM emails f
       WHERE f.state = 'ERROR'
       GROUP BY 1
    ),
    undeliverable AS (
      SELECT failed.address FROM failed
       WHERE NOT EXISTS (
         SELECT 1 FROM emails s
          WHERE email_first_recipient(s.to_addresses) = failed.address
            AND s.state = 'SUCCESS' AND s.created_at > failed.failed_at)
    ),
    candidates AS (
      SELECT i.iid, i.number, i.member_mid, i.currency, i.balance_minor,
             i.total_minor, i.issue_date, i.due_date, i.payment_reference, i.card_invoice_sid,
             i.bank_account_id,
             nx.level, nx.name AS level_name, nx.days_after_due, nx.suspends, nx.template_kind,
             nx.attach_pdf
        FROM invoices i
        CROSS JOIN LATERAL (
          SELECT lv.* FROM lv
           WHERE lv.enabled AND lv.level > i.dunning_level
           ORDER BY lv.level LIMIT 1
        ) nx
        LEFT JOIN lv sent ON sent.level = i.dunning_level
       WHERE i.status = 'issued' AND i.balance_minor > 0 AND i.due_date IS NOT NULL
         AND i.due_date <= ${asOf}::date - ${first.days_after_due}::int
         AND i.member_mid IS NOT NULL
         AND i.due_date + nx.days_after_due <= ${asOf}::date
         AND (sent.level IS NULL OR i.dunning_level_on IS NULL
              OR i.dunning_level_on + (nx.days_after_due - sent.days_after_due) <= ${asOf}::date)
         ${restrict}
    )
    SELECT c.iid, c.number, c.member_mid, ${dunnedMemberColumns}, c.currency::text AS currency,
           c.balance_minor::text,
           c.total_minor::text, to_char(c.issue_date, 'YYYY-MM-DD') AS issue_date,
           to_char(c.due_date, 'YYYY-MM-DD') AS due_date, c.payment_reference,
           si.hosted_invoice_url AS card_payment_url,
           b.holder_name AS bank_holder_name, b.bank_name, b.iban AS bank_iban,
           b.qr_iban AS bank_qr_iban, b.bic AS bank_bic,
           c.level, c.level_name, c.days_after_due, c.suspends, c.template_kind, c.attach_pdf,
           (${asOf}::date - c.due_date) AS days_overdue,
           CASE
             WHEN m.category = 'honorary' THEN 'honorary'
             WHEN m.dunning_exempt_until >= ${asOf}::date THEN 'exempt'
             WHEN EXISTS (
               SELECT 1 FROM money_movements mm
                WHERE mm.invoice_iid = c.iid
                  AND mm.kind IN ('payment', 'credit-applied') AND mm.settles_minor > 0
                  AND mm.booked_on > ${asOf}::date - ${settings.recentPaymentDays}::int
                  AND mm.booked_on <= ${asOf}::date
                  AND NOT EXISTS (SELECT 1 FROM money_movements r WHERE r.reverses_id = mm.id))
               THEN 'recent-payment'
             WHEN EXISTS (
               SELECT 1 FROM bank_entries be
                WHERE be.direction = 'credit' AND be.state IN ('unmatched', 'suggested')
                  AND be.currency = c.currency AND be.amount_minor = c.balance_minor)
               OR EXISTS (
               SELECT 1 FROM bank_entries be
                WHERE be.invoice_iid = c.iid AND be.direction = 'credit'
                  AND be.state = 'suggested')
               THEN 'unmatched-payment'
             WHEN c.balance_minor < coalesce(mn.minimum_minor, 0) THEN 'below-minimum'
           END AS skip_reason,
           CASE
             WHEN coalesce(m.billing_email, m.email) IS NULL
               OR btrim(coalesce(m.billing_email, m.email)) = ''
               OR EXISTS (SELECT 1 FROM undeliverable u
                           WHERE u.address = lower(btrim(coalesce(m.billing_email, m.email))))
               THEN 'postal'
             ELSE 'email'
           END AS channel
      FROM candidates c
      JOIN members m ON m.mid = c.member_mid AND m.deleted_at IS NULL
      LEFT JOIN minimums mn ON mn.currency = c.currency::text
      LEFT JOIN stripe_invoices si ON si.sid = c.card_invoice_sid
      LEFT JOIN bank_accounts b ON b.id = c.bank_account_id
  `;
}
