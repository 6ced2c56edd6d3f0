import {
  formatMinorPlain,
  invoicesList as invoicesListColumns,
  listExportColumns,
  type TInvoiceListItem,
  type TInvoicesListPage,
  type TInvoicesListQuery,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, InvoicesTable } from '../db/schema';
import { todayAtHeadquarters } from '../lib/dates';
import { invoiceMoneyOf } from './detail-money';
import {
  badQuery,
  filterColumnOf,
  filterCondition,
  type ListColumn,
  type ListDefinition,
  type ListSpec,
  runList,
} from '../lists';

/** Sort keys of rows without a date: after every dated one. */
const noDay = "'9999-12-31'::date";
const notPaid = "'9999-12-31T00:00:00Z'::timestamptz";

const issueDay = `coalesce(i.issue_date, ${noDay})`;
const dueDay = `coalesce(i.due_date, ${noDay})`;

/**
 * Sort expressions match the indexes of migration 0016 exactly (else they are not used). The
 * member, overdue and date filters are this list's own (`invoicesListFor`).
 */
export const invoicesListSpec: ListSpec<typeof invoicesListColumns> = {
  definition: invoicesListColumns,
  id: 'i.iid',
  columns: {
    iid: { column: 'i.iid', sortExpression: 'i.iid' },
    number: { sortExpression: 'i.number COLLATE "C"' },
    issueDate: { column: issueDay, sortExpression: issueDay, isOwnFilter: true },
    dueDate: { column: dueDay, sortExpression: dueDay, isOwnFilter: true },
    total: { sortExpression: 'i.total_minor' },
    // Issue 16: `invoices_list_balance_idx (balance_minor, iid)`, migration 0026.
    balance: { sortExpression: 'i.balance_minor' },
    status: { column: 'i.status', sortExpression: 'i.status' },
    kind: { column: 'i.kind', sortExpression: 'i.kind' },
    year: { column: 'i.year', sortExpression: 'i.year' },
    // char(3) read as text, so that a filter's text values compare with the index.
    currency: { column: 'i.currency::text', sortExpression: 'i.currency::text' },
    source: { column: 'i.source', sortExpression: 'i.source' },
    paidAt: { sortExpression: `coalesce(i.paid_at, ${notPaid})` },
    // Issue 17: `invoices_list_dunning_level_idx (dunning_level, iid)`, migration 0033.
    dunningLevel: { column: 'i.dunning_level', sortExpression: 'i.dunning_level' },
    // Not a sort (the member's invoices are few; its own index finds them).
    member: { column: 'i.member_mid', isOwnFilter: true },
    overdue: { isOwnFilter: true },
    partial: { isOwnFilter: true },
  },
};

/**
 * A date filter on a column that may be empty (drafts have no dates): a range compares the
 * sort expression (its index answers it) and leaves undated rows out; `(empty)` keeps them.
 */
function dayFilter(field: 'issueDate' | 'dueDate', raw: string): RawBuilder<boolean> {
  const column = field === 'issueDate' ? 'i.issue_date' : 'i.due_date';
  // Written as the sort expression at its sentinel, so that the date's index (and its
  // statistics: few undated rows) answers it, whatever the sort.
  if (raw === '(empty)') {
    return sql<boolean>`${sql.raw(field === 'issueDate' ? issueDay : dueDay)} = ${sql.raw(noDay)}`;
  }
  const spec = filterColumnOf(invoicesListSpec, field) as ListColumn;
  return sql<boolean>`(${filterCondition(field, raw, spec)} AND ${sql.raw(column)} IS NOT NULL)`;
}

/**
 * Overdue is derived: issued and due before today at headquarters. "true" reads the partial
 * index of issued invoices by due date; "false" is everything else.
 */
export function overdueCondition(today: string): RawBuilder<boolean> {
  return sql<boolean>`(i.status = 'issued' AND ${sql.raw(dueDay)} < ${today}::date)`;
}

function overdueFilter(raw: string, today: string): RawBuilder<boolean> | null {
  const values = new Set(raw.split(',').map((value) => value.trim()));
  for (const value of values) {
    if (value !== 'true' && value !== 'false') {
      throw badQuery('overdue', 'invalid_value', `"${value}" is not one of true, false`);
    }
  }
  if (values.size === 2) return null;
  return values.has('true')
    ? overdueCondition(today)
    : sql<boolean>`NOT ${overdueCondition(today)}`;
}

/**
 * `q`: an invoice number or its beginning ("2026-0001"), a payment reference (QR or RF, exact),
 * or words of the member's name or number (the members' search documents, as the members list
 * searches them).
 */
export function invoiceSearch(q: string): RawBuilder<boolean> {
  const text = q.trim();
  if (/^\d{4}(-\d*)?$/.test(text)) {
    return sql<boolean>`i.number COLLATE "C" LIKE ${`${text}%`}`;
  }
  const compact = text.replace(/[\s-]+/g, '');
  if (/^(\d{27}|RF\d{2}[A-Z0-9]{1,21})$/i.test(compact)) {
    return sql<boolean>`i.iid IN (SELECT d.record_id FROM search_documents d
        WHERE d.type = 'invoice' AND d.keys @> ARRAY[search_compact(${compact})])`;
  }
  return sql<boolean>`i.member_mid IN (SELECT d.record_id FROM search_documents d
      WHERE d.type = 'member' AND d.all_terms @@ search_prefix_query(${text}))`;
}

/**
 * Partially paid: issued with money received, a generated column (migration 0026: its own
 * statistics tell the planner how few they are; "true" reads only the rows of its partial index).
 */
const partiallyPaid = sql<boolean>`i.is_partially_paid`;

function partialFilter(raw: string): RawBuilder<boolean> | null {
  const values = new Set(raw.split(',').map((value) => value.trim()));
  for (const value of values) {
    if (value !== 'true' && value !== 'false') {
      throw badQuery('partial', 'invalid_value', `"${value}" is not one of true, false`);
    }
  }
  if (values.size === 2) return null;
  return values.has('true') ? partiallyPaid : sql<boolean>`NOT ${partiallyPaid}`;
}

type InvoiceListRow = Pick<InvoicesTable, 'kind' | 'status' | 'paid_method' | 'source'> & {
  paid_minor: string;
  credited_minor: string;
  written_off_minor: string;
  balance_minor: string;
  dunning_level: number;
  iid: string;
  number: string;
  member_mid: string | null;
  member_number: string | null;
  member_name: string | null;
  year: number;
  issue_date: string | null;
  due_date: string | null;
  currency: string;
  total_minor: string;
  paid_at: Date | null;
  paid_amount_minor: string | null;
  source: TInvoiceListItem['source'];
  status: TInvoiceListItem['status'];
  kind: TInvoiceListItem['kind'];
};

/**
 * The invoices list of one request: its date and overdue filters depend on the request (and on
 * today), so they join the fixed part of the list here.
 */
export function invoicesListFor(
  query: Pick<TInvoicesListQuery, 'overdue' | 'partial' | 'issueDate' | 'dueDate' | 'member'>,
  today = todayAtHeadquarters(),
): ListDefinition<InvoiceListRow, TInvoiceListItem> {
  const conditions: RawBuilder<boolean>[] = [];
  if (query.member) {
    const memberColumn = filterColumnOf(invoicesListSpec, 'member') as ListColumn;
    conditions.push(filterCondition('member', query.member, memberColumn));
  }
  if (query.overdue) {
    const condition = overdueFilter(query.overdue, today);
    if (condition) conditions.push(condition);
  }
  if (query.partial) {
    const condition = partialFilter(query.partial);
    if (condition) conditions.push(condition);
  }
  if (query.issueDate) conditions.push(dayFilter('issueDate', query.issueDate));
  if (query.dueDate) conditions.push(dayFilter('dueDate', query.dueDate));
  return {
    spec: invoicesListSpec,
    from: (db) => {
      let from = db.selectFrom('invoices as i');
      for (const condition of conditions) from = from.where(condition);
      return from;
    },
    search: invoiceSearch,
    select: (matching) =>
      matching
        .leftJoin('members as m', 'm.mid', 'i.member_mid')
        .select([
          'i.iid',
          'i.number',
          'i.member_mid',
          'm.number as member_number',
          'm.legal_name as member_name',
          'i.kind',
          'i.year',
          'i.issue_date',
          'i.due_date',
          'i.currency',
          'i.total_minor',
          'i.status',
          'i.paid_at',
          'i.paid_amount_minor',
          'i.paid_method',
          'i.source',
          'i.paid_minor',
          'i.credited_minor',
          'i.written_off_minor',
          'i.balance_minor',
          'i.dunning_level',
        ]),
    toItem: (row) => ({
      iid: row.iid,
      number: row.number,
      memberMid: row.member_mid,
      memberNumber: row.member_number,
      memberName: row.member_name,
      kind: row.kind,
      year: row.year,
      issueDate: row.issue_date,
      dueDate: row.due_date,
      currency: row.currency.trim(),
      totalMinor: String(row.total_minor),
      status: row.status,
      isOverdue: row.status === 'issued' && row.due_date !== null && row.due_date < today,
      paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
      paidAmountMinor: row.paid_amount_minor === null ? null : String(row.paid_amount_minor),
      paidMethod: row.paid_method,
      source: row.source,
      dunningLevel: row.dunning_level,
      ...invoiceMoneyOf(row),
    }),
  };
}

/** A page of the invoices list: filters, `q`, sort and the cursor of the page before. */
export function listInvoices(
  db: Kysely<Database>,
  query: TInvoicesListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TInvoicesListPage> {
  return runList(db, invoicesListFor(query), query, options);
}

/** The list as its CSV export reads it: amounts in major units ("1250.00"). */
export function invoicesExportListFor(query: TInvoicesListQuery) {
  const list = invoicesListFor(query);
  return {
    ...list,
    toItem: (row: InvoiceListRow) => {
      const item = list.toItem(row);
      return {
        ...item,
        total: formatMinorPlain(item.totalMinor),
        balance: formatMinorPlain(item.balanceMinor),
        paidAmount: item.paidAmountMinor === null ? '' : formatMinorPlain(item.paidAmountMinor),
      };
    },
  };
}

/** The export's columns, as a person reads them in a spreadsheet (the contract's headers). */
export const invoicesExportColumns = listExportColumns(invoicesListColumns);
