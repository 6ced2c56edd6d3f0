import { regionLabels } from '@ops/contract/countries';
import { regions } from '@ops/contract/enumerations';
import { formatCount, formatDate, formatMoney } from '@ops/contract/display-format';
import { labelOf } from '@ops/contract/labels';
import {
  ageingBucketLabels,
  ageingBuckets,
  type TReport,
  type TReportRow,
} from '@ops/contract/reports';
import { reportDrillDown, type TDrillDownRow } from '@ops/contract/drill-downs';
import type { ChartProps } from '@/components/charts/chart';
import { hrefOfDrillDown } from '@/lib/drill-down-href';
import { chfEquivalents } from '@/lib/chart-currency';
import { formatDayOfMonth, formatMonth, formatRoundedCount } from '@/lib/report-figures';
import { distinct, numberOf } from '@/lib/report-rows';

/**
 * The figures of the home screen's trends (issue 18): from a report's rows, the headline with its
 * change ("32,902 members", "+1.8% on the end of 2025") and the small chart with its drill-down.
 * Pure functions of the report, so that each figure can be checked against the API's rows: the
 * figure is always read from the same rows the chart and its table show. The drill-downs are
 * the report screens' own (the contract's `reportDrillDown`), so a bar opens the same list from
 * either screen.
 */

/** A change against a point of comparison, or why there is none. */
export type TrendChange =
  /** Relative, in per cent of the earlier figure (one decimal). */
  | { kind: 'percent'; value: number }
  /** The difference of two percentages, in points (one decimal). */
  | { kind: 'points'; value: number }
  /** `missing`: no figure to compare with; `no-base`: it was zero, so no ratio exists. */
  | { kind: 'none'; reason: 'missing' | 'no-base' };

export type TrendDirection = 'up' | 'down' | 'flat' | 'none';

export type TrendFigure = {
  /** The headline, e.g. "32,902 members". */
  value: string;
  /** What it is compared with, in words: "+1.8% on the end of 2025". */
  change: string;
  /** Which way it went (an arrow beside the words, never the only sign). */
  direction: TrendDirection;
};

/** The chart of a trend with the list behind each of its points. */
export type TrendChart = Omit<ChartProps, 'onSelect' | 'height'> & {
  categoryHeader: string;
  /** The records behind a point (a list URL), or undefined when it has none. */
  hrefOf?: (point: { index: number; seriesKey: string }) => string | undefined;
};

export type Trend = {
  figure: TrendFigure;
  /** Null when there is nothing to draw (no rows). */
  chart: TrendChart | null;
};

export { chfEquivalents } from '@/lib/chart-currency';

const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A number rounded to one decimal, without the binary noise of 61.2 − 57.8. */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** 61.2 → "61.2%". */
export function formatShare(value: number): string {
  return `${oneDecimal.format(roundToTenth(value))}%`;
}

/** "+1,204", "-35", "0": a change in a count, its sign always written. */
export function formatSignedCount(value: number): string {
  if (value > 0) return `+${formatCount(value)}`;
  if (value < 0) return `-${formatCount(-value)}`;
  return '0';
}

function signedDecimal(value: number): string {
  const rounded = roundToTenth(value);
  const text = oneDecimal.format(Math.abs(rounded));
  return rounded > 0 ? `+${text}` : rounded < 0 ? `-${text}` : text;
}

/** The relative change from `before` to `now` (null: no earlier figure). */
export function relativeChange(now: number, before: number | null): TrendChange {
  if (before === null) return { kind: 'none', reason: 'missing' };
  if (before === 0) return { kind: 'none', reason: 'no-base' };
  return { kind: 'percent', value: roundToTenth(((now - before) / Math.abs(before)) * 100) };
}

/** The change of a share in points (null: no earlier share). */
export function pointsChange(now: number, before: number | null): TrendChange {
  if (before === null) return { kind: 'none', reason: 'missing' };
  return { kind: 'points', value: roundToTenth(now - before) };
}

export function directionOf(change: TrendChange): TrendDirection {
  if (change.kind === 'none') return 'none';
  return change.value > 0 ? 'up' : change.value < 0 ? 'down' : 'flat';
}

/** "+1.8% on the end of 2025", "-3.4 points on 24 Nov 2025", "No change on …". */
export function describeChange(
  change: Exclude<TrendChange, { kind: 'none' }>,
  against: string,
): string {
  if (change.value === 0) return `No change on ${against}`;
  return change.kind === 'percent'
    ? `${signedDecimal(change.value)}% on ${against}`
    : `${signedDecimal(change.value)} points on ${against}`;
}

/** The sum of some rows' cells, or null as soon as one of them is unknown (a missing rate). */
function sumOrNull(rows: readonly TReportRow[], key: string): number | null {
  let total = 0;
  for (const row of rows) {
    const value = numberOf(row[key]);
    if (value === null) return null;
    total += value;
  }
  return total;
}

export { addDays, dueDatesOfBucket } from '@ops/contract/drill-downs';

/** The URL of the records behind a report's (row, column), as the report screen opens them. */
function drillDownHref(report: TReport, row: TDrillDownRow, columnKey: string) {
  const target = reportDrillDown(report, row, columnKey);
  return target ? hrefOfDrillDown(target) : undefined;
}

const noRegion = '(none)';

/**
 * Active members by region, at the end of each of the last five years (today for this one):
 * the members now, against the end of last year.
 */
export function membershipTrend(report: TReport): Trend {
  const rows = report.rows;
  const years = distinct(rows.flatMap((row) => numberOf(row.year) ?? [])).sort((a, b) => a - b);
  const lastYear = years.at(-1);
  if (lastYear === undefined) {
    return {
      figure: { value: '0 members', change: 'No members counted yet', direction: 'none' },
      chart: null,
    };
  }
  const membersIn = (year: number) =>
    rows
      .filter((row) => row.year === year)
      .reduce((total, row) => total + (numberOf(row.members) ?? 0), 0);
  const now = membersIn(lastYear);
  const before = years.includes(lastYear - 1) ? membersIn(lastYear - 1) : null;
  const change = relativeChange(now, before);
  const endOfLastYear = `the end of ${lastYear - 1}`;
  const figure: TrendFigure = {
    value: `${formatCount(now)} ${now === 1 ? 'member' : 'members'}`,
    change:
      change.kind !== 'none'
        ? describeChange(change, endOfLastYear)
        : change.reason === 'missing'
          ? `No count for ${endOfLastYear}`
          : `None at ${endOfLastYear} to compare with`,
    direction: directionOf(change),
  };

  const groupOf = (row: TReportRow) => (typeof row.region === 'string' ? row.region : noRegion);
  // The regions in their usual order, then whatever else the rows name (no country last).
  const present = distinct(rows.map(groupOf));
  const known: readonly string[] = regions;
  const groups = [
    ...known.filter((region) => present.includes(region)),
    ...present.filter((group) => !known.includes(group)).sort(),
  ];
  const cell = new Map(rows.map((row) => [`${String(row.year)} ${groupOf(row)}`, row]));
  const categories = years.map(String);
  return {
    figure,
    chart: {
      title: `Active members by region, ${years[0] ?? lastYear}–${lastYear}`,
      kind: 'stacked-bar',
      categories,
      categoryHeader: 'End of year',
      series: groups.map((group) => ({
        key: group,
        label: group === noRegion ? 'No country' : labelOf(regionLabels, group),
        values: years.map((year) => numberOf(cell.get(`${year} ${group}`)?.members)),
      })),
      formatValue: formatRoundedCount,
      hrefOf: ({ index, seriesKey }) => {
        // Counted under no region: the members without a country.
        const row = cell.get(`${categories[index] ?? ''} ${seriesKey}`);
        return row ? drillDownHref(report, row, 'members') : undefined;
      },
    },
  };
}

/**
 * Joins against leavers (resigned or terminated) per month over twelve months: the net change
 * of the twelve months, and this month's.
 */
export function growthTrend(report: TReport): Trend {
  const rows = [...report.rows]
    .filter((row) => typeof row.month === 'string')
    .sort((a, b) => String(a.month).localeCompare(String(b.month)));
  const leaversOf = (row: TReportRow) =>
    (numberOf(row.resignations) ?? 0) + (numberOf(row.terminations) ?? 0);
  const netOf = (row: TReportRow) => (numberOf(row.joins) ?? 0) - leaversOf(row);
  const net = rows.reduce((total, row) => total + netOf(row), 0);
  const thisMonth = report.filters.to.slice(0, 7);
  const current = rows.find((row) => row.month === thisMonth);
  const months = rows.length;
  const figure: TrendFigure = {
    value: `${formatSignedCount(net)} net in ${months} ${months === 1 ? 'month' : 'months'}`,
    change: current
      ? `${formatSignedCount(netOf(current))} in ${formatMonth(thisMonth)} so far`
      : `No figures for ${formatMonth(thisMonth)} yet`,
    direction: net > 0 ? 'up' : net < 0 ? 'down' : 'flat',
  };
  if (rows.length === 0) return { figure, chart: null };
  const first = String(rows[0]?.month);
  const last = String(rows.at(-1)?.month);
  return {
    figure,
    chart: {
      title: `Members joined and left per month, ${formatMonth(first)}–${formatMonth(last)}`,
      kind: 'bar',
      categories: rows.map((row) => formatMonth(String(row.month))),
      categoryHeader: 'Month',
      series: [
        { key: 'joins', label: 'Joined', values: rows.map((row) => numberOf(row.joins)) },
        { key: 'leavers', label: 'Resigned or terminated', values: rows.map(leaversOf) },
      ],
      formatValue: formatRoundedCount,
      hrefOf: ({ index, seriesKey }) => {
        const month = rows[index]?.month;
        if (typeof month !== 'string') return undefined;
        return seriesKey === 'joins' || seriesKey === 'leavers'
          ? drillDownHref(report, { month }, seriesKey)
          : undefined;
      },
    },
  };
}

/** The currencies of a money report's rows, in order (the currency switch's choices). */
export function currenciesOf(report: TReport): string[] {
  return distinct(
    report.rows.flatMap((row) => (typeof row.currency === 'string' ? [row.currency] : [])),
  ).sort();
}

/** The rows a currency choice reads, the column of its amounts and the currency they are in. */
function moneyView(report: TReport, choice: string, nativeKey: string, chfKey: string) {
  const isChf = choice === chfEquivalents;
  return {
    rows: isChf ? report.rows : report.rows.filter((row) => row.currency === choice),
    key: isChf ? chfKey : nativeKey,
    currency: isChf ? 'CHF' : choice,
    /** The list's currency filter: none for the equivalents of every currency. */
    listCurrency: isChf ? undefined : choice,
    label: isChf ? 'CHF equivalents' : choice,
  };
}

const ratesMissing = 'Some exchange rates are missing: see the report';

/**
 * Invoiced against collected per month of this year, in one currency or in the CHF equivalents
 * of all: the share of the invoiced amount collected, with both amounts.
 */
export function revenueTrend(report: TReport, choice: string): Trend {
  const invoiced = moneyView(report, choice, 'invoicedMinor', 'invoicedChfMinor');
  const collected = moneyView(report, choice, 'collectedMinor', 'collectedChfMinor');
  const { rows, currency } = invoiced;
  const year = report.filters.to.slice(0, 4);
  const invoicedTotal = sumOrNull(rows, invoiced.key);
  const collectedTotal = sumOrNull(rows, collected.key);
  const money = (minor: number) => formatMoney(minor, currency);
  let figure: TrendFigure;
  if (invoicedTotal === null || collectedTotal === null) {
    figure = { value: 'CHF equivalents incomplete', change: ratesMissing, direction: 'none' };
  } else if (invoicedTotal === 0) {
    figure = {
      value: `Nothing invoiced in ${year}`,
      change: `${money(collectedTotal)} collected`,
      direction: 'none',
    };
  } else {
    figure = {
      value: `${formatShare((collectedTotal / invoicedTotal) * 100)} collected`,
      change: `${money(collectedTotal)} of ${money(invoicedTotal)} invoiced in ${year}`,
      direction: 'none',
    };
  }
  const months = distinct(
    rows.flatMap((row) => (typeof row.month === 'string' ? [row.month] : [])),
  ).sort();
  if (months.length === 0) return { figure, chart: null };
  const monthly = (key: string) =>
    months.map((month) =>
      sumOrNull(
        rows.filter((row) => row.month === month),
        key,
      ),
    );
  return {
    figure,
    chart: {
      title: `Invoiced and collected per month, ${year} (${invoiced.label})`,
      kind: 'bar',
      categories: months.map(formatMonth),
      categoryHeader: 'Month',
      series: [
        { key: 'invoiced', label: 'Invoiced', values: monthly(invoiced.key) },
        { key: 'collected', label: 'Collected', values: monthly(collected.key) },
      ],
      formatValue: (value) => formatMoney(Math.round(value), currency),
      hrefOf: ({ index, seriesKey }) => {
        const month = months[index];
        if (month === undefined) return undefined;
        // The month's figures of one currency, or of all (the CHF equivalents).
        const row = { month, currency: invoiced.listCurrency ?? null };
        if (seriesKey === 'invoiced') return drillDownHref(report, row, 'invoicedMinor');
        if (seriesKey === 'collected') return drillDownHref(report, row, 'collectedMinor');
        return undefined;
      },
    },
  };
}

/**
 * The open balances by days past due, in one currency or in CHF equivalents: the total open and
 * the share of it more than 90 days past due.
 */
export function ageingTrend(report: TReport, choice: string): Trend {
  const view = moneyView(report, choice, 'amountMinor', 'chfMinor');
  const byBucket = ageingBuckets.map((bucket) =>
    sumOrNull(
      view.rows.filter((row) => row.bucket === bucket),
      view.key,
    ),
  );
  const total = byBucket.some((value) => value === null)
    ? null
    : byBucket.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const overNinety = byBucket[ageingBuckets.indexOf('90+')] ?? null;
  const money = (minor: number) => formatMoney(minor, view.currency);
  let figure: TrendFigure;
  if (total === null || overNinety === null) {
    figure = { value: 'CHF equivalents incomplete', change: ratesMissing, direction: 'none' };
  } else if (total === 0) {
    figure = {
      value: `${money(0)} open`,
      change: 'No invoice has a balance open',
      direction: 'none',
    };
  } else {
    figure = {
      value: `${money(total)} open`,
      change: `${formatShare((overNinety / total) * 100)} over 90 days past due (${money(overNinety)})`,
      direction: 'none',
    };
  }
  if (view.rows.length === 0) return { figure, chart: null };
  return {
    figure,
    chart: {
      title: `Open balances by days past due (${view.label})`,
      kind: 'bar',
      categories: ageingBuckets.map((bucket) => ageingBucketLabels[bucket]),
      categoryHeader: 'Days past due',
      series: [{ key: 'amount', label: 'Open balance', values: byBucket }],
      formatValue: (value) => formatMoney(Math.round(value), view.currency),
      hrefOf: ({ index }) => {
        const bucket = ageingBuckets[index];
        if (bucket === undefined) return undefined;
        // The bucket's invoices of one currency, or of all (the CHF equivalents).
        return drillDownHref(
          report,
          { bucket, currency: view.listCurrency ?? null },
          'amountMinor',
        );
      },
    },
  };
}

/** The renewal lines keep one point a week (and the last day): a small chart needs no more. */
const renewalSampleDays = 7;

/**
 * This year's renewal invoices paid, as a share of those issued so far, against last year on
 * the same calendar day: the share today and its change in points.
 */
export function renewalTrend(report: TReport): Trend {
  const rows = report.rows.filter(
    (row) => numberOf(row.year) !== null && typeof row.day === 'string',
  );
  const years = distinct(rows.map((row) => Number(row.year))).sort((a, b) => a - b);
  const thisYear = years.at(-1) ?? Number(report.filters.to.slice(0, 4));
  const lastYear = thisYear - 1;
  const daysOf = (year: number) =>
    rows
      .filter((row) => row.year === year)
      .sort((a, b) => String(a.day).localeCompare(String(b.day)));
  const thisYearDays = daysOf(thisYear);
  const lastYearDays = daysOf(lastYear);
  const today = thisYearDays.at(-1);
  const sameDayLastYear = lastYearDays.at(-1);
  const shareNow = numberOf(today?.paidShare);
  const shareBefore = numberOf(sameDayLastYear?.paidShare);
  const against =
    typeof sameDayLastYear?.day === 'string'
      ? formatDate(sameDayLastYear.day)
      : `the same day of ${lastYear}`;
  let figure: TrendFigure;
  if (shareNow === null) {
    figure = {
      value: `No renewal invoices for ${thisYear} yet`,
      change: shareBefore === null ? '' : `${formatShare(shareBefore)} paid on ${against}`,
      direction: 'none',
    };
  } else {
    const change = pointsChange(shareNow, shareBefore);
    figure = {
      value: `${formatShare(shareNow)} paid`,
      change:
        change.kind === 'none'
          ? `No renewal invoices on ${against} to compare with`
          : describeChange(change, against),
      direction: directionOf(change),
    };
  }
  if (thisYearDays.length === 0) return { figure, chart: null };

  // This year's days are the axis; last year is read on the same calendar day (MM-DD).
  const sampled = thisYearDays.filter(
    (_, index) => index % renewalSampleDays === 0 || index === thisYearDays.length - 1,
  );
  const lastYearByDay = new Map(lastYearDays.map((row) => [String(row.day).slice(5), row]));
  const seriesYears = lastYearDays.length > 0 ? [thisYear, lastYear] : [thisYear];
  return {
    figure,
    chart: {
      title: `Renewal invoices paid, ${thisYear} against ${lastYear}`,
      kind: 'line',
      categories: sampled.map((row) => formatDayOfMonth(String(row.day))),
      categoryHeader: 'Day',
      series: seriesYears.map((year) => ({
        key: String(year),
        label: `${year}, share paid`,
        values: sampled.map((row) =>
          numberOf(
            year === thisYear
              ? row.paidShare
              : lastYearByDay.get(String(row.day).slice(5))?.paidShare,
          ),
        ),
      })),
      formatValue: formatShare,
    },
  };
}
