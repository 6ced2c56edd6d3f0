import type { TFixInvoice } from '@ops/contract';
import { sql } from 'kysely';
import type { MemberStatus } from '../../db/schema';
import type { Db, Trx } from './operations';

/** The statuses a fix may void: a paid, uncollectible or void invoice is final. */
export const unpaidStatuses = ['draft', 'issued'] as const;

export function isUnpaid(status: string): boolean {
  return (unpaidStatuses as readonly string[]).includes(status);
}

type FixInvoiceRow = {
  iid: string;
  number: string;
  member_mid: string | null;
  kind: TFixInvoice['kind'];
  year: number;
  issue_date: string | null;
  due_date: string | null;
  currency: string;
  status: TFixInvoice['status'];
  subtotal_minor: string;
  vat_minor: string;
  donation_minor: string;
  total_minor: string;
  paid_at: Date | null;
  paid_amount_minor: string | null;
  paid_method: TFixInvoice['paidMethod'];
  payment_reference: string | null;
  source: TFixInvoice['source'];
  import_batch: string | null;
  card_invoice_sid: string | null;
  version: number;
  updated_at: Date;
  m_number: string | null;
  m_legal_name: string | null;
  m_status: MemberStatus | null;
  m_email: string | null;
  m_paid_through_year: number | null;
  m_deleted_at: Date | null;
  m_version: number | null;
};

const fixInvoiceColumns = sql`i.iid, i.number, i.member_mid, i.kind, i.year, i.issue_date,
  i.due_date, i.currency, i.status, i.subtotal_minor, i.vat_minor, i.donation_minor,
  i.total_minor, i.paid_at, i.paid_amount_minor, i.paid_method, i.payment_reference, i.source,
  i.import_batch, i.card_invoice_sid, i.version, i.updated_at,
  m.number AS m_number, m.legal_name AS m_legal_name, m.status AS m_status, m.email AS m_email,
  m.paid_through_year AS m_paid_through_year, m.deleted_at AS m_deleted_at,
  m.version AS m_version`;

function toFixInvoice(row: FixInvoiceRow): TFixInvoice {
  return {
    iid: row.iid,
    number: row.number,
    member:
      row.member_mid && row.m_number !== null
        ? {
            mid: row.member_mid,
            number: row.m_number,
            legalName: row.m_legal_name ?? '',
            status: row.m_status ?? 'active',
            email: row.m_email,
            paidThroughYear: row.m_paid_through_year,
            isDeleted: row.m_deleted_at !== null,
            version: row.m_version ?? 1,
          }
        : null,
    kind: row.kind,
    year: row.year,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency,
    status: row.status,
    subtotalMinor: Number(row.subtotal_minor),
    vatMinor: Number(row.vat_minor),
    donationMinor: Number(row.donation_minor),
    totalMinor: Number(row.total_minor),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
    paidAmountMinor: row.paid_amount_minor === null ? null : Number(row.paid_amount_minor),
    paidMethod: row.paid_method,
    paymentReference: row.payment_reference,
    source: row.source,
    importBatch: row.import_batch,
    cardInvoiceSid: row.card_invoice_sid,
    version: row.version,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Invoices as findings show them (with their member), in the order of the ids given. */
export async function loadInvoices(db: Db | Trx, iids: readonly string[]): Promise<TFixInvoice[]> {
  if (iids.length === 0) return [];
  const { rows } = await sql<FixInvoiceRow>`
    SELECT ${fixInvoiceColumns} FROM invoices i LEFT JOIN members m ON m.mid = i.member_mid
     WHERE i.iid = ANY(${[...iids]}::text[])`.execute(db);
  const byIid = new Map(rows.map((row) => [row.iid, toFixInvoice(row)]));
  return iids.flatMap((iid) => byIid.get(iid) ?? []);
}

/** "2026-000123 (issued)": an invoice as a proposal names it. */
export function describeInvoice(invoice: { number: string; status: string }): string {
  return `${invoice.number} (${invoice.status})`;
}
