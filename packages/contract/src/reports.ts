import { z } from 'zod';
import { invoiceCurrencies, memberCategories, regions } from './enumerations';
import {
  membershipGroupings,
  reportFormats,
  reportNames,
  revenuePeriods,
  type TReportName,
} from './report-definitions';

/**
 * Reports (issue 18): one shape for every report. `GET /api/reports/{name}` with the filters as
 * query parameters answers `{ columns, rows, generatedAt, … }`, rows as objects keyed by column;
 * `?format=csv` and `?format=xlsx` give the same table as a file. The figures come from the
 * summary table `report_counts`, kept current by the writes (migration 0038), so a report never
 * scans the invoices or members.
 */

// The names, the filters each report applies and the ageing buckets are declared zod-free in
// `report-definitions.ts` (the browser reads them there); re-exported here unchanged.
export {
  ageingBucketLabels,
  ageingBuckets,
  financeReportNames,
  isFinanceReport,
  membershipGroupings,
  reportFormats,
  reportNames,
  revenuePeriods,
  type TAgeingBucket,
  type TReportName,
} from './report-definitions';

/**
 * What a column holds, so that the table, the chart, the CSV and the XLSX read it the same way:
 * `money` is an integer of minor units in the currency named by the row's `currencyKey` column
 * (CHF when the column has none); `month` is `YYYY-MM`, `week` the Monday `YYYY-MM-DD` of an ISO
 * week, `date` a day; `percent` a number from 0 to 100; `rate` CHF per unit of a currency.
 */
export const reportColumnTypes = [
  'text',
  'integer',
  'number',
  'percent',
  'money',
  'currency',
  'date',
  'month',
  'week',
  'rate',
] as const;
export type TReportColumnType = (typeof reportColumnTypes)[number];

export const ZReportColumn = z.object({
  key: z.string().describe("The rows' property"),
  label: z.string().describe('The header people read'),
  type: z.enum(reportColumnTypes),
  currencyKey: z
    .string()
    .optional()
    .describe('For money: the column naming the currency (absent: CHF)'),
  description: z.string().optional(),
});
export type TReportColumn = z.infer<typeof ZReportColumn>;

export const ZReportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TReportCell = z.infer<typeof ZReportCell>;
export type TReportRow = Record<string, TReportCell>;

const ZIsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
  .refine((value) => {
    // Date.parse rolls 2026-02-30 over to 2 March: the day must come back as written.
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
  }, 'Not a calendar date');

/** A comma-separated list in the query (`region=europe,americas`), each value checked. */
function commaList<T extends z.ZodType<string>>(item: T) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== '')
        : value,
    z.array(item).max(300),
  );
}

/** The filters every report takes (a report ignores those that do not apply to it, and says so). */
export const ZReportFilters = z.object({
  from: ZIsoDay.optional().describe('First day of the period (default: per report)'),
  to: ZIsoDay.optional().describe('Last day of the period (default: today at headquarters)'),
  region: commaList(z.enum(regions)).optional().describe('Regions, e.g. "europe,americas"'),
  country: commaList(z.string().regex(/^[A-Z]{2}$/, 'An ISO 3166 alpha-2 code, e.g. CH'))
    .optional()
    .describe('Countries (ISO alpha-2), e.g. "CH,DE"'),
  category: commaList(z.enum(memberCategories)).optional().describe('Member categories'),
  currency: commaList(z.enum(invoiceCurrencies)).optional().describe('Currencies, e.g. "CHF,EUR"'),
  by: z
    .enum([...membershipGroupings, ...revenuePeriods])
    .optional()
    .describe('membership-by-region: region | country | category; revenue: month | year'),
});
export type TReportFilters = z.infer<typeof ZReportFilters>;

export const ZReportQuery = ZReportFilters.extend({
  format: z.enum(reportFormats).optional().describe('json (default), csv or xlsx'),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

export const ZReportParams = z.object({ name: z.enum(reportNames) });

export const ZReport = z
  .object({
    name: z.enum(reportNames),
    title: z.string(),
    description: z.string(),
    columns: z.array(ZReportColumn),
    rows: z.array(z.record(z.string(), ZReportCell)),
    filters: z
      .object({
        from: z.string().nullable(),
        to: z.string(),
        region: z.array(z.string()),
        country: z.array(z.string()),
        category: z.array(z.string()),
        currency: z.array(z.string()),
        by: z.string().nullable(),
      })
      .describe('The filters applied, defaults resolved'),
    ignoredFilters: z
      .array(z.string())
      .describe('Filters given that this report cannot apply (e.g. region on e-mail delivery)'),
    notes: z.array(z.string()).describe('What a reader should know: missing rates, a cut-off'),
    generatedAt: z.string().describe('ISO time'),
    asOf: z
      .string()
      .describe('The time the figures are current to (ISO): the summary is kept by the writes'),
  })
  .describe('A report: its table, the chart reads the same rows');
export type TReport = z.infer<typeof ZReport>;

/** Titles and one-line descriptions, shared by the API, the screen and the files. */
export const reportTitles: Record<TReportName, { title: string; description: string }> = {
  'membership-by-region': {
    title: 'Members by region',
    description:
      'Members at the end of each year (today for this year): joined on or before that day and not resigned or terminated by then.',
  },
  growth: {
    title: 'Growth and churn',
    description: 'Joins, resignations, terminations and suspensions per month.',
  },
  revenue: {
    title: 'Revenue',
    description:
      'Invoiced, collected, credited and written off per period and currency, with the CHF equivalent.',
  },
  'receivables-ageing': {
    title: 'Receivables ageing',
    description:
      'Open balances of issued invoices by days past due (today at headquarters), per currency.',
  },
  'receivables-by-member': {
    title: 'Receivables by member',
    description: 'Open balances per member and currency by ageing bucket, with the oldest invoice.',
  },
  'renewal-progress': {
    title: 'Renewal progress',
    description:
      "Share of each year's membership renewal invoices paid, day by day, this year against the two previous years.",
  },
  'applications-funnel': {
    title: 'Applications funnel',
    description:
      'Applications submitted, endorsed, approved and rejected, with the median days each step took.',
  },
  certificates: {
    title: 'Certificates issued',
    description: 'Certificates issued per year and type.',
  },
  'email-delivery': {
    title: 'E-mail delivery',
    description: 'Delivery attempts per week: sent, failed and retried.',
  },
};
