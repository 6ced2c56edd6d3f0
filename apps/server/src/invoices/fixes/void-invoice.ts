import { invoiceFixCheckInfo, type InvoiceFixCheck } from '@ops/contract';
import type { Actor } from '../../db/audit';
import { updateRecord, type RecordRow } from '../../db/records';
import { badInput } from '../../errors';
import { auditColumns } from './audit-columns';
import { isUnpaid } from './fix-invoice';
import type { Trx } from './operations';

/** Voids an unpaid invoice (`fix:<check>`), with the reason in its audit entry. */
export async function voidInvoice(
  trx: Trx,
  actor: Actor,
  before: RecordRow<'invoices'>,
  check: InvoiceFixCheck,
  reason: string,
): Promise<RecordRow<'invoices'>> {
  if (!isUnpaid(before.status)) {
    throw badInput(
      'body.iid',
      'transition',
      before.status === 'paid'
        ? `Invoice ${before.number} is paid: a paid invoice is never voided. Issue a credit note or refund instead.`
        : `Invoice ${before.number} is ${before.status}: only a draft or issued invoice can be voided.`,
    );
  }
  return updateRecord(
    trx,
    actor,
    'invoices',
    before,
    { status: 'void' },
    {
      action: `fix:${check}`,
      view: auditColumns('status', 'version'),
      reason: `Fix "${invoiceFixCheckInfo[check].title}": voided. ${reason}`,
    },
  );
}
