import type { TReport, TReportRow } from '@ops/contract/reports';
import { paths, withListQuery, type ListQuery } from '@/config/paths';
import { filterSyntax } from '@/components/data-list/list-state';

/**
 * Drill-down (issue 18): a report's figure opens the list of the records behind it, as a URL with
 * the list's filters (the lists read their filters from the URL, contract `lists/*.ts`). The
 * report's own region, country and category filters go along where the list has them, so the
 * list shows the records the figure counts.
 */

const range = (from: string, to: string) => `${from}${filterSyntax.range}${to}`;

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

/** A period cut to the report's own (its first month or week may start later than the month). */
function clip(report: TReport, first: string, last: string): string {
  const from = report.filters.from && report.filters.from > first ? report.filters.from : first;
  const to = report.filters.to < last ? report.filters.to : last;
  return range(from, to);
}

/** The days a row's period covers: a month, an ISO week (its Monday), a year. */
function periodOf(report: TReport, row: TReportRow): string | undefined {
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
function memberFilters(report: TReport): ListQuery {
  return {
    region: report.filters.region,
    country: report.filters.country,
    category: report.filters.category,
  };
}

/** The report's member filters, named as the invoices list names them (the member's values). */
function invoiceMemberFilters(report: TReport): ListQuery {
  return {
    region: report.filters.region,
    memberCountry: report.filters.country,
    memberCategory: report.filters.category,
  };
}

/** A report's currency filter, unless the row names its own currency. */
function currencyFilter(report: TReport, row: TReportRow): ListQuery {
  return { currency: typeof row.currency === 'string' ? row.currency : report.filters.currency };
}

/** The due dates of an ageing bucket, from the report's today (days past due). */
export function dueDatesOfBucket(bucket: string, today: string): string | undefined {
  switch (bucket) {
    case 'current':
      return range(today, '');
    case '1-30':
      return range(addDays(today, -30), addDays(today, -1));
    case '31-60':
      return range(addDays(today, -60), addDays(today, -31));
    case '61-90':
      return range(addDays(today, -90), addDays(today, -61));
    case '90+':
      return range('', addDays(today, -91));
    default:
      return undefined;
  }
}

/** The bucket columns of the receivables by member. */
const memberBucketColumns: Record<string, string | undefined> = {
  currentMinor: 'current',
  days1To30Minor: '1-30',
  days31To60Minor: '31-60',
  days61To90Minor: '61-90',
  over90Minor: '90+',
};

/** The statuses whose invoices count as invoiced (drafts and voids do not). */
const invoicedStatuses = ['issued', 'paid', 'credited', 'uncollectible'];

/**
 * The URL of the records behind a report's cell (row, column), or undefined when the figure has
 * no list to show (a median, a net change, a share).
 */
export function drillDownHref(
  report: TReport,
  row: TReportRow,
  columnKey: string,
): string | undefined {
  const period = periodOf(report, row);
  switch (report.name) {
    case 'membership-by-region': {
      if (columnKey !== 'members' || typeof row.on !== 'string') return undefined;
      const by = report.filters.by ?? 'region';
      const group = row[by];
      const groupFilter: ListQuery =
        group === null || group === undefined
          ? // Counted under no region or country: the members without a country.
            by === 'category'
            ? { category: filterSyntax.empty }
            : { country: filterSyntax.empty, region: undefined }
          : { [by]: String(group) };
      return withListQuery(paths.members.getHref(), {
        ...memberFilters(report),
        ...groupFilter,
        memberOn: row.on,
      });
    }
    case 'growth': {
      if (!period) return undefined;
      const members = (query: ListQuery) =>
        withListQuery(paths.members.getHref(), { ...memberFilters(report), ...query });
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
          return withListQuery(paths.activity.getHref(), {
            recordType: 'members',
            action: 'status',
            at: period,
          });
        default:
          return undefined;
      }
    }
    case 'revenue': {
      if (!period) return undefined;
      const invoices = (query: ListQuery) =>
        withListQuery(paths.invoices.getHref(), {
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
      return withListQuery(paths.invoices.getHref(), {
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
        return `${paths.member.getHref({ mid })}?tab=ledger`;
      if (columnKey === 'oldestInvoiceNumber')
        return typeof row.oldestIid === 'string'
          ? paths.invoice.getHref({ iid: row.oldestIid })
          : undefined;
      const bucket = memberBucketColumns[columnKey];
      const dueDate = bucket ? dueDatesOfBucket(bucket, report.filters.to) : undefined;
      if (!dueDate && columnKey !== 'totalMinor' && columnKey !== 'openInvoices') return undefined;
      return withListQuery(paths.invoices.getHref(), {
        member: mid,
        status: 'issued',
        ...currencyFilter(report, row),
        dueDate,
      });
    }
    case 'renewal-progress': {
      const { year, day } = row;
      if (typeof year !== 'number' || typeof day !== 'string') return undefined;
      const renewals = (query: ListQuery) =>
        withListQuery(paths.invoices.getHref(), {
          kind: 'membership',
          year: String(year),
          ...currencyFilter(report, row),
          ...invoiceMemberFilters(report),
          ...query,
        });
      if (columnKey === 'paid' || columnKey === 'paidChfMinor' || columnKey === 'paidShare')
        return renewals({ status: 'paid', paidAt: range('', day) });
      if (columnKey === 'issued' || columnKey === 'issuedChfMinor')
        return renewals({ status: invoicedStatuses, issueDate: range('', day) });
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
      return withListQuery(paths.applications.getHref(), {
        status: statusOfStep[step],
        submittedAt: range(report.filters.from, report.filters.to),
        country: report.filters.country,
        category: report.filters.category,
      });
    }
    case 'certificates': {
      if (!period || typeof row.type !== 'string') return undefined;
      return withListQuery(paths.certificates.getHref(), { type: row.type, issuedAt: period });
    }
    case 'email-delivery': {
      if (!period) return undefined;
      switch (columnKey) {
        case 'sent':
          return withListQuery(paths.emails.getHref(), { state: 'SUCCESS', createdAt: period });
        case 'failed':
          return withListQuery(paths.emails.getHref(), { state: 'ERROR', createdAt: period });
        case 'retried':
          // No filter for "retried": the week's e-mails, most attempts first.
          return withListQuery(paths.emails.getHref(), { createdAt: period, sort: '-attempts' });
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}
