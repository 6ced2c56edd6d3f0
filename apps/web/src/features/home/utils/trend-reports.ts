import {
  formatReportQuery,
  isFinanceReport,
  reportApiPath,
  type TReportFilterValues,
  type TReportName,
} from '@ops/contract/report-definitions';
import { paths } from '@/config/paths';

/**
 * The home screen's trends (issue 18): which report each draws and with which filters. Kept
 * apart from the figures and the charts, which load lazily with the Trends section: the home
 * route's own chunk needs only these few names to lay out the cards and their links.
 */

/** A report's filters as the API and the report screen's URL name them (`from=…&by=month`). */
export type TrendQuery = Pick<TReportFilterValues, 'from' | 'to' | 'by' | 'currency'>;

export type TrendId = 'membership' | 'growth' | 'revenue' | 'ageing' | 'renewal';

export type TrendReport = {
  id: TrendId;
  report: TReportName;
  /** The card's heading. */
  title: string;
  query: TrendQuery;
  /** Money figures: only operators with `reports.finance` request them (the contract's list). */
  isFinance: boolean;
  /** A currency switch above the chart (CHF equivalents, or one currency). */
  hasCurrencySwitch: boolean;
};

/**
 * The five trends in the order shown. The reports' own defaults give the periods (five years of
 * members, twelve months of growth, the renewal's years up to today); revenue is asked for this
 * year by month, its default being two years.
 */
export function trendReports(today: string): TrendReport[] {
  const trends: Omit<TrendReport, 'isFinance'>[] = [
    {
      id: 'membership',
      report: 'membership-by-region',
      title: 'Active members by region',
      query: {},
      hasCurrencySwitch: false,
    },
    {
      id: 'growth',
      report: 'growth',
      title: 'Joins and leavers',
      query: {},
      hasCurrencySwitch: false,
    },
    {
      id: 'revenue',
      report: 'revenue',
      title: 'Invoiced and collected this year',
      query: { by: 'month', from: `${today.slice(0, 4)}-01-01` },
      hasCurrencySwitch: true,
    },
    {
      id: 'ageing',
      report: 'receivables-ageing',
      title: 'Receivables ageing',
      query: {},
      hasCurrencySwitch: true,
    },
    {
      id: 'renewal',
      report: 'renewal-progress',
      title: 'Renewal progress',
      query: {},
      hasCurrencySwitch: false,
    },
  ];
  return trends.map((trend) => ({ ...trend, isFinance: isFinanceReport(trend.report) }));
}

/** The API's URL of a trend's report. */
export function trendApiPath(report: TReportName, query: TrendQuery): string {
  return reportApiPath(report, query);
}

/** The report screen with the same filters ("Open report"). */
export function reportScreenHref(report: TReportName, query: TrendQuery): string {
  const search = formatReportQuery(query);
  const path = paths.report.getHref({ name: report });
  return search ? `${path}?${search}` : path;
}
