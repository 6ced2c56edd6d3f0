import type pg from 'pg';
import { clock } from '../lib/clock';

export type InvoiceHistoryReport = {
  /** Invoices in the table before and after. */
  before: number;
  after: number;
  /** Years that received invoices, newest first. */
  years: number[];
  elapsedMs: number;
};

/** Members joined before this year get no earlier invoices: the federation's ledger starts here. */
const ledgerStartYear = 1990;

/** Members who had joined by the year ($1), each with the invoice its history is copied from. */
const joinedBy = `
  SELECT DISTINCT ON (i.member_mid) i.*, m.number AS member_number
    FROM invoices i JOIN members m ON m.mid = i.member_mid
   WHERE i.kind = 'membership' AND m.deleted_at IS NULL
     AND coalesce(extract(year FROM m.joined_on)::int, $1) <= $1
   ORDER BY i.member_mid, i.year`;

const insertColumns = `iid, number, member_mid, kind, year, issue_date, due_date, currency, lines,
  subtotal_minor, vat_minor, donation_minor, total_minor, bank_account_id, payment_reference,
  status, paid_at, paid_amount_minor, paid_method, source, import_batch, created_at, updated_at,
  created_by, updated_by`;

/** The year's membership invoice of each member, its fee line copied from its earliest one, paid. */
const membershipYear = `
  WITH numbered AS (
    SELECT s.*, row_number() OVER (ORDER BY s.member_number) AS sequence
      FROM (${joinedBy}) s ORDER BY s.member_number LIMIT $2)
  INSERT INTO invoices (${insertColumns})
  SELECT 'h' || $1 || '-' || n.sequence || '-' || n.member_mid,
    $1 || '-' || lpad(n.sequence::text, 6, '0'), n.member_mid, 'membership', $1,
    make_date($1, 1, 8), make_date($1, 2, 7), n.currency,
    -- The fee line only (a donation line of the source year is not repeated).
    jsonb_build_array(regexp_replace((n.lines -> 0)::text, 'Membership fee [0-9]{4}',
                                     'Membership fee ' || $1, 'g')::jsonb),
    n.subtotal_minor, n.vat_minor, 0, n.subtotal_minor + n.vat_minor, n.bank_account_id,
    NULL, 'paid',
    make_date($1, 1, 8) + make_interval(days => 3 + (n.sequence % 40)::int, hours => 10),
    n.subtotal_minor + n.vat_minor, 'bank-transfer', 'csv-import', 'legacy-ledger',
    make_date($1, 1, 8), make_date($1, 1, 8) + make_interval(days => 3 + (n.sequence % 40)::int),
    'seed', 'seed'
    FROM numbered n
  ON CONFLICT DO NOTHING`;

/**
 * A seminar and training invoice of the year for each member (taxable: CHF 450.00 plus 8.1 %
 * Swiss VAT, 36.45), numbered after the year's membership invoices, paid in the autumn.
 */
const trainingYear = `
  WITH numbered AS (
    SELECT s.*, (SELECT count(*) FROM invoices WHERE year = $1)
                + row_number() OVER (ORDER BY s.member_number) AS sequence
      FROM (${joinedBy}) s ORDER BY s.member_number LIMIT $2)
  INSERT INTO invoices (${insertColumns})
  SELECT 't' || $1 || '-' || n.sequence || '-' || n.member_mid,
    $1 || '-' || lpad(n.sequence::text, 6, '0'), n.member_mid, 'other', $1,
    make_date($1, 9, 15), make_date($1, 10, 15), 'CHF',
    jsonb_build_array(jsonb_build_object('description', 'Seminars and training ' || $1,
      'quantity', 1, 'unitAmountMinor', 45000, 'vatRate', 8.1, 'vatExemption', NULL)),
    45000, 3645, 0, 48645, NULL, NULL, 'paid',
    make_date($1, 9, 15) + make_interval(days => 3 + (n.sequence % 30)::int, hours => 10),
    48645, 'bank-transfer', 'csv-import', 'legacy-ledger',
    make_date($1, 9, 15), make_date($1, 9, 15) + make_interval(days => 3 + (n.sequence % 30)::int),
    'seed', 'seed'
    FROM numbered n
  ON CONFLICT DO NOTHING`;

/**
 * Adds the paid invoices of earlier years, as a legacy ledger imported by CSV would have them,
 * until the invoices table holds `total` rows: for each year before the demo data's first
 * invoice year, every member that had joined by then gets that year's membership invoice
 * (copied from its earliest invoice: same fee, currency and account), then, if that is not
 * enough, a seminar and training invoice. This is how the benchmarks reach a million invoices
 * on the 100,000-member data set (the demo seed itself writes only the last three years).
 * Set-based, one year per statement; the search index triggers describe the new invoices as
 * they are inserted.
 */
export async function seedInvoiceHistory(
  pool: pg.Pool,
  total: number,
  onProgress?: (year: number, done: number, total: number) => void,
): Promise<InvoiceHistoryReport> {
  const startedAt = performance.now();
  const count = async () =>
    Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM invoices')).rows[0]?.n);
  const before = await count();
  const years: number[] = [];
  const first = await pool.query<{ year: number | null }>('SELECT min(year) AS year FROM invoices');
  const newestYear = (first.rows[0]?.year ?? clock.year()) - 1;
  let current = before;
  for (const statement of [membershipYear, trainingYear]) {
    for (let year = newestYear; current < total && year >= ledgerStartYear; year--) {
      const result = await pool.query(statement, [year, total - current]);
      current += result.rowCount ?? 0;
      if (!years.includes(year)) years.push(year);
      onProgress?.(year, current, total);
    }
  }
  await pool.query('ANALYZE invoices');
  return {
    before,
    after: await count(),
    years,
    elapsedMs: Math.round(performance.now() - startedAt),
  };
}
