import { sql, type Kysely } from 'kysely';
import { createdAudit } from './0023-invoice-upload-audit';

/**
 * Issue 16, the invoices with their balance. The list's indexes (`invoices_list_balance_idx`,
 * `invoices_partially_paid_idx`) came with migration 0026; what is left is the CSV upload's
 * audit entry. Migration 0023 builds the `after` of each created invoice as validation stages
 * the row, so that it equals the row the commit inserts. Since 0026 an invoice also carries
 * `paid_minor`, `credited_minor`, `written_off_minor`, the generated `balance_minor` and
 * `is_partially_paid` (never, for an invoice that arrives: it has received nothing by a payment
 * of its own or is paid in full): a
 * staged invoice is settled in full when it arrives paid (the `invoices_settle_when_paid`
 * trigger), and owes its total otherwise (nothing for a draft or a void one). The entry now
 * says so too.
 */
export const moneyFields = `,
  'paid_minor', CASE WHEN r.status = 'paid' THEN r.total_minor ELSE 0 END,
  'credited_minor', 0, 'written_off_minor', 0,
  'balance_minor', CASE WHEN r.status IN ('draft', 'void', 'paid') THEN 0 ELSE r.total_minor END,
  'is_partially_paid', false`;

/** Also used by migration 0033, whose new invoice columns the entry must name as well. */
export async function replaceAuditFunction(db: Kysely<unknown>, body: string): Promise<void> {
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION invoice_upload_created_audit(r invoice_upload_rows) RETURNS jsonb
  LANGUAGE sql STABLE
RETURN ${body};

-- Uploads validated before this migration and not committed yet.
UPDATE invoice_upload_rows r SET created_audit = invoice_upload_created_audit(r)
 WHERE r.reason IS NULL;`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceAuditFunction(db, createdAudit.replace('%money%', moneyFields));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceAuditFunction(db, createdAudit.replace('%money%', ''));
}
