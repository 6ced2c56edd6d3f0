import {
  filterSyntax,
  formatMinorPlain,
  invoicesList as invoicesListColumns,
  listExportColumns,
  memberCategories,
  regions,
  type TInvoiceListItem,
  type TInvoicesListPage,
  type TInvoicesListQuery,
} from '@ops/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, InvoicesTable } from '../db/schema';
import { todayAtHeadquarters } from '../lib/dates';
import { invoiceMoneyOf } from './detail-money';
import { needsLetterCondition } from './needs-letter';
import {
  badQuery,
  dayAtHeadquartersFilter,
  filterColumnOf,
  filterCondition,
  type ListColumn,
  type ListDefinition,
  type ListSpec,
  runList,
  searchDocumentMatch,
  yesNoFilter,
  sortAndFilterBy,
} from '../lists';

/** Sort keys of rows without a date: after every dated one. */
const noDay = "'9999-12-31'::date";
const notPaid = "'9999-12-31T00:00:00Z'::timestamptz";

const paidAtSort = `coalesce(i.paid_at, ${notPaid})`;
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
    iid: sortAndFilterBy('i.iid'),
    number: { sortExpression: 'i.number COLLATE "C"' },
    issueDate: { column: issueDay, sortExpression: issueDay, isOwnFilter: true },
    dueDate: { column: dueDay, sortExpression: dueDay, isOwnFilter: true },
    total: { sortExpression: 'i.total_minor' },
    // Issue 16: `invoices_list_balance_idx (balance_minor, iid)`, migration 0026.
    balance: { sortExpression: 'i.balance_minor' },
    status: sortAndFilterBy('i.status'),
    kind: sortAndFilterBy('i.kind'),
    year: sortAndFilterBy('i.year'),
    // char(3) read as text, so that a filter's text values compare with the index.
    currency: sortAndFilterBy('i.currency::text'),
    source: sortAndFilterBy('i.source'),
    // Issue 18: the day paid at headquarters, a range of the sort expression (paidAtFilter).
    paidAt: { sortExpression: paidAtSort, isOwnFilter: true },
    // Issue 17: `invoices_list_dunning_level_idx (dunning_level, iid)`, migration 0033.
    dunningLevel: sortAndFilterBy('i.dunning_level'),
    // Not a sort (the member's invoices are few; its own index finds them).
    member: { column: 'i.member_mid', isOwnFilter: true },
    overdue: { isOwnFilter: true },
    partial: { isOwnFilter: true },
    // Issue 32: postal reminders still to post (the list's own yes/no filter).
    needsLetter: { isOwnFilter: true },
    // Issue 18: a semi-join on the invoice's member (memberCondition).
    region: { isOwnFilter: true },
    memberCountry: { isOwnFilter: true },
    memberCategory: { isOwnFilter: true },
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

/**
 * The member's country as the members list sorts it (`members_list_country_idx`), so that the
 * index answers the country and region filters ('~~' for none).
 */
const memberCountrySort = sql.raw("coalesce(m.country_iso2, '~~')");

/** `memberCountry`: ISO codes ("CH,DE"), or `(empty)` for members without a country. */
function memberCountryCondition(raw: string): RawBuilder<boolean> {
  if (raw === filterSyntax.empty) return sql<boolean>`${memberCountrySort} = '~~'`;
  const codes = raw.split(filterSyntax.separator).map((code) => code.trim());
  for (const code of codes) {
    if (!/^[A-Z]{2}$/.test(code)) {
      throw badQuery(
        'memberCountry',
        'invalid_value',
        `"${code}" is not an ISO 3166 alpha-2 code (e.g. CH)`,
      );
    }
  }
  if (codes.length > 100) throw badQuery('memberCountry', 'too_big', 'at most 100 values');
  // As char(2), the column's type, so that the index of its sort expression answers it.
  return sql<boolean>`${memberCountrySort} = ANY(${codes}::bpchar[])`;
}

/**
 * The member filters (issue 18, the reports' drill-down) as a condition on the member `m`: its
 * country in one of the regions, its country or category one of those named, as the member is
 * now (as the reports count them; deleted members' invoices too). Null without such a filter.
 */
function memberFilters(
  query: Pick<TInvoicesListQuery, 'region' | 'memberCountry' | 'memberCategory'>,
): RawBuilder<boolean> | null {
  const conditions: RawBuilder<boolean>[] = [];
  if (query.region) {
    const regionOfCountry = filterCondition('region', query.region, {
      column: 'c.region',
      kind: 'text',
      values: regions,
    });
    conditions.push(
      sql<boolean>`${memberCountrySort} = ANY(ARRAY(SELECT c.iso2 FROM countries c WHERE ${regionOfCountry}))`,
    );
  }
  if (query.memberCountry) conditions.push(memberCountryCondition(query.memberCountry));
  if (query.memberCategory) {
    conditions.push(
      filterCondition('memberCategory', query.memberCategory, {
        column: 'm.category',
        kind: 'text',
        values: memberCategories,
      }),
    );
  }
  return conditions.length === 0 ? null : sql<boolean>`(${sql.join(conditions, sql` AND `)})`;
}

/** Up to this many members, the member filters name them one by one (see `membersOfFilters`). */
const fewMembers = 1_000;

/**
 * The members the member filters select, when they are few (at most 1,000), else undefined.
 * Their invoices are then read first, through `invoices_member_idx`, and sorted (`memberCondition`).
 * Left to a semi-join (or to the members' ids alone), the planner guesses their invoices from the
 * average member's, and a guess of thousands for members with none (honorary members are not
 * invoiced) walked the whole sort order probing each invoice's member: 2 to 6 s at a million
 * invoices, against 5 ms. Many members are the semi-join's case: their invoices are dense in any
 * order, so the first page comes from the sort's index after a few probes.
 */
export async function membersOfFilters(
  db: Kysely<Database>,
  query: Pick<TInvoicesListQuery, 'region' | 'memberCountry' | 'memberCategory'>,
): Promise<string[] | undefined> {
  const condition = memberFilters(query);
  if (!condition) return undefined;
  // Live members through the members list's indexes (partial: not deleted), then the few
  // deleted ones through theirs (`members_fix_deleted_idx`): never a scan of every member.
  const { rows } = await sql<{ mid: string }>`
    (SELECT m.mid FROM members m WHERE m.deleted_at IS NULL AND ${condition}
      LIMIT ${fewMembers + 1})
    UNION ALL
    (SELECT m.mid FROM members m WHERE m.deleted_at IS NOT NULL AND ${condition}
      LIMIT ${fewMembers + 1})`.execute(db);
  return rows.length > fewMembers ? undefined : rows.map((row) => row.mid);
}

/**
 * The invoices of the members the filters select. Few members (`membersOfFilters`): their
 * invoices' ids, read once (an array the planner takes for a handful, so it fetches them by key
 * and sorts them rather than walking the sort order). Many: a semi-join on members, which
 * PostgreSQL answers walking the list's sort order and probing the member of each invoice read.
 */
function memberCondition(
  query: Pick<TInvoicesListQuery, 'region' | 'memberCountry' | 'memberCategory'>,
  memberMids: readonly string[] | undefined,
): RawBuilder<boolean> | null {
  const condition = memberFilters(query);
  if (!condition) return null;
  if (memberMids) {
    return sql<boolean>`i.iid = ANY(ARRAY(SELECT x.iid FROM invoices x
      WHERE x.member_mid = ANY(${memberMids}::text[])))`;
  }
  return sql<boolean>`i.member_mid IN (SELECT m.mid FROM members m WHERE ${condition})`;
}

/**
 * `paidAt`: days paid at headquarters (Europe/Zurich). Each day is the range of instants from its
 * midnight there to the next, compared with the sort expression, so `invoices_list_paid_at_idx`
 * answers it (no index on the day itself is needed); `(empty)` is the unpaid invoices.
 */
function paidAtFilter(raw: string): RawBuilder<boolean> {
  return dayAtHeadquartersFilter('paidAt', raw, paidAtSort, notPaid);
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
  return searchDocumentMatch('i.member_mid', 'member', text);
}

/**
 * Partially paid: issued with money received, a generated column (migration 0026: its own
 * statistics tell the planner how few they are; "true" reads only the rows of its partial index).
 */
const partiallyPaid = sql<boolean>`i.is_partially_paid`;

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
  query: Pick<
    TInvoicesListQuery,
    | 'overdue'
    | 'partial'
    | 'needsLetter'
    | 'issueDate'
    | 'dueDate'
    | 'member'
    | 'region'
    | 'memberCountry'
    | 'memberCategory'
    | 'paidAt'
  >,
  today = todayAtHeadquarters(),
  /** The members the member filters select, when few (`membersOfFilters`). */
  memberMids?: readonly string[],
): ListDefinition<InvoiceListRow, TInvoiceListItem> {
  const conditions: RawBuilder<boolean>[] = [];
  if (query.member) {
    const memberColumn = filterColumnOf(invoicesListSpec, 'member') as ListColumn;
    conditions.push(filterCondition('member', query.member, memberColumn));
  }
  if (query.overdue) {
    const condition = yesNoFilter('overdue', query.overdue, () => overdueCondition(today));
    if (condition) conditions.push(condition);
  }
  if (query.partial) {
    const condition = yesNoFilter('partial', query.partial, () => partiallyPaid);
    if (condition) conditions.push(condition);
  }
  if (query.needsLetter) {
    // Issue 32: "true" the invoices with a postal reminder whose letter is still to post
    // (`needs-letter.ts`, the rule dunning's letters use too); "false" every other invoice.
    const condition = yesNoFilter('needsLetter', query.needsLetter, needsLetterCondition);
    if (condition) conditions.push(condition);
  }
  if (query.issueDate) conditions.push(dayFilter('issueDate', query.issueDate));
  if (query.dueDate) conditions.push(dayFilter('dueDate', query.dueDate));
  if (query.paidAt) conditions.push(paidAtFilter(query.paidAt));
  const ofMembers = memberCondition(query, memberMids);
  if (ofMembers) conditions.push(ofMembers);
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
export async function listInvoices(
  db: Kysely<Database>,
  query: TInvoicesListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TInvoicesListPage> {
  const memberMids = await membersOfFilters(db, query);
  return runList(db, invoicesListFor(query, todayAtHeadquarters(), memberMids), query, options);
}

/** The list as its CSV export reads it: amounts in major units ("1250.00"). */
export function invoicesExportListFor(query: TInvoicesListQuery, memberMids?: readonly string[]) {
  const list = invoicesListFor(query, todayAtHeadquarters(), memberMids);
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
