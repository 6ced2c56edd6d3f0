import {
  isFinanceReport,
  membershipGroupings,
  reportNames,
  reportTitles,
  revenuePeriods,
  type TReportName,
} from '@ops/contract/reports';

/** The index's groups, in the order of the screen (issue 18's list of reports). */
export const reportGroups: readonly { title: string; names: readonly TReportName[] }[] = [
  {
    title: 'Membership',
    names: ['membership-by-region', 'growth', 'applications-funnel', 'certificates'],
  },
  {
    title: 'Finance',
    names: ['revenue', 'receivables-ageing', 'receivables-by-member', 'renewal-progress'],
  },
  { title: 'Operations', names: ['email-delivery'] },
];

export function isReportName(name: string): name is TReportName {
  return (reportNames as readonly string[]).includes(name);
}

/**
 * Which filters a report's screen offers. The server applies the same (its report definitions)
 * and lists any other it was given as ignored, which the screen shows too.
 * - `period`: `range` from … to; `until` only "to" (renewal progress: the year of that day
 *   against the two before); `today` none (the receivables are as of today).
 */
export type ReportFilterSupport = {
  period: 'range' | 'until' | 'today';
  /** Region, country and member category (the member's, or the applicant's). */
  hasMemberFilters: boolean;
  hasCurrencyFilter: boolean;
  /** The `by` choice and its words. */
  by?: { label: string; options: readonly { value: string; label: string }[] };
};

const byGrouping = {
  label: 'Group by',
  options: membershipGroupings.map((value) => ({
    value,
    label: { region: 'Region', country: 'Country', category: 'Category' }[value],
  })),
};
const byPeriod = {
  label: 'Period',
  options: revenuePeriods.map((value) => ({
    value,
    label: { month: 'Month', year: 'Year' }[value],
  })),
};

export const reportFilterSupport: Record<TReportName, ReportFilterSupport> = {
  'membership-by-region': {
    period: 'range',
    hasMemberFilters: true,
    hasCurrencyFilter: false,
    by: byGrouping,
  },
  growth: { period: 'range', hasMemberFilters: true, hasCurrencyFilter: false },
  revenue: { period: 'range', hasMemberFilters: true, hasCurrencyFilter: true, by: byPeriod },
  'receivables-ageing': { period: 'today', hasMemberFilters: true, hasCurrencyFilter: true },
  'receivables-by-member': { period: 'today', hasMemberFilters: true, hasCurrencyFilter: true },
  'renewal-progress': { period: 'until', hasMemberFilters: true, hasCurrencyFilter: true },
  'applications-funnel': { period: 'range', hasMemberFilters: true, hasCurrencyFilter: false },
  certificates: { period: 'range', hasMemberFilters: true, hasCurrencyFilter: false },
  'email-delivery': { period: 'range', hasMemberFilters: false, hasCurrencyFilter: false },
};

/** A report's title and one-line description (the contract's, shared with the API and files). */
export function reportTitleOf(name: TReportName) {
  return reportTitles[name];
}

export { isFinanceReport };
