import type { TCreditNoteDetail } from '@ops/contract';
import type { Kysely, Transaction } from 'kysely';
import { recordNotFound } from '../db/records';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** One credit note with the invoice it credits, its member and what its movement did. */
export async function getCreditNoteDetail(db: Db, cnid: string): Promise<TCreditNoteDetail> {
  const row = await db
    .selectFrom('credit_notes as cn')
    .innerJoin('invoices as i', 'i.iid', 'cn.invoice_iid')
    .leftJoin('members as m', 'm.mid', 'cn.member_mid')
    .leftJoin('money_movements as mm', 'mm.id', 'cn.movement_id')
    .select([
      'cn.cnid',
      'cn.number',
      'cn.year',
      'cn.issue_date',
      'cn.currency',
      'cn.lines',
      'cn.total_minor',
      'cn.reason',
      'cn.membership_decision',
      'cn.version',
      'cn.created_at',
      'cn.created_by',
      'i.iid',
      'i.number as invoice_number',
      'i.kind',
      'i.year as invoice_year',
      'i.status',
      'i.total_minor as invoice_total_minor',
      'i.balance_minor',
      'm.mid',
      'm.number as member_number',
      'm.legal_name',
      'm.email',
      'mm.settles_minor',
      'mm.credit_minor',
    ])
    .where('cn.cnid', '=', cnid)
    .executeTakeFirst();
  if (!row) throw recordNotFound('credit_notes', cnid);
  return {
    cnid: row.cnid,
    number: row.number,
    year: row.year,
    issueDate: row.issue_date,
    invoice: {
      iid: row.iid,
      number: row.invoice_number,
      kind: row.kind,
      year: row.invoice_year,
      status: row.status,
      totalMinor: String(row.invoice_total_minor),
      balanceMinor: String(row.balance_minor),
    },
    member:
      row.mid && row.member_number && row.legal_name
        ? { mid: row.mid, number: row.member_number, name: row.legal_name, email: row.email }
        : null,
    currency: row.currency.trim(),
    lines: row.lines,
    totalMinor: String(row.total_minor),
    settlesMinor: String(row.settles_minor ?? row.total_minor),
    creditMinor: String(row.credit_minor ?? 0),
    reason: row.reason,
    membershipDecision: row.membership_decision,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}
