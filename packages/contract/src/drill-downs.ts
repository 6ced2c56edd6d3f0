import type { AnyListDefinition, ListFilterField } from './list-definition';
import { filterSyntax } from './list-definition';
import type { activityList } from './lists/activity';
import type { applicationsList } from './lists/applications';
import type { certificatesList } from './lists/certificates';
import type { changeRequestsList } from './lists/change-requests';
import type { emailsList } from './lists/emails';
import type { invoicesList } from './lists/invoices';
import type { membersList } from './lists/members';
import {
  receivablesByMemberBucketColumns,
  type TAgeingBucket,
  type TReportName,
} from './report-definitions';

/**
 * Drill-down (issues 18 and 33): a figure of a report or of the start page opens the records
 * behind it, as a screen of the console with the list's filters (the lists read their filters
 * from the URL, `lists/*.ts`). Declared once here, zod-free: the report screen's cells and
 * charts, the start page's counts and trends all open the same lists; the browser turns a
 * drill-down into a URL with its `paths` (`apps/web/src/lib/drill-down-href.ts`). A list's query
 * may name only that list's filters (and `sort`): a filter renamed in a list definition fails
 * the build here.
 */

type QueryValue = string | boolean | readonly string[] | undefined;
type ListQueryOf<List extends AnyListDefinition> = {
  readonly [Name in ListFilterField<List> | 'sort']?: QueryValue;
};

export type TDrillDown =
  | { screen: 'members'; query: ListQueryOf<typeof membersList> }
  | { screen: 'invoices'; query: ListQueryOf<typeof invoicesList> }
  | { screen: 'applications'; query: ListQueryOf<typeof applicationsList> }
  | { screen: 'certificates'; query: ListQueryOf<typeof certificatesList> }
  | { screen: 'changeRequests'; query: ListQueryOf<typeof changeRequestsList> }
  | { screen: 'emails'; query: ListQueryOf<typeof emailsList> }
  | { screen: 'activity'; query: ListQueryOf<typeof activityList> }
  /** A member's record; `tab=ledger` opens its ledger (every invoice with its open balance). */
  | { screen: 'member'; params: { mid: string }; query?: { tab: 'ledger' } }
  | { screen: 'invoice'; params: { iid: string } }
  /** The unmatched bank payments queue. */
  | { screen: 'bankStatementsUnmatched' };
export type TDrillDownScreen = TDrillDown['screen'];

// --- Days ------------------------------------------------------------------------------------

/** A range filter's value, `from..to` (either end may be empty). */
export function dayRange(from: string, to: string): string {
  return `${from}${filterSyntax.range}${to}`;
}

/** An ISO day moved by `days` (calendar arithmetic in UTC: no time zone shifts a day). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first and last day of a month `YYYY-MM`. */
export function monthDays(month: string): { first: string; last: string } {
  const [year, monthNumber] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 0));
  return { first: `${month}-01`, last: last.toISOString().slice(0, 10) };
}

/** The due dates of an ageing bucket, from the report's today (days past due). */
export function dueDatesOfBucket(bucket: string, today: string): string | undefined {
  switch (bucket) {
    case 'current':
      return dayRange(today, '');
    case '1-30':
      return dayRange(addDays(today, -30), addDays(today, -1));
    case '31-60':
      return dayRange(addDays(today, -60), addDays(today, -31));
    case '61-90':
      return dayRange(addDays(today, -90), addDays(today, -61));
    case '90+':
      return dayRange('', addDays(today, -91));
    default:
      return undefined;
  }
}

// --- Reports ---------------------------------------------------------------------------------

/** What a report's drill-down reads: its name and its filters as applied (contract `ZReport`). */
export type TDrillDownReport = {
  name: TReportName;
  filters: {
    from: string | null;
    to: string;
    region: readonly string[];
    country: readonly string[];
    category: readonly string[];
    currency: readonly string[];
    by: string | null;
  };
};
export type TDrillDownRow = Readonly<Record<string, string | number | boolean | null>>;

/** The statuses whose invoices count as invoiced (drafts and voids do not; migration 0038). */
export const invoicedStatuses = ['issued', 'paid', 'credited', 'uncollectible'] as const;

/** A period cut to the report's own (its first month or week may start later than the month). */
function clip(report: TDrillDownReport, first: string, last: string): string {
  const from = report.filters.from && report.filters.from > first ? report.filters.from : first;
  const to = report.filters.to < last ? report.filters.to : last;
  return dayRange(from, to);
}

/** The days a row's period covers: a month, an ISO week (its Monday), a year. */
function periodOf(report: TDrillDownReport, row: TDrillDownRow): string | undefined {
  const month =
    row.month ??
    (typeof row.period === 'string' && /^\d{4}-\d{2}$/.test(row.period) ? row.period : null);
  if (typeof month === 'string') {
    const { first, last } = monthDays(month);
    return clip(report, first, last);
  }
  if (typeof row.week === 'string') return clip(report, row.week, addDays(row.week, 6));
  const year = row.year ?? row.period;
  if (typeof year === 'number' || (typeof year === 'string' && /^\d{4}$/.test(year)))
    return clip(report, `${year}-01-01`, `${year}-12-31`);
  return undefined;
}

/** The report's member filters, named as the members list names them. */
function memberFilters(report: TDrillDownReport) {
  return {
    region: report.filters.region,
    country: report.filters.country,
    category: report.filters.category,
  };
}

/** The report's member filters, named as the invoices list names them (the member's values). */
function invoiceMemberFilters(report: TDrillDownReport) {
  return {
    region: report.filters.region,
    memberCountry: report.filters.country,
    memberCategory: report.filters.category,
  };
}

/** A report's currency filter, unless the row names its own currency. */
function currencyFilter(report: TDrillDownReport, row: TDrillDownRow) {
  return { currency: typeof row.currency === 'string' ? row.currency : report.filters.currency };
}

/** The bucket of a receivables-by-member column. */
const bucketOfMemberColumn = new Map<string, TAgeingBucket>(
  Object.entries(receivablesByMemberBucketColumns).map(([bucket, column]) => [
    column,
    bucket as TAgeingBucket,
  ]),
);

type ListDrillDown<Screen extends TDrillDownScreen> = Extract<TDrillDown, { screen: Screen }>;
const list = <
  Screen extends 'members' | 'invoices' | 'applications' | 'certificates' | 'emails' | 'activity',
>(
  screen: Screen,
  query: ListDrillDown<Screen>['query'],
) => ({ screen, query }) as ListDrillDown<Screen>;

/**
 * The records behind a report's cell (row, column), or undefined when the figure has no list to
 * show (a median, a net change, a share). The report's own region, country and category
 * filters go along where the list has them, so the list shows the records the figure counts.
 * The start page's trends ask the same of rows they sum (a month, a bucket, a currency).
 */
export function reportDrillDown(
  report: TDrillDownReport,
  row: TDrillDownRow,
  columnKey: string,
): TDrillDown | undefined {
  const period = periodOf(report, row);
  switch (report.name) {
    case 'membership-by-region': {
      if (columnKey !== 'members' || typeof row.on !== 'string') return undefined;
      const by = report.filters.by ?? 'region';
      const group = row[by];
      const groupFilter =
        group === null || group === undefined
          ? // Counted under no region or country: the members without a country.
            by === 'category'
            ? { category: filterSyntax.empty }
            : { country: filterSyntax.empty, region: undefined }
          : { [by]: String(group) };
      return list('members', { ...memberFilters(report), ...groupFilter, memberOn: row.on });
    }
    case 'growth': {
      if (!period) return undefined;
      const members = (query: ListDrillDown<'members'>['query']) =>
        list('members', { ...memberFilters(report), ...query });
      switch (columnKey) {
        case 'joins':
          return members({ joinedOn: period });
        case 'resignations':
          return members({ status: 'resigned', terminatedOn: period });
        case 'terminations':
          return members({ status: 'terminated', terminatedOn: period });
        case 'leavers':
          return members({ status: ['resigned', 'terminated'], terminatedOn: period });
        case 'suspensions':
          // A suspension is an event, not a state: the status changes of the activity log.
          return list('activity', { recordType: 'members', action: 'status', at: period });
        default:
          return undefined;
      }
    }
    case 'revenue': {
      if (!period) return undefined;
      const invoices = (query: ListDrillDown<'invoices'>['query']) =>
        list('invoices', {
          ...invoiceMemberFilters(report),
          ...currencyFilter(report, row),
          ...query,
        });
      if (columnKey.startsWith('invoiced'))
        return invoices({ issueDate: period, status: invoicedStatuses });
      if (columnKey.startsWith('collected')) return invoices({ paidAt: period });
      return undefined;
    }
    case 'receivables-ageing': {
      if (columnKey !== 'amountMinor' && columnKey !== 'invoices' && !columnKey.endsWith('Chf'))
        return undefined;
      const dueDate =
        typeof row.bucket === 'string'
          ? dueDatesOfBucket(row.bucket, report.filters.to)
          : undefined;
      if (!dueDate) return undefined;
      return list('invoices', {
        status: 'issued',
        ...currencyFilter(report, row),
        dueDate,
        ...invoiceMemberFilters(report),
      });
    }
    case 'receivables-by-member': {
      const mid = row.mid;
      if (typeof mid !== 'string' || mid === '') return undefined;
      if (columnKey === 'memberNumber' || columnKey === 'memberName')
        // The member's ledger: every invoice with its open balance.
        return { screen: 'member', params: { mid }, query: { tab: 'ledger' } };
      if (columnKey === 'oldestInvoiceNumber')
        return typeof row.oldestIid === 'string'
          ? { screen: 'invoice', params: { iid: row.oldestIid } }
          : undefined;
      const bucket = bucketOfMemberColumn.get(columnKey);
      const dueDate = bucket ? dueDatesOfBucket(bucket, report.filters.to) : undefined;
      if (!dueDate && columnKey !== 'totalMinor' && columnKey !== 'openInvoices') return undefined;
      return list('invoices', {
        member: mid,
        status: 'issued',
        ...currencyFilter(report, row),
        dueDate,
      });
    }
    case 'renewal-progress': {
      const { year, day } = row;
      if (typeof year !== 'number' || typeof day !== 'string') return undefined;
      const renewals = (query: ListDrillDown<'invoices'>['query']) =>
        list('invoices', {
          kind: 'membership',
          year: String(year),
          ...currencyFilter(report, row),
          ...invoiceMemberFilters(report),
          ...query,
        });
      if (columnKey === 'paid' || columnKey === 'paidChfMinor' || columnKey === 'paidShare')
        return renewals({ status: 'paid', paidAt: dayRange('', day) });
      if (columnKey === 'issued' || columnKey === 'issuedChfMinor')
        return renewals({ status: invoicedStatuses, issueDate: dayRange('', day) });
      return undefined;
    }
    case 'applications-funnel': {
      const step = row.step;
      if (columnKey !== 'applications' || typeof step !== 'string') return undefined;
      // "Endorsed" counts those ever endorsed, whatever came after: no status says that.
      const statusOfStep: Record<string, string | undefined> = {
        submitted: undefined,
        approved: 'approved',
        rejected: 'rejected',
      };
      if (!(step in statusOfStep) || report.filters.from === null) return undefined;
      return list('applications', {
        status: statusOfStep[step],
        submittedAt: dayRange(report.filters.from, report.filters.to),
        country: report.filters.country,
        category: report.filters.category,
      });
    }
    case 'certificates': {
      if (!period || typeof row.type !== 'string') return undefined;
      return list('certificates', { type: row.type, issuedAt: period });
    }
    case 'email-delivery': {
      if (!period) return undefined;
      switch (columnKey) {
        case 'sent':
          return list('emails', { state: 'SUCCESS', createdAt: period });
        case 'failed':
          return list('emails', { state: 'ERROR', createdAt: period });
        case 'retried':
          // No filter for "retried": the week's e-mails, most attempts first.
          return list('emails', { createdAt: period, sort: '-attempts' });
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}
