import { revenuePeriods, type TReportColumn, type TReportRow } from '@ops/contract/reports';
import { sql } from 'kysely';
import { chfConverter, rateNumber } from '../chf';
import type { ReportDefinition } from '../definition';
import { monthsBetween, yearOf } from '../periods';
import { currencyIs, factsAre, memberDimensions, toNumber, type SummaryFact } from '../summary';

/** The figures of the report: the summary fact each sums, its column and its label. */
const figures = [
  { fact: 'invoice-issued', key: 'invoiced', label: 'Invoiced' },
  { fact: 'money-payment', key: 'collected', label: 'Collected' },
  { fact: 'money-credit-note', key: 'credited', label: 'Credited' },
  { fact: 'money-write-off', key: 'writtenOff', label: 'Written off' },
  { fact: 'money-refund', key: 'refunded', label: 'Refunded' },
] as const satisfies readonly { fact: SummaryFact; key: string; label: string }[];

type Figure = (typeof figures)[number]['key'];
type Amounts = Record<Figure, number>;
type ChfAmounts = Record<Figure, number | null>;

const zero = (): Amounts => ({
  invoiced: 0,
  collected: 0,
  credited: 0,
  writtenOff: 0,
  refunded: 0,
});

const descriptions: Record<Figure, string> = {
  invoiced: 'Invoices issued in the period (by issue date), at their total',
  collected: 'Payments booked in the period, less reversed payments',
  credited: 'Credit notes booked in the period',
  writtenOff: 'Bank charges written off in the period, less reversals',
  refunded: 'Member credit refunded in the period, less reversals',
};

/**
 * Invoiced, collected, credited, written off and refunded per month or year and currency, from
 * the summary's money facts (movements by their booking day, a reversal against the kind it
 * reverses), with CHF equivalents. A month converts at its own month's rate (else the latest
 * earlier one); a year converts month by month and adds up, so a year is exactly the sum of
 * its months in CHF too. Every period of the range has a row for each currency with money in it.
 */
export const revenue: ReportDefinition = {
  name: 'revenue',
  period: { kind: 'range', defaultFrom: (to) => `${yearOf(to) - 1}-01-01` },
  hasMemberFilters: true,
  hasCurrencyFilter: true,
  groupings: { values: revenuePeriods, default: 'month' },
  maxPeriodDays: 50 * 366,
  columns(filters) {
    const period: TReportColumn =
      filters.by === 'year'
        ? { key: 'year', label: 'Year', type: 'integer' }
        : { key: 'month', label: 'Month', type: 'month' };
    const rate: TReportColumn[] =
      filters.by === 'year'
        ? []
        : [
            { key: 'rate', label: 'Rate (CHF per unit)', type: 'rate' },
            { key: 'rateMonth', label: 'Rate of', type: 'month' },
          ];
    return [
      period,
      { key: 'currency', label: 'Currency', type: 'currency' },
      ...figures.map(({ key, label }): TReportColumn => ({
        key: `${key}Minor`,
        label,
        type: 'money',
        currencyKey: 'currency',
        description: descriptions[key],
      })),
      ...figures.map(({ key, label }): TReportColumn => ({
        key: `${key}ChfMinor`,
        label: `${label} (CHF)`,
        type: 'money',
        description: `${label}: the CHF equivalent`,
      })),
      ...rate,
    ];
  },
  async run(db, filters, context) {
    const from = filters.from ?? filters.to;
    const { rows } = await sql<{ month: string; currency: string; fact: string; amount: string }>`
      SELECT to_char(rc.day, 'YYYY-MM') AS month, rc.currency, rc.fact,
             sum(rc.amount_minor) AS amount
        FROM report_counts rc
       WHERE ${factsAre(figures.map((figure) => figure.fact))}
         AND rc.day BETWEEN ${from}::date AND ${filters.to}::date
         ${memberDimensions(filters)}
         ${currencyIs(filters, 'rc.currency')}
       GROUP BY 1, 2, 3`.execute(db);

    const keyOf = new Map<string, Figure>(figures.map((figure) => [figure.fact, figure.key]));
    const byMonth = new Map<string, Amounts>(); // `${currency} ${month}`
    const currencies = new Set<string>();
    for (const row of rows) {
      const figure = keyOf.get(row.fact);
      if (!figure) continue;
      const amount = toNumber(row.amount);
      const key = `${row.currency} ${row.month}`;
      const amounts = byMonth.get(key) ?? zero();
      amounts[figure] += amount;
      byMonth.set(key, amounts);
      currencies.add(row.currency);
    }

    const chf = chfConverter(await context.chfRates());
    const months = monthsBetween(from, filters.to);
    const result: TReportRow[] = [];
    for (const currency of [...currencies].sort()) {
      const monthly = months.map((month) => {
        const amounts = byMonth.get(`${currency} ${month}`) ?? zero();
        // Each month at its own month's rate; a zero needs no rate (and asks for none).
        const day = `${month}-01`;
        const rate = chf.rateOf(currency, day);
        const inChf = {} as ChfAmounts;
        for (const { key } of figures) {
          inChf[key] =
            amounts[key] === 0 ? 0 : (chf.convert(amounts[key], currency, day)?.chfMinor ?? null);
        }
        return { month, amounts, inChf, rate };
      });
      if (filters.by === 'year') {
        for (const year of new Set(months.map((month) => Number(month.slice(0, 4))))) {
          const ofYear = monthly.filter((entry) => Number(entry.month.slice(0, 4)) === year);
          const amounts = zero();
          const inChf = { ...zero() } as ChfAmounts;
          for (const entry of ofYear) {
            for (const { key } of figures) {
              amounts[key] += entry.amounts[key];
              const month = entry.inChf[key];
              const total = inChf[key];
              inChf[key] = month === null || total === null ? null : total + month;
            }
          }
          result.push({ year, currency, ...money(amounts, inChf) });
        }
      } else {
        for (const { month, amounts, inChf, rate } of monthly) {
          result.push({
            month,
            currency,
            ...money(amounts, inChf),
            rate: rateNumber(rate),
            rateMonth: rate ? rate.rateMonth : null,
          });
        }
      }
    }
    return { rows: result, notes: chf.notes() };
  },
};

function money(amounts: Amounts, inChf: ChfAmounts): TReportRow {
  const row: TReportRow = {};
  for (const { key } of figures) row[`${key}Minor`] = amounts[key];
  for (const { key } of figures) row[`${key}ChfMinor`] = inChf[key];
  return row;
}
