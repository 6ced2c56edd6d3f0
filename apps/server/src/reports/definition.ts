import type { TReportColumn, TReportFilters, TReportName, TReportRow } from '@ops/contract/reports';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ChfRates } from '../exchange-rates';

/**
 * What a report's period is:
 * - `range`: from … to, with the report's own default start (to defaults to today);
 * - `until`: only `to` counts (the renewal progress compares the year of `to` with the two
 *   before, each up to the same calendar day);
 * - `today`: as of today at headquarters, neither applies (the receivables).
 */
export type ReportPeriod =
  { kind: 'range'; defaultFrom: (to: string) => string } | { kind: 'until' } | { kind: 'today' };

/** The filters as a report runs with them: defaults resolved, the ignored ones emptied. */
export type ResolvedReportFilters = {
  /** Null unless the period is a range. */
  from: string | null;
  to: string;
  region: NonNullable<TReportFilters['region']>;
  country: string[];
  category: NonNullable<TReportFilters['category']>;
  currency: NonNullable<TReportFilters['currency']>;
  by: string | null;
  /**
   * The countries the region and country filters leave together (ISO alpha-2); null when
   * neither is given. An empty list selects nothing.
   */
  countryCodes: string[] | null;
};

export type ReportContext = {
  /** Today at headquarters (Europe/Zurich). */
  today: string;
  /** The CHF rates, read once per report and only by the reports that convert. */
  chfRates(): Promise<ChfRates>;
};

export type ReportResult = { rows: TReportRow[]; notes: string[] };

/**
 * One report of `GET /api/reports/{name}`: its columns, the filters it can apply, and how it
 * reads its rows. `run-report.ts` validates and resolves the filters, lists those it ignores
 * and wraps the rows in the contract's `ZReport`; the route writes JSON, CSV or XLSX from it.
 */
export type ReportDefinition = {
  name: TReportName;
  period: ReportPeriod;
  /** Region, country and member category apply (the member's, or the applicant's). */
  hasMemberFilters: boolean;
  /** The currency filter applies. */
  hasCurrencyFilter: boolean;
  /** `by`: the groupings the report offers and the one it uses by default. */
  groupings?: { values: readonly string[]; default: string };
  /** The longest period in days (a monthly table over a century would be 1,200 rows). */
  maxPeriodDays?: number;
  columns(filters: ResolvedReportFilters): TReportColumn[];
  /** Runs in one read-only transaction: every query of a report sees the same moment. */
  run(
    db: Kysely<Database>,
    filters: ResolvedReportFilters,
    context: ReportContext,
  ): Promise<ReportResult>;
};
