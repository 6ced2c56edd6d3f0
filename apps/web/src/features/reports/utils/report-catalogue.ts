import {
  isReportName,
  reportFilterDefinitions,
  type TReportFilterDefinition,
} from '@ops/contract/report-definitions';
import {
  financeReportNames,
  isFinanceReport,
  reportNames,
  reportTitles,
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
    // The money reports, which only the finance and admin roles read.
    names: financeReportNames,
  },
  { title: 'Operations', names: ['email-delivery'] },
];

export { isReportName };

/**
 * Which filters a report's screen offers: the contract's table (`reportFilterDefinitions`), which
 * the server applies too, listing any other it was given as ignored (the screen shows those).
 * - `period`: `range` from … to; `until` only "to" (renewal progress: the year of that day
 *   against the two before); `today` none (the receivables are as of today).
 */
export type ReportFilterSupport = {
  period: TReportFilterDefinition['period'];
  /** Region, country and member category (the member's, or the applicant's). */
  hasMemberFilters: boolean;
  hasCurrencyFilter: boolean;
  /** The `by` choice, its words, and the one the server uses when none is given. */
  by?: { label: string; options: readonly { value: string; label: string }[]; default: string };
};

function supportOf({ by, ...filters }: TReportFilterDefinition): ReportFilterSupport {
  return {
    ...filters,
    ...(by
      ? {
          by: {
            label: by.label,
            options: by.values.map((value) => ({ value, label: by.labels[value] ?? value })),
            default: by.default,
          },
        }
      : {}),
  };
}

export const reportFilterSupport = Object.fromEntries(
  reportNames.map((name) => [name, supportOf(reportFilterDefinitions[name])]),
) as Record<TReportName, ReportFilterSupport>;

/** A report's title and one-line description (the contract's, shared with the API and files). */
export function reportTitleOf(name: TReportName) {
  return reportTitles[name];
}

export { isFinanceReport };
