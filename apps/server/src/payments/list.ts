import {
  paymentsList as paymentsListColumns,
  type TPaymentListItem,
  type TPaymentsListPage,
  type TPaymentsListQuery,
} from '@ops/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ListDefinition, type ListSpec, runList, sortAndFilterBy } from '../lists';

/** Whether a card-payment invoice is linked to one of ours, as the list filters and sorts it. */
export const linkedExpression = "CASE WHEN s.invoice_iid IS NULL THEN 'no' ELSE 'yes' END";

/**
 * Sort and filter expressions match the indexes of migration 0019 exactly (else they are not
 * used). `created` sorts by the time and filters by the day at headquarters (a generated column),
 * so that "..2026-01-31" includes the whole of 31 January.
 */
export const paymentsListSpec: ListSpec<typeof paymentsListColumns> = {
  definition: paymentsListColumns,
  id: 's.sid',
  columns: {
    created: { column: 's.created_on', sortExpression: 's.provider_created_at' },
    amountDue: { sortExpression: 's.amount_due_minor' },
    dueDate: { column: 's.due_date', sortExpression: "coalesce(s.due_date, '9999-12-31'::date)" },
    status: sortAndFilterBy('s.status'),
    currency: sortAndFilterBy('s.currency'),
    linked: sortAndFilterBy(linkedExpression),
    customerEmail: {
      column: 'lower(s.customer_email)',
      sortExpression: "coalesce(lower(s.customer_email), '~~')",
    },
    member: { column: 's.member_mid', sortExpression: "coalesce(s.member_mid, '~~')" },
  },
};

/** The search box's text, as the trigram index of migration 0019 holds it. */
const searchedText = sql.raw(
  "lower(coalesce(s.number, '') || ' ' || coalesce(s.customer_email, '') || ' ' || coalesce(s.customer_name, '') || ' ' || s.provider_invoice_id)",
);

/** Any part of the number, e-mail, name or provider id; `%`, `_` and `\` are taken literally. */
export function paymentSearch(q: string) {
  const pattern = `%${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&')}%`;
  return sql<boolean>`${searchedText} LIKE ${pattern}`;
}

type PaymentListRow = {
  sid: string;
  provider_invoice_id: string;
  number: string | null;
  customer_name: string | null;
  customer_email: string | null;
  status: TPaymentListItem['status'];
  amount_due_minor: string;
  amount_paid_minor: string;
  amount_remaining_minor: string;
  currency: string;
  provider_created_at: Date;
  due_date: string | null;
  invoice_iid: string | null;
  invoice_number: string | null;
  member_mid: string | null;
  member_number: string | null;
  member_name: string | null;
  deleted_at: Date | null;
};

export function paymentItemOf(row: PaymentListRow): TPaymentListItem {
  return {
    sid: row.sid,
    providerInvoiceId: row.provider_invoice_id,
    number: row.number,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    status: row.status,
    amountDueMinor: Number(row.amount_due_minor),
    amountPaidMinor: Number(row.amount_paid_minor),
    amountRemainingMinor: Number(row.amount_remaining_minor),
    currency: row.currency,
    createdAt: row.provider_created_at.toISOString(),
    dueDate: row.due_date,
    invoiceIid: row.invoice_iid,
    invoiceNumber: row.invoice_number,
    memberMid: row.member_mid,
    memberNumber: row.member_number,
    memberName: row.member_name,
    isDeleted: row.deleted_at !== null,
  };
}

/** The columns of a list row (and of the detail), with our invoice and member. */
export const paymentListColumns = [
  's.sid',
  's.provider_invoice_id',
  's.number',
  's.customer_name',
  's.customer_email',
  's.status',
  's.amount_due_minor',
  's.amount_paid_minor',
  's.amount_remaining_minor',
  's.currency',
  's.provider_created_at',
  's.due_date',
  's.invoice_iid',
  'i.number as invoice_number',
  's.member_mid',
  'm.number as member_number',
  'm.legal_name as member_name',
  's.deleted_at',
] as const;

/** The Payments list: filtered per column, searched by number, e-mail, name or provider id. */
export const paymentsList: ListDefinition<PaymentListRow, TPaymentListItem> = {
  spec: paymentsListSpec,
  from: (db) => db.selectFrom('stripe_invoices as s'),
  search: paymentSearch,
  select: (matching) =>
    matching
      .leftJoin('invoices as i', 'i.iid', 's.invoice_iid')
      .leftJoin('members as m', 'm.mid', 's.member_mid')
      .select([...paymentListColumns]),
  toItem: paymentItemOf,
};

/** A page of the Payments list. */
export function listPayments(
  db: Kysely<Database>,
  query: TPaymentsListQuery,
  options: { withEstimate?: boolean } = {},
): Promise<TPaymentsListPage> {
  // E-mail addresses are compared in lower case, as the index holds them.
  const customerEmail = query.customerEmail?.toLowerCase();
  return runList(db, paymentsList, { ...query, customerEmail }, options);
}
