import { regionLabels } from '@ops/contract/countries';
import { formatDate, formatMoney } from '@ops/contract/display-format';
import { certificateTypeLabels, labelOf, memberCategoryLabels } from '@ops/contract/labels';
import { ageingBucketLabels, type TReport, type TReportRow } from '@ops/contract/reports';
import type { ChartProps, ChartSeries } from '@/components/charts/chart';
import { drillDownHref } from './drill-down';
import { chfEquivalents } from '@/lib/chart-currency';
import { formatDayOfMonth, formatMonth, formatRoundedCount } from '@/lib/report-figures';
import { distinct, numberOf } from '@/lib/report-rows';
import { formatPercent, funnelStepLabels } from './report-format';

/**
 * Which picture each report draws, from the same rows as its table (issue 18):
 * - membership by region: stacked bars per year by group (the largest groups and "Other");
 * - growth: joins against leavers (and suspensions) per month, bars side by side;
 * - revenue: invoiced against collected per period, in one currency or in CHF equivalents;
 * - receivables ageing: the open balance per bucket, in one currency or in CHF equivalents;
 * - renewal progress: the paid share by day, this year against the two before, as lines;
 * - applications funnel: applications per step; certificates: stacked per year by type;
 * - e-mail delivery: sent, failed and retried per week;
 * - receivables by member: a table only (thousands of members make no picture).
 */

/** What the screen draws: the chart's props, and where each of its points leads. */
export type ReportChart = Omit<ChartProps, 'onSelect'> & {
  categoryHeader: string;
  /** The list behind a point, or undefined when the point has none ("Other", a share). */
  hrefOf: (point: { index: number; seriesKey: string }) => string | undefined;
};

export { chfEquivalents } from '@/lib/chart-currency';

/** How many groups a stacked chart shows before it folds the rest into "Other". */
const maxStackedGroups = 7;

/** The currencies of a money report's rows, in order, for the chart's currency switch. */
export function chartCurrenciesOf(report: TReport): string[] {
  if (report.name !== 'revenue' && report.name !== 'receivables-ageing') return [];
  return distinct(
    report.rows.flatMap((row) => (typeof row.currency === 'string' ? [row.currency] : [])),
  ).sort();
}

/**
 * The currency a money chart starts with: the only one, or the CHF equivalents that put several
 * on one axis.
 */
export function defaultChartCurrency(report: TReport): string {
  const currencies = chartCurrenciesOf(report);
  return currencies.length === 1 ? (currencies[0] ?? chfEquivalents) : chfEquivalents;
}

/** A table-like pivot: categories (rows) × series (columns) from the report's long rows. */
function pivot(
  rows: readonly TReportRow[],
  options: {
    categoryOf: (row: TReportRow) => string;
    seriesOf: (row: TReportRow) => string;
    valueOf: (row: TReportRow) => number | null;
  },
): { categories: string[]; seriesKeys: string[]; values: Map<string, number | null> } {
  const categories = distinct(rows.map(options.categoryOf));
  const seriesKeys = distinct(rows.map(options.seriesOf));
  const values = new Map<string, number | null>();
  for (const row of rows) {
    const key = `${options.categoryOf(row)}\u0000${options.seriesOf(row)}`;
    const value = options.valueOf(row);
    const before = values.get(key);
    values.set(key, value === null ? (before ?? null) : (before ?? 0) + value);
  }
  return { categories, seriesKeys, values };
}

function seriesFrom(
  categories: readonly string[],
  values: Map<string, number | null>,
  key: string,
  label: string,
): ChartSeries {
  return {
    key,
    label,
    values: categories.map((category) => values.get(`${category}\u0000${key}`) ?? null),
  };
}

/** A group's words in the membership chart (null: counted under none). */
function groupLabel(by: string, row: TReportRow): string {
  const code = row[by];
  if (code === null || code === undefined) return by === 'category' ? 'No category' : 'No country';
  if (by === 'region') return labelOf(regionLabels, String(code));
  if (by === 'category') return labelOf(memberCategoryLabels, String(code));
  return typeof row.countryName === 'string' ? row.countryName : String(code);
}

const groupKeyOf = (by: string) => (row: TReportRow) => String(row[by] ?? '(none)');

function membershipChart(report: TReport): ReportChart | null {
  const by = report.filters.by ?? 'region';
  const rows = report.rows;
  const years = distinct(rows.map((row) => String(row.year)));
  const lastYear = years.at(-1);
  // The largest groups in the last year get a colour each; the rest add up as "Other".
  const sizeOf = new Map<string, number>();
  for (const row of rows)
    if (String(row.year) === lastYear) sizeOf.set(groupKeyOf(by)(row), numberOf(row.members) ?? 0);
  const groups = distinct(rows.map(groupKeyOf(by)));
  const ranked = [...groups].sort((a, b) => (sizeOf.get(b) ?? 0) - (sizeOf.get(a) ?? 0));
  const shown = new Set(
    ranked.length > maxStackedGroups ? ranked.slice(0, maxStackedGroups - 1) : ranked,
  );
  const seriesKeyOf = (row: TReportRow) =>
    shown.has(groupKeyOf(by)(row)) ? groupKeyOf(by)(row) : 'other';
  const { values } = pivot(rows, {
    categoryOf: (row) => String(row.year),
    seriesOf: seriesKeyOf,
    valueOf: (row) => numberOf(row.members),
  });
  const labels = new Map(rows.map((row) => [groupKeyOf(by)(row), groupLabel(by, row)]));
  const series = groups
    .filter((group) => shown.has(group))
    .map((group) => seriesFrom(years, values, group, labels.get(group) ?? group));
  if (shown.size < groups.length) series.push(seriesFrom(years, values, 'other', 'Other'));
  return {
    title: report.title,
    kind: 'stacked-bar',
    categories: years,
    categoryHeader: 'Year',
    series,
    formatValue: formatRoundedCount,
    hrefOf: ({ index, seriesKey }) => {
      const row = rows.find(
        (candidate) =>
          String(candidate.year) === years[index] && groupKeyOf(by)(candidate) === seriesKey,
      );
      return row && seriesKey !== 'other' ? drillDownHref(report, row, 'members') : undefined;
    },
  };
}

/** Bars side by side of some columns of one row per category (growth, e-mails, funnel). */
function columnsChart(
  report: TReport,
  options: {
    categoryOf: (row: TReportRow) => string;
    categoryHeader: string;
    series: { key: string; label: string; valueOf: (row: TReportRow) => number | null }[];
  },
): ReportChart {
  const rows = report.rows;
  return {
    title: report.title,
    kind: 'bar',
    categories: rows.map(options.categoryOf),
    categoryHeader: options.categoryHeader,
    series: options.series.map(({ key, label, valueOf }) => ({
      key,
      label,
      values: rows.map(valueOf),
    })),
    formatValue: formatRoundedCount,
    hrefOf: ({ index, seriesKey }) => {
      const row = rows[index];
      return row ? drillDownHref(report, row, seriesKey) : undefined;
    },
  };
}

/** A money chart in one currency, or in the CHF equivalents of all (revenue, ageing). */
function moneyChart(
  report: TReport,
  currency: string,
  options: {
    kind: ChartProps['kind'];
    categoryOf: (row: TReportRow) => string;
    categoryLabel: (category: string) => string;
    categoryHeader: string;
    figures: { key: string; chfKey: string; label: string }[];
    /** The row the drill-down reads for a category (its period or bucket, and the currency). */
    rowOf: (category: string, currency: string | null) => TReportRow;
  },
): ReportChart {
  const isChf = currency === chfEquivalents;
  const rows = isChf ? report.rows : report.rows.filter((row) => row.currency === currency);
  const categories = distinct(rows.map(options.categoryOf));
  const series = options.figures.map(({ key, chfKey, label }) => {
    const { values } = pivot(rows, {
      categoryOf: options.categoryOf,
      seriesOf: () => key,
      valueOf: (row) => numberOf(row[isChf ? chfKey : key]),
    });
    return seriesFrom(categories, values, key, label);
  });
  const shownCurrency = isChf ? 'CHF' : currency;
  return {
    title: isChf ? `${report.title} (CHF equivalents)` : `${report.title} (${currency})`,
    kind: options.kind,
    categories: categories.map(options.categoryLabel),
    categoryHeader: options.categoryHeader,
    series,
    formatValue: (value) => formatMoney(Math.round(value), shownCurrency),
    hrefOf: ({ index, seriesKey }) => {
      const category = categories[index];
      if (category === undefined) return undefined;
      return drillDownHref(report, options.rowOf(category, isChf ? null : currency), seriesKey);
    },
  };
}

function renewalChart(report: TReport): ReportChart | null {
  const rows = report.rows;
  const years = distinct(rows.map((row) => Number(row.year))).sort((a, b) => a - b);
  const lastYear = years.at(-1);
  if (lastYear === undefined) return null;
  // The days of the last year are the axis; the years before are read on the same calendar day.
  const monthDays = rows
    .filter((row) => Number(row.year) === lastYear)
    .map((row) => String(row.day).slice(5));
  const byDay = new Map(
    rows.map((row) => [`${String(row.year)} ${String(row.day).slice(5)}`, row]),
  );
  return {
    title: report.title,
    kind: 'line',
    categories: monthDays.map(formatDayOfMonth),
    categoryHeader: 'Day',
    series: years.map((year) => ({
      key: String(year),
      label: String(year),
      values: monthDays.map((monthDay) => numberOf(byDay.get(`${year} ${monthDay}`)?.paidShare)),
    })),
    formatValue: formatPercent,
    hrefOf: ({ index, seriesKey }) => {
      const row = byDay.get(`${seriesKey} ${monthDays[index] ?? ''}`);
      return row ? drillDownHref(report, row, 'paid') : undefined;
    },
  };
}

/** The chart of a report, or null for a report shown as a table only. */
export function reportChartOf(report: TReport, chartCurrency: string): ReportChart | null {
  if (report.rows.length === 0) return null;
  switch (report.name) {
    case 'membership-by-region':
      return membershipChart(report);
    case 'growth':
      return columnsChart(report, {
        categoryOf: (row) => formatMonth(String(row.month)),
        categoryHeader: 'Month',
        series: [
          { key: 'joins', label: 'Joined', valueOf: (row) => numberOf(row.joins) },
          {
            key: 'leavers',
            label: 'Resigned or terminated',
            valueOf: (row) => (numberOf(row.resignations) ?? 0) + (numberOf(row.terminations) ?? 0),
          },
          { key: 'suspensions', label: 'Suspended', valueOf: (row) => numberOf(row.suspensions) },
        ],
      });
    case 'revenue': {
      const isYearly = report.filters.by === 'year';
      const periodKey = isYearly ? 'year' : 'month';
      return moneyChart(report, chartCurrency, {
        kind: 'bar',
        categoryOf: (row) => String(row[periodKey]),
        categoryLabel: (period) => (isYearly ? period : formatMonth(period)),
        categoryHeader: isYearly ? 'Year' : 'Month',
        figures: [
          { key: 'invoicedMinor', chfKey: 'invoicedChfMinor', label: 'Invoiced' },
          { key: 'collectedMinor', chfKey: 'collectedChfMinor', label: 'Collected' },
        ],
        rowOf: (period, currency) => ({
          [periodKey]: isYearly ? Number(period) : period,
          currency,
        }),
      });
    }
    case 'receivables-ageing':
      return moneyChart(report, chartCurrency, {
        kind: 'bar',
        categoryOf: (row) => String(row.bucket),
        categoryLabel: (bucket) => labelOf(ageingBucketLabels, bucket),
        categoryHeader: 'Days past due',
        figures: [{ key: 'amountMinor', chfKey: 'chfMinor', label: 'Open balance' }],
        rowOf: (bucket, currency) => ({ bucket, currency }),
      });
    case 'renewal-progress':
      return renewalChart(report);
    case 'applications-funnel':
      return columnsChart(report, {
        categoryOf: (row) => labelOf(funnelStepLabels, String(row.step)),
        categoryHeader: 'Step',
        series: [
          {
            key: 'applications',
            label: 'Applications',
            valueOf: (row) => numberOf(row.applications),
          },
        ],
      });
    case 'certificates': {
      const rows = report.rows;
      const years = distinct(rows.map((row) => String(row.year)));
      const types = distinct(rows.map((row) => String(row.type)));
      const { values } = pivot(rows, {
        categoryOf: (row) => String(row.year),
        seriesOf: (row) => String(row.type),
        valueOf: (row) => numberOf(row.issued),
      });
      return {
        title: report.title,
        kind: 'stacked-bar',
        categories: years,
        categoryHeader: 'Year',
        series: types.map((type) =>
          seriesFrom(years, values, type, labelOf(certificateTypeLabels, type)),
        ),
        formatValue: formatRoundedCount,
        hrefOf: ({ index, seriesKey }) => {
          const row = rows.find(
            (candidate) => String(candidate.year) === years[index] && candidate.type === seriesKey,
          );
          return row ? drillDownHref(report, row, 'issued') : undefined;
        },
      };
    }
    case 'email-delivery':
      return columnsChart(report, {
        categoryOf: (row) => formatDate(String(row.week)),
        categoryHeader: 'Week of',
        series: [
          { key: 'sent', label: 'Sent', valueOf: (row) => numberOf(row.sent) },
          { key: 'failed', label: 'Failed', valueOf: (row) => numberOf(row.failed) },
          { key: 'retried', label: 'Retried', valueOf: (row) => numberOf(row.retried) },
        ],
      });
    case 'receivables-by-member':
      return null;
  }
}
