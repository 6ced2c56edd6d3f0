import type { TReportRow } from '@ops/contract/reports';
import { sql } from 'kysely';
import { chfConverter } from '../chf';
import type { ReportDefinition } from '../definition';
import { addDays, sameDayIn, yearOf } from '../periods';
import { currencyIs, factsAre, memberDimensions, toNumber } from '../summary';

/** The years compared: the year of `to` and the two before. */
const yearsCompared = 3;

type Daily = { issued: number; paid: number; issuedChf: number | null; paidChf: number | null };

/**
 * This year's renewal (membership) invoices issued and paid, day by day from 1 January up to
 * the day of `to`, against the two previous years up to the same calendar day. The summary
 * gives each day's renewal facts (a few hundred rows a year); the running totals are added up
 * here rather than by a window sum, because amounts become CHF equivalents day by day first:
 * each day's money at its month's rate, as the revenue report converts, so that three
 * currencies add up to one line. An invoice of a year issued before 1 January counts from
 * 1 January.
 */
export const renewalProgress: ReportDefinition = {
  name: 'renewal-progress',
  period: { kind: 'until' },
  hasMemberFilters: true,
  hasCurrencyFilter: true,
  columns: () => [
    { key: 'year', label: 'Year', type: 'integer' },
    { key: 'day', label: 'Day', type: 'date' },
    { key: 'dayOfYear', label: 'Day of the year', type: 'integer' },
    { key: 'issued', label: 'Issued so far', type: 'integer' },
    { key: 'issuedChfMinor', label: 'Issued so far (CHF)', type: 'money' },
    { key: 'paid', label: 'Paid so far', type: 'integer' },
    { key: 'paidChfMinor', label: 'Paid so far (CHF)', type: 'money' },
    {
      key: 'paidShare',
      label: 'Paid',
      type: 'percent',
      description: 'Share of the invoices issued so far that are paid (by count)',
    },
  ],
  async run(db, filters, context) {
    const lastYear = yearOf(filters.to);
    const years = Array.from({ length: yearsCompared }, (_, i) => lastYear - yearsCompared + 1 + i);
    const lastDays = years.map((year) => sameDayIn(filters.to, year));
    // Renewal invoices are issued for their year from about its start: a year before the first
    // compared year bounds the scan of the summary's days without losing any of them.
    const firstYear = years[0] ?? lastYear;
    const { rows } = await sql<{
      year: number;
      day: string;
      currency: string;
      issued: string;
      issued_amount: string;
      paid: string;
      paid_amount: string;
    }>`
      WITH compared AS (
        SELECT * FROM unnest(${years}::int[], ${lastDays}::date[]) AS c(year, last_day)
      )
      SELECT rc.year, greatest(rc.day, make_date(rc.year, 1, 1)) AS day, rc.currency,
             sum(rc.n) FILTER (WHERE rc.fact = 'renewal-issued') AS issued,
             sum(rc.amount_minor) FILTER (WHERE rc.fact = 'renewal-issued') AS issued_amount,
             sum(rc.n) FILTER (WHERE rc.fact = 'renewal-paid') AS paid,
             sum(rc.amount_minor) FILTER (WHERE rc.fact = 'renewal-paid') AS paid_amount
        FROM report_counts rc
        JOIN compared c ON c.year = rc.year AND rc.day <= c.last_day
       WHERE ${factsAre(['renewal-issued', 'renewal-paid'])}
         AND rc.day BETWEEN make_date(${firstYear - 1}, 1, 1) AND ${filters.to}::date
         AND rc.year = ANY(${years}::int[])
         ${memberDimensions(filters)}
         ${currencyIs(filters, 'rc.currency')}
       GROUP BY 1, 2, 3`.execute(db);

    const chf = chfConverter(await context.chfRates());
    const inChf = (amount: number, currency: string, day: string) =>
      amount === 0 ? 0 : (chf.convert(amount, currency, day)?.chfMinor ?? null);
    const daily = new Map<string, Daily>(); // `${year} ${day}`
    for (const row of rows) {
      const key = `${row.year} ${row.day}`;
      const entry = daily.get(key) ?? { issued: 0, paid: 0, issuedChf: 0, paidChf: 0 };
      entry.issued += toNumber(row.issued);
      entry.paid += toNumber(row.paid);
      entry.issuedChf = addOrNull(
        entry.issuedChf,
        inChf(toNumber(row.issued_amount), row.currency, row.day),
      );
      entry.paidChf = addOrNull(
        entry.paidChf,
        inChf(toNumber(row.paid_amount), row.currency, row.day),
      );
      daily.set(key, entry);
    }

    const result: TReportRow[] = [];
    years.forEach((year, index) => {
      const running: Daily = { issued: 0, paid: 0, issuedChf: 0, paidChf: 0 };
      const lastDay = lastDays[index] ?? filters.to;
      let dayOfYear = 1;
      for (let day = `${year}-01-01`; day <= lastDay; day = addDays(day, 1), dayOfYear++) {
        const today = daily.get(`${year} ${day}`);
        if (today) {
          running.issued += today.issued;
          running.paid += today.paid;
          running.issuedChf = addOrNull(running.issuedChf, today.issuedChf);
          running.paidChf = addOrNull(running.paidChf, today.paidChf);
        }
        result.push({
          year,
          day,
          dayOfYear,
          issued: running.issued,
          issuedChfMinor: running.issuedChf,
          paid: running.paid,
          paidChfMinor: running.paidChf,
          paidShare:
            running.issued === 0 ? null : Math.round((running.paid / running.issued) * 1000) / 10,
        });
      }
    });
    return { rows: result, notes: chf.notes() };
  },
};

/** A running CHF total: once an amount had no rate, the total cannot be known. */
function addOrNull(total: number | null, amount: number | null): number | null {
  return total === null || amount === null ? null : total + amount;
}
