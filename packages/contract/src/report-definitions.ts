/**
 * The reports declared once (issue 33), zod-free so that the browser imports them: each report's
 * name, the filters it applies with the values its `by` takes, and the ageing buckets. The
 * server applies exactly these filters and lists any other it is given as ignored
 * (`apps/server/src/reports/run-report.ts`); the report screen offers exactly these; the schemas
 * of `reports.ts` are built from the same lists. Where a figure drills down to is in
 * `report-drill-downs.ts`.
 */

export const reportNames = [
  'membership-by-region',
  'growth',
  'revenue',
  'receivables-ageing',
  'receivables-by-member',
  'renewal-progress',
  'applications-funnel',
  'certificates',
  'email-delivery',
] as const;
export type TReportName = (typeof reportNames)[number];

export function isReportName(name: string): name is TReportName {
  return (reportNames as readonly string[]).includes(name);
}

/** Money figures: only operators with the finance or admin role may read these reports. */
export const financeReportNames = [
  'revenue',
  'receivables-ageing',
  'receivables-by-member',
  'renewal-progress',
] as const satisfies readonly TReportName[];

export function isFinanceReport(name: TReportName): boolean {
  return (financeReportNames as readonly string[]).includes(name);
}

/** The receivables ageing buckets, by days past the due date (today at headquarters). */
export const ageingBuckets = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type TAgeingBucket = (typeof ageingBuckets)[number];
export const ageingBucketLabels: Record<TAgeingBucket, string> = {
  current: 'Not yet due',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': 'Over 90 days',
};

/** The receivables by member: the column of each ageing bucket's open balance. */
export const receivablesByMemberBucketColumns = {
  current: 'currentMinor',
  '1-30': 'days1To30Minor',
  '31-60': 'days31To60Minor',
  '61-90': 'days61To90Minor',
  '90+': 'over90Minor',
} as const satisfies Record<TAgeingBucket, string>;

/** How the membership report groups its members. */
export const membershipGroupings = ['region', 'country', 'category'] as const;
/** How the revenue report buckets time. */
export const revenuePeriods = ['month', 'year'] as const;

/**
 * Every filter a report may take, as the API's query and the report screen's URL name them
 * (`/reports/revenue?from=2026-01-01&currency=CHF,EUR&by=month`). Lists are comma-separated.
 */
export const reportFilterNames = [
  'from',
  'to',
  'region',
  'country',
  'category',
  'currency',
  'by',
] as const;
export type TReportFilterName = (typeof reportFilterNames)[number];

/** The member filters: the member's region, country and category (or the applicant's). */
export const reportMemberFilterNames = [
  'region',
  'country',
  'category',
] as const satisfies readonly TReportFilterName[];

/**
 * What a report's period is:
 * - `range`: from … to, with the report's own default start (to defaults to today);
 * - `until`: only `to` counts (the renewal progress compares the year of `to` with the two
 *   before, each up to the same calendar day);
 * - `today`: as of today at headquarters, neither applies (the receivables).
 */
export type TReportPeriodKind = 'range' | 'until' | 'today';

/** A report's `by` choice: its values, the one used when none is given, and their words. */
export type TReportGrouping = {
  /** The choice's label on the screen. */
  label: string;
  values: readonly string[];
  default: string;
  labels: Readonly<Record<string, string>>;
};

/** The filters one report applies. */
export type TReportFilterDefinition = {
  period: TReportPeriodKind;
  /** Region, country and member category apply (the member's, or the applicant's). */
  hasMemberFilters: boolean;
  /** The currency filter applies. */
  hasCurrencyFilter: boolean;
  /** `by`: the groupings the report offers and the one it uses by default. */
  by?: TReportGrouping;
};

const byGrouping = {
  label: 'Group by',
  values: membershipGroupings,
  default: 'region',
  labels: { region: 'Region', country: 'Country', category: 'Category' },
} as const satisfies TReportGrouping;

const byPeriod = {
  label: 'Period',
  values: revenuePeriods,
  default: 'month',
  labels: { month: 'Month', year: 'Year' },
} as const satisfies TReportGrouping;

/** Which filters each report applies: the server's and the screen's one table. */
export const reportFilterDefinitions = {
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
} as const satisfies Record<TReportName, TReportFilterDefinition>;

/** The kind of period of a report, as a type (the server's definitions are typed by it). */
export type TReportPeriodOf<Name extends TReportName> =
  (typeof reportFilterDefinitions)[Name]['period'];

/** A report's filter definition, widened for code that handles every report alike. */
export function reportFilterDefinition(name: TReportName): TReportFilterDefinition {
  return reportFilterDefinitions[name];
}

/** Whether a report applies a filter; one it does not is listed as ignored, not refused. */
export function reportAppliesFilter(name: TReportName, filter: TReportFilterName): boolean {
  const definition = reportFilterDefinition(name);
  switch (filter) {
    case 'from':
      return definition.period === 'range';
    case 'to':
      return definition.period !== 'today';
    case 'region':
    case 'country':
    case 'category':
      return definition.hasMemberFilters;
    case 'currency':
      return definition.hasCurrencyFilter;
    case 'by':
      return definition.by !== undefined;
  }
}

// --- The API's URL ---------------------------------------------------------------------------

/** The one route of every report (`GET /api/reports/{name}`, the filters as its query). */
export const reportsApiRoute = '/api/reports/:name';

/** What the route answers: JSON (the default), or the same table as a CSV or XLSX file. */
export const reportFormats = ['json', 'csv', 'xlsx'] as const;
export type TReportFormat = (typeof reportFormats)[number];

/** A report's filters as a URL carries them, each a string (lists comma-separated). */
export type TReportFilterValues = Partial<Record<TReportFilterName, string>>;

/**
 * `from=…&region=europe,americas`: the filters in `reportFilterNames` order (equal filters give
 * equal URLs), commas kept readable, each value encoded; empty ones left out.
 */
export function formatReportQuery(filters: TReportFilterValues): string {
  return reportFilterNames
    .flatMap((name) => {
      const value = filters[name];
      if (!value) return [];
      const encoded = value
        .split(',')
        .map((part) => encodeURIComponent(part.trim()))
        .join(',');
      return [`${name}=${encoded}`];
    })
    .join('&');
}

/** The API's URL of a report with its filters: JSON, or a file with `format`. */
export function reportApiPath(
  name: TReportName,
  filters: TReportFilterValues,
  format?: Exclude<TReportFormat, 'json'>,
): string {
  const query = [formatReportQuery(filters), format ? `format=${format}` : '']
    .filter(Boolean)
    .join('&');
  const path = reportsApiRoute.replace(':name', encodeURIComponent(name));
  return query ? `${path}?${query}` : path;
}
