import { formatCount } from '@ops/contract/display-format';
import { sql } from 'kysely';
import type { ReportDefinition } from '../definition';
import { currencyIs, toNumber } from '../summary';

/** The most rows the report answers: the members owing longest come first. */
export const receivablesByMemberLimit = 1000;

const bucketColumns = [
  { key: 'currentMinor', label: 'Not yet due' },
  { key: 'days1To30Minor', label: '1–30 days' },
  { key: 'days31To60Minor', label: '31–60 days' },
  { key: 'days61To90Minor', label: '61–90 days' },
  { key: 'over90Minor', label: 'Over 90 days' },
] as const;

/**
 * Open balances per member and currency by ageing bucket, with the oldest open invoice. Read
 * from the open issued invoices' partial index (`invoices_dunning_open_idx`, migration 0033:
 * by due date, carrying member, currency and balance), a tenth of the invoices at most, never
 * the table, in one pass per member and currency; members are read only for a filter, and
 * names and the oldest invoice's number only for the rows answered. An issued invoice always
 * has its due date, which the index requires.
 */
export const receivablesByMember: ReportDefinition = {
  name: 'receivables-by-member',
  period: { kind: 'today' },
  hasMemberFilters: true,
  hasCurrencyFilter: true,
  columns: () => [
    { key: 'memberNumber', label: 'Member number', type: 'text' },
    { key: 'memberName', label: 'Member', type: 'text' },
    { key: 'mid', label: 'Member id', type: 'text' },
    { key: 'currency', label: 'Currency', type: 'currency' },
    ...bucketColumns.map(({ key, label }) => ({
      key,
      label,
      type: 'money' as const,
      currencyKey: 'currency',
    })),
    { key: 'totalMinor', label: 'Total open', type: 'money', currencyKey: 'currency' },
    { key: 'openInvoices', label: 'Open invoices', type: 'integer' },
    { key: 'oldestInvoiceNumber', label: 'Oldest invoice', type: 'text' },
    { key: 'oldestIid', label: 'Oldest invoice id', type: 'text' },
    { key: 'oldestDueDate', label: 'Oldest due date', type: 'date' },
    {
      key: 'daysPastDue',
      label: 'Days past due',
      type: 'integer',
      description: 'Of the oldest invoice (0 when not yet due)',
    },
  ],
  async run(db, filters, context) {
    const today = context.today;
    const memberFilters = [
      filters.countryCodes !== null
        ? sql`AND m.country_iso2::text = ANY(${filters.countryCodes}::text[])`
        : sql``,
      filters.category.length > 0 ? sql`AND m.category = ANY(${filters.category}::text[])` : sql``,
    ];
    // Members are read only when a filter names them; otherwise only the chosen rows' names.
    const ofMembers =
      filters.countryCodes !== null || filters.category.length > 0
        ? sql`AND i.member_mid IN (SELECT m.mid FROM members m WHERE true ${sql.join(memberFilters, sql` `)})`
        : sql``;
    const { rows } = await sql<{
      member_mid: string | null;
      number: string | null;
      legal_name: string | null;
      currency: string;
      current_minor: string;
      days_1_30: string;
      days_31_60: string;
      days_61_90: string;
      over_90: string;
      total_minor: string;
      invoices: string;
      oldest_iid: string;
      oldest_number: string;
      oldest_due: string;
      days_past_due: number;
      total_rows: string;
    }>`
      WITH per_member AS (
        SELECT i.member_mid, i.currency::text AS currency,
               coalesce(sum(i.balance_minor) FILTER (WHERE i.due_date >= ${today}::date), 0)
                 AS current_minor,
               coalesce(sum(i.balance_minor) FILTER (
                 WHERE i.due_date BETWEEN ${today}::date - 30 AND ${today}::date - 1), 0) AS days_1_30,
               coalesce(sum(i.balance_minor) FILTER (
                 WHERE i.due_date BETWEEN ${today}::date - 60 AND ${today}::date - 31), 0) AS days_31_60,
               coalesce(sum(i.balance_minor) FILTER (
                 WHERE i.due_date BETWEEN ${today}::date - 90 AND ${today}::date - 61), 0) AS days_61_90,
               coalesce(sum(i.balance_minor) FILTER (WHERE i.due_date < ${today}::date - 90), 0)
                 AS over_90,
               sum(i.balance_minor) AS total_minor,
               count(*) AS invoices,
               min(i.due_date) AS oldest_due,
               -- The oldest open invoice: the least due date, then id, found in the same pass
               -- (an ordered aggregate would sort every open invoice first): the day's ten
               -- characters before the id, compared byte by byte (the id then back in the
               -- default collation, which its primary key is in).
               substr(min((i.due_date::text || i.iid) COLLATE "C"), 11) COLLATE "default"
                 AS oldest_iid
          FROM invoices i
         WHERE i.status = 'issued' AND i.balance_minor > 0 AND i.due_date IS NOT NULL
           ${currencyIs(filters, 'i.currency')}
           ${ofMembers}
         GROUP BY 1, 2
      ), chosen AS (
        SELECT p.*, count(*) OVER () AS total_rows
          FROM per_member p
         ORDER BY p.oldest_due, p.total_minor DESC, p.member_mid, p.currency
         LIMIT ${receivablesByMemberLimit}
      )
      -- Names and numbers for the chosen rows only, each by its primary key (a join would
      -- tempt the planner into reading every member for a thousand rows).
      SELECT c.*,
             (SELECT m.number FROM members m WHERE m.mid = c.member_mid) AS number,
             (SELECT m.legal_name FROM members m WHERE m.mid = c.member_mid) AS legal_name,
             (SELECT o.number FROM invoices o WHERE o.iid = c.oldest_iid) AS oldest_number,
             greatest(${today}::date - c.oldest_due, 0) AS days_past_due
        FROM chosen c
       ORDER BY c.oldest_due, c.total_minor DESC, c.member_mid, c.currency`.execute(db);

    const total = toNumber(rows[0]?.total_rows);
    const notes =
      total > rows.length
        ? [
            `Showing the ${formatCount(rows.length)} member balances overdue longest of ${formatCount(total)}: narrow the filters to see the others.`,
          ]
        : [];
    return {
      rows: rows.map((row) => ({
        memberNumber: row.number,
        memberName: row.legal_name,
        mid: row.member_mid,
        currency: row.currency,
        currentMinor: toNumber(row.current_minor),
        days1To30Minor: toNumber(row.days_1_30),
        days31To60Minor: toNumber(row.days_31_60),
        days61To90Minor: toNumber(row.days_61_90),
        over90Minor: toNumber(row.over_90),
        totalMinor: toNumber(row.total_minor),
        openInvoices: toNumber(row.invoices),
        oldestInvoiceNumber: row.oldest_number,
        oldestIid: row.oldest_iid,
        oldestDueDate: row.oldest_due,
        daysPastDue: row.days_past_due,
      })),
      notes,
    };
  },
};
