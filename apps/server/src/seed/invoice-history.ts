import type pg from 'pg';

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

/**
 * Adds the paid membership invoices of earlier years, as a legacy ledger imported by CSV would
 * have them, until the invoices table holds `total` rows: for each year before the demo data's
 * first invoice year, every member that had joined by then gets that year's invoice, copied from
 * its earliest invoice (same fee, currency and account) with the year's number, dates and
 * payment. This is how the benchmarks reach a million invoices on the 100,000-member data set
 * (the demo seed itself writes only the last three years). Set-based, one year per statement;
 * the search index triggers describe the new invoices as they are inserted.
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
  let year = (first.rows[0]?.year ?? new Date().getUTCFullYear()) - 1;
  let current = before;
  while (current < total && year >= ledgerStartYear) {
    const result = await pool.query(
      `WITH source AS (
         SELECT DISTINCT ON (i.member_mid) i.*, m.number AS member_number
           FROM invoices i JOIN members m ON m.mid = i.member_mid
          WHERE i.kind = 'membership' AND m.deleted_at IS NULL
            AND coalesce(extract(year FROM m.joined_on)::int, $1) <= $1
          ORDER BY i.member_mid, i.year),
       numbered AS (
         SELECT s.*, row_number() OVER (ORDER BY s.member_number) AS sequence FROM source s
          ORDER BY s.member_number LIMIT $2)
       INSERT INTO invoices (iid, number, member_mid, kind, year, issue_date, due_date, currency,
         lines, subtotal_minor, vat_minor, donation_minor, total_minor, bank_account_id,
         payment_reference, status, paid_at, paid_amount_minor, paid_method, source, import_batch,
         created_at, updated_at, created_by, updated_by)
       SELECT 'h' || $1 || '-' || n.sequence || '-' || n.member_mid,
         $1 || '-' || lpad(n.sequence::text, 6, '0'), n.member_mid, 'membership', $1,
         make_date($1, 1, 8), make_date($1, 2, 7), n.currency,
         regexp_replace(n.lines::text, 'Membership fee [0-9]{4}', 'Membership fee ' || $1, 'g')::jsonb,
         n.subtotal_minor, n.vat_minor, 0, n.subtotal_minor + n.vat_minor, n.bank_account_id,
         NULL, 'paid',
         make_date($1, 1, 8) + make_interval(days => 3 + (n.sequence % 40)::int, hours => 10),
         n.subtotal_minor + n.vat_minor, 'bank-transfer', 'csv-import', 'legacy-ledger',
         make_date($1, 1, 8), make_date($1, 1, 8) + make_interval(days => 3 + (n.sequence % 40)::int),
         'seed', 'seed'
         FROM numbered n
       ON CONFLICT DO NOTHING`,
      [year, total - current],
    );
    current += result.rowCount ?? 0;
    years.push(year);
    onProgress?.(year, current, total);
    year--;
  }
  await pool.query('ANALYZE invoices');
  return {
    before,
    after: await count(),
    years,
    elapsedMs: Math.round(performance.now() - startedAt),
  };
}
